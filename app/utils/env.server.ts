import crypto from "node:crypto";
import fs from "node:fs";
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
  /** The built app (`remix vite:build` writes ./build); a server may serve another build from the same checkout. */
  BUILD_DIR: z.string().min(1).default("./build"),
  /** Static files served as they are, brand logos among them (brand:new writes there after a build). */
  PUBLIC_DIR: z.string().min(1).default("./public"),
  LOG_LEVEL: z.enum(["debug", "info", "warn", "error", "silent"]).default("info"),
  /**
   * How much V8's old generation may grow past what survived the last full collection before the next
   * one, in percent (ADR 0030); 0 leaves it to V8, which lets it grow up to four times.
   */
  HEAP_GROWING_PERCENT: z.coerce.number().int().min(0).max(300).default(50),
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
  /**
   * Signs cookies the server must be able to trust (toasts). Unset: one is generated on first use and kept in
   * DATA_DIR/cookie-secret; every app process behind one load balancer needs the same value.
   */
  COOKIE_SECRET: z
    .string()
    .min(32, "must be at least 32 characters")
    .optional()
    .or(z.literal("").transform(() => undefined)),
  /** Vendors connected to their real game servers (JSON, docs/providers.md); the others play on the in-house server. */
  GAME_PROVIDERS: z.string().optional(),
  /** The in-house game server's seamless-wallet secret; unset: derived from the cookie secret. */
  BGS_SEAMLESS_SECRET: z
    .string()
    .min(32, "must be at least 32 characters")
    .optional()
    .or(z.literal("").transform(() => undefined)),
  /** Where Firebase ID tokens' signing keys are fetched from (JWK set). */
  FIREBASE_JWKS_URL: z
    .url({ protocol: /^https?$/ })
    .default("https://www.googleapis.com/service_accounts/v1/jwk/securetoken@system.gserviceaccount.com"),
});

export type Env = Omit<z.output<typeof envSchema>, "COOKIE_SECRET"> & {
  dataDir: string;
  production: boolean;
  secureCookies: boolean;
  /** COOKIE_SECRET, or the one kept in DATA_DIR; read on first use, so parsing the environment (CLIs, tests) never writes there. */
  readonly cookieSecret: string;
};

const SECRET_FILE = "cookie-secret";

function readSecret(file: string): string {
  const secret = fs.readFileSync(file, "utf8").trim();
  if (secret.length < 32)
    throw new Error(`${file} holds no usable secret (at least 32 characters); delete it to have a new one made`);
  return secret;
}

/**
 * The secret kept in `dataDir`, made on the first call. Written to a file of
 * its own and linked into place, so two processes starting at once agree on
 * one secret and neither reads a half-written file.
 */
export function persistedCookieSecret(dataDir: string): string {
  const file = path.join(dataDir, SECRET_FILE);
  try {
    return readSecret(file);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== "ENOENT") throw err;
  }
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const draft = `${file}.${process.pid}.${crypto.randomBytes(6).toString("hex")}`;
  fs.writeFileSync(draft, crypto.randomBytes(32).toString("base64url"), { mode: 0o600 });
  try {
    fs.linkSync(draft, file);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
  } finally {
    fs.unlinkSync(draft);
  }
  return readSecret(file);
}

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
  const dataDir = path.resolve(env.DATA_DIR);
  const { COOKIE_SECRET: given, ...rest } = env;
  let secret = given;
  // Not enumerable: copying the environment does not make the file, nor does printing it show the secret.
  return Object.defineProperty({ ...rest, dataDir, production, secureCookies } as Env, "cookieSecret", {
    get: () => (secret ??= persistedCookieSecret(dataDir)),
    enumerable: false,
  });
}
