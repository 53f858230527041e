import crypto from "node:crypto";
import { z } from "zod";
import type { ProviderProtocol, ReadResult, SeamlessAnswer, SeamlessCall } from "~/domain/wallet/seamless-port";
import { safeEqual } from "~/utils/tokens.server";

/**
 * The canonical seamless-wallet protocol (docs/providers.md): a JSON body per call, signed with
 * `X-Signature: hex(HMAC-SHA256(secret, raw body))`, answered with
 * `{status, request_uuid, user, currency, balance}` (HTTP 200 whatever the status).
 */

const id = (max: number) =>
  z
    .string()
    .min(1)
    .max(max)
    .regex(/^[\x21-\x7e]+$/, "printable ASCII without spaces");
/** Integer centavos; a fraction, a negative, a string or anything beyond a trillion pesos is refused. */
const centavos = z.number().int().min(0).max(100_000_000_000_000);

const common = { request_uuid: id(100), timestamp: z.number().int().min(0).max(1e11) };
const session = {
  ...common,
  token: id(200),
  user: id(64),
  currency: z.string().regex(/^[A-Z]{3}$/),
  game_code: id(64),
};
const money = {
  ...session,
  round: id(100),
  round_closed: z.boolean().default(false),
  transaction_uuid: id(100),
  amount: centavos,
};

const bodies = {
  authenticate: z.object({ ...common, token: id(200) }),
  balance: z.object(session),
  bet: z.object(money),
  win: z.object({ ...money, reference_transaction_uuid: id(100).nullish() }),
  rollback: z.object({ ...money, reference_transaction_uuid: id(100) }),
};
type Action = keyof typeof bodies;

export function sign(secret: string, rawBody: string): string {
  return crypto.createHmac("sha256", secret).update(rawBody).digest("hex");
}

function requestUuidOf(raw: unknown): string | null {
  const v = raw && typeof raw === "object" ? (raw as Record<string, unknown>).request_uuid : undefined;
  return typeof v === "string" && v.length <= 100 ? v : null;
}

export const canonicalProtocol: ProviderProtocol = {
  read(action, rawBody, header, secret): ReadResult {
    let raw: unknown;
    try {
      raw = JSON.parse(rawBody);
    } catch {
      raw = undefined;
    }
    const requestUuid = requestUuidOf(raw);
    const signature = header("x-signature") ?? "";
    if (!/^[0-9a-f]{64}$/i.test(signature) || !safeEqual(signature.toLowerCase(), sign(secret, rawBody))) {
      return { ok: false, answer: { status: "RS_ERROR_INVALID_SIGNATURE", requestUuid } };
    }
    if (!Object.hasOwn(bodies, action)) return { ok: false, answer: { status: "RS_ERROR_UNKNOWN", requestUuid } };
    const parsed = bodies[action as Action].safeParse(raw);
    if (!parsed.success) return { ok: false, answer: { status: "RS_ERROR_UNKNOWN", requestUuid } };
    const b = parsed.data as z.output<(typeof bodies)["rollback"]> & z.output<(typeof bodies)["authenticate"]>;
    const base = { requestUuid: b.request_uuid, timestamp: b.timestamp };
    let call: SeamlessCall;
    if (action === "authenticate") call = { ...base, action, launchToken: b.token };
    else {
      const s = { ...base, token: b.token, user: b.user, currency: b.currency, gameCode: b.game_code };
      if (action === "balance") call = { ...s, action };
      else {
        const m = {
          ...s,
          round: b.round,
          roundClosed: b.round_closed,
          transactionUuid: b.transaction_uuid,
          amount: BigInt(b.amount),
        };
        if (action === "bet") call = { ...m, action };
        else if (action === "win") call = { ...m, action, referenceTransactionUuid: b.reference_transaction_uuid ?? null };
        else call = { ...m, action: "rollback", referenceTransactionUuid: b.reference_transaction_uuid };
      }
    }
    return { ok: true, call };
  },

  write(answer: SeamlessAnswer) {
    const body: Record<string, unknown> = { status: answer.status, request_uuid: answer.requestUuid };
    if (answer.user !== undefined) body.user = answer.user;
    if (answer.currency !== undefined) body.currency = answer.currency;
    if (answer.balance !== undefined) body.balance = Number(answer.balance);
    if (answer.token !== undefined) body.token = answer.token;
    if (answer.gameCode !== undefined) body.game_code = answer.gameCode;
    if (answer.walletTransactionId !== undefined) body.wallet_transaction_id = answer.walletTransactionId;
    return { status: 200, body: JSON.stringify(body) };
  },
};
