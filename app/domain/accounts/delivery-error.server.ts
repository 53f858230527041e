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

/** By name, not instanceof: the providers are built outside the app build that the routes run from (see firebase-token.server.ts). */
export function isDeliveryError(err: unknown): err is DeliveryError {
  return err instanceof Error && err.name === "DeliveryError" && "channel" in err;
}
