import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { handleSeamlessCall } from "~/domain/wallet/seamless.server";
import type { SeamlessAnswer } from "~/domain/wallet/seamless-port";
import { requireBrand } from "~/web/guards.server";

/**
 * The seamless-wallet API a game provider calls (docs/providers.md):
 * POST /api/seamless/{provider}/{authenticate|balance|bet|win|rollback}. No session and no CSRF
 * token: the provider proves itself by its signature over the exact bytes received, in the way
 * its protocol says. Every answer is the protocol's JSON; nothing here names a secret.
 */

const MAX_BODY_BYTES = 16 * 1024;
const noStore = { "Cache-Control": "no-store" };

export function loader({ context }: LoaderFunctionArgs) {
  requireBrand(context);
  return Response.json({ error: "method_not_allowed" }, { status: 405, headers: { ...noStore, Allow: "POST" } });
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const { brand, db, services } = requireBrand(context);
  if (request.method !== "POST")
    return Response.json({ error: "method_not_allowed" }, { status: 405, headers: { ...noStore, Allow: "POST" } });
  const provider = services.providers.byCode(params.provider ?? "");
  if (!provider) return Response.json({ error: "unknown_provider" }, { status: 404, headers: noStore });
  const send = (answer: SeamlessAnswer) => {
    const out = provider.protocol.write(answer);
    return new Response(out.body, { status: out.status, headers: { ...noStore, "Content-Type": "application/json" } });
  };
  if (Number(request.headers.get("content-length") ?? "0") > MAX_BODY_BYTES)
    return send({ status: "RS_ERROR_UNKNOWN", requestUuid: null });
  const rawBody = await request.text();
  if (Buffer.byteLength(rawBody, "utf8") > MAX_BODY_BYTES) return send({ status: "RS_ERROR_UNKNOWN", requestUuid: null });

  const read = provider.protocol.read(params.action ?? "", rawBody, (name) => request.headers.get(name), provider.secret);
  if (!read.ok) return send(read.answer);
  return send(await handleSeamlessCall(db, brand, provider.code, read.call));
}
