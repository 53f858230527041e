import path from "node:path";
import { z } from "zod";

const bool = z
  .enum(["0", "1", "true", "false", ""])
  .optional()
  .transform((v) => v === "1" || v === "true");

const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default("0.0.0.0"),
  DATA_DIR: z.string().min(1).default("./data"),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\/.+/, "must be a postgres:// or postgresql:// URL")
    .optional()
    .or(z.literal("").transform(() => undefined)),
  TRUST_PROXY: bool,
  /** Brand served for plain `localhost` and unknown hosts; development only. */
  DEFAULT_BRAND: z
    .string()
    .regex(/^[a-z][a-z0-9-]*$/)
    .default("lucky-peso"),
  BRANDS_DIR: z.string().min(1).default("./brands"),
  THEMES_DIR: z.string().min(1).default("./themes"),
  /** Static files served as they are, brand logos among them (brand:new writes there after a build). */
  PUBLIC_DIR: z.string().min(1).default("./public"),
  LOG_LEVEL: z.enum(["debug", "info", "warn", "error", "silent"]).default("info"),
  /** Seconds an in-flight request may take to finish after SIGTERM. */
  SHUTDOWN_GRACE_SECONDS: z.coerce.number().int().min(0).max(120).default(10),
  /** Cookies marked Secure (and named __Host-…). Defaults to on in production; turn off only behind plain-HTTP test setups. */
  SECURE_COOKIES: z.enum(["0", "1", "true", "false"]).optional(),
  /** smtp://user:pass@host:port or smtps://…; unset: e-mails go to the outbox table (npm run outbox). */
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\/.+/, "must be an smtp:// or smtps:// URL")
    .optional()
    .or(z.literal("").transform(() => undefined)),
  MAIL_FROM: z.string().min(3).default("no-reply@localhost"),
  /** An HTTP SMS gateway (JSON POST {to, text}); unset: SMS go to the outbox table. */
  SMS_HTTP_URL: z
    .url({ protocol: /^https?$/ })
    .optional()
    .or(z.literal("").transform(() => undefined)),
  SMS_HTTP_TOKEN: z.string().optional(),
  /** Where Firebase ID tokens' signing keys are fetched from (JWK set). */
  FIREBASE_JWKS_URL: z
    .url({ protocol: /^https?$/ })
    .default("https://www.googleapis.com/service_accounts/v1/jwk/securetoken@system.gserviceaccount.com"),
});

export type Env = z.output<typeof envSchema> & { dataDir: string; production: boolean; secureCookies: boolean };

/** Parses the environment once at boot; a bad value stops start-up with a message naming it. */
export function parseEnv(source: Record<string, string | undefined> = process.env): Env {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new Error(`Invalid environment:\n${lines.join("\n")}`);
  }
  const env = parsed.data;
  const production = env.NODE_ENV === "production";
  const secureCookies =
    env.SECURE_COOKIES === undefined ? production : env.SECURE_COOKIES === "1" || env.SECURE_COOKIES === "true";
  return { ...env, dataDir: path.resolve(env.DATA_DIR), production, secureCookies };
}
