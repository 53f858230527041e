import type { Brand } from "~/brand/schema";

/**
 * The accounts' ports: what the domain needs from the outside world (mail, SMS,
 * Firebase ID-token checks), as types it owns. The adapters in app/integrations/
 * implement them and app/services.server.ts picks one of each from the environment.
 */

export type DeliveryChannel = "email" | "sms";

/**
 * A message could not be handed to the mail server or SMS gateway. Callers show
 * "try again later" instead of a crash page, and flows that store something for
 * the message (a verification code) undo it when they see this.
 */
export class DeliveryError extends Error {
  /** HTTP status of the SMS gateway's answer, when it answered at all. */
  readonly status: number | undefined;

  constructor(
    readonly channel: DeliveryChannel,
    message: string,
    options: { cause?: unknown; status?: number } = {},
  ) {
    super(message, { cause: options.cause });
    this.name = "DeliveryError";
    this.status = options.status;
  }
}

/** By name, not instanceof: the providers are built outside the app build that the routes run from (see isFirebaseTokenError). */
export function isDeliveryError(err: unknown): err is DeliveryError {
  return err instanceof Error && err.name === "DeliveryError" && "channel" in err;
}

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface Mailer {
  send(brand: Brand, msg: MailMessage): Promise<void>;
}

export interface SmsMessage {
  to: string;
  text: string;
}

export interface SmsProvider {
  send(brand: Brand, msg: SmsMessage): Promise<void>;
}

export type FirebaseTokenErrorReason =
  | "malformed"
  | "too-long"
  | "unsupported-alg"
  | "unknown-kid"
  | "bad-signature"
  | "wrong-audience"
  | "wrong-issuer"
  | "expired"
  | "issued-in-future"
  | "bad-subject"
  | "bad-claims"
  /** The key set could not be fetched: the token may be fine, try again later (a 503, not a 401). */
  | "keys-unavailable";

/**
 * The services are built once by server/app.ts while the routes run from the
 * app build, so the same class can exist twice: recognise it by name, not instanceof.
 */
export function isFirebaseTokenError(err: unknown): err is FirebaseTokenError {
  return err instanceof Error && err.name === "FirebaseTokenError" && "reason" in err;
}

export class FirebaseTokenError extends Error {
  override readonly name = "FirebaseTokenError";
  constructor(readonly reason: FirebaseTokenErrorReason) {
    super(`Firebase ID token rejected: ${reason}`);
  }
}

export interface FirebaseIdentity {
  uid: string;
  email?: string;
  emailVerified: boolean;
  phoneNumber?: string;
  name?: string;
  /** firebase.sign_in_provider: google.com, facebook.com, phone, … */
  provider: string;
}

export interface FirebaseVerifier {
  verify(idToken: string, projectId: string): Promise<FirebaseIdentity>;
}
