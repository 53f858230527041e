import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { applyGatewayEvent, type EventOutcome } from "~/domain/payments/events.server";
import type { GatewayEvent, WebhookRejectedError } from "~/domain/payments/ports";
import { requireBrand } from "~/web/guards.server";

/**
 * A payment gateway's server-to-server webhook. No session and no CSRF token: the
 * gateway proves itself by its signature over the exact bytes received. The answer is
 * 2xx only once the event's effect has committed, so a gateway that hears anything else
 * sends it again; refusals name no secrets.
 */

const MAX_BODY_BYTES = 64 * 1024;

const reply = (status: number, body: Record<string, unknown>, headers: Record<string, string> = {}) =>
  Response.json(body, { status, headers: { "Cache-Control": "no-store", ...headers } });

const methodNotAllowed = () => reply(405, { error: "method_not_allowed" }, { Allow: "POST" });

export function loader({ context }: LoaderFunctionArgs) {
  requireBrand(context);
  return methodNotAllowed();
}

const ANSWERS: Record<EventOutcome, [number, Record<string, unknown>]> = {
  settled: [200, { received: true }],
  duplicate: [200, { received: true, duplicate: true }],
  ignored: [200, { received: true, ignored: true }],
  // Events about checkouts we never made are refused, not acknowledged: an acknowledgement would hide a probe.
  unknown: [404, { error: "unknown_subject" }],
  mismatch: [422, { error: "amount_mismatch" }],
};

/**
 * Recognised by its shape, not instanceof: the adapters come from the server's own module
 * graph (services.server.ts) while this route is bundled in the build, so each has its own
 * copy of the error class.
 */
function rejection(err: unknown): WebhookRejectedError["reason"] | null {
  const reason = (err as { reason?: unknown } | null)?.reason;
  return err instanceof Error && (reason === "signature" || reason === "timestamp" || reason === "malformed") ? reason : null;
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const { brand, db, services } = requireBrand(context);
  if (request.method !== "POST") return methodNotAllowed();
  const gateway = services.payments.gatewayFor(brand.merchantCode, params.gateway ?? "");
  if (!gateway) return reply(404, { error: "unknown_gateway" });
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > MAX_BODY_BYTES) return reply(413, { error: "too_large" });
  const rawBody = await request.text();
  if (Buffer.byteLength(rawBody, "utf8") > MAX_BODY_BYTES) return reply(413, { error: "too_large" });

  let event: GatewayEvent;
  try {
    event = gateway.parseWebhook(brand.merchantCode, {
      header: (name) => request.headers.get(name),
      rawBody,
      now: new Date(),
    });
  } catch (err) {
    const reason = rejection(err);
    if (!reason) throw err;
    return reason === "malformed" ? reply(400, { error: "malformed" }) : reply(401, { error: reason });
  }
  const [status, body] = ANSWERS[await applyGatewayEvent(db, brand, gateway.id, event)];
  return reply(status, body);
}
