import crypto from "node:crypto";
import { z } from "zod";
import type { ProviderProtocol, ReadResult, SeamlessAnswer, SeamlessCall, SeamlessStatus } from "~/domain/wallet/seamless-port";
import { safeEqual } from "~/utils/tokens.server";

/**
 * The JILI-style single-call protocol (GAME_PROVIDERS `"protocol": "jili"`), shaped after how JILI and
 * PG Soft style vendors talk to a seamless wallet: one call per spin carrying the stake and what the
 * spin paid. Our own description of the format:
 *
 * Transport. `POST /api/seamless/{provider}/{auth|bet|cancelBet}`. The body is either JSON (an object)
 * or, when Content-Type is `application/x-www-form-urlencoded`, form fields (a field given twice is
 * refused). Header `X-Jili-Signature: hex(HMAC-SHA256(provider secret, raw body bytes))`, 64 hex digits.
 * Unknown fields are ignored. In JSON, ids and amounts may be strings or bare numbers: a bare number is
 * read as the exact text it was written in, never through a float.
 *
 * Fields. `reqId` (1–100 printable ASCII characters, the request's id: sent again, it gets the first
 * answer), `timestamp` (Unix seconds; refused outside the wallet's window), `token`, `userId` (the
 * username the wallet gave), `currency` ("PHP"), `game` (game code), `round` (the spin's id and the
 * bet's transaction id: one bet per round; letters, digits and `_ . : -`, at most 90), `betAmount` and
 * `winloseAmount` (decimal pesos: digits with at most 2 decimals, e.g. `20`, `20.5`, `20.50`; no sign,
 * no exponent, at most 13 integer digits; converted to integer centavos exactly). `winloseAmount` is
 * what the spin pays back (0 for a losing spin), so the balance moves by winloseAmount − betAmount.
 *
 * Actions, onto the canonical calls (docs/providers.md):
 *   - `auth` with `reqId, timestamp, token` and no `userId`: the game's first call, with the launch
 *     token from the game URL → canonical `authenticate`; the answer's `token` is the session token
 *     for every later call.
 *   - `auth` with `userId` (and `currency`, `game`): a balance check on the session token → `balance`.
 *   - `bet` with `…, userId, currency, game, round, betAmount, winloseAmount` → `betwin`, one atomic
 *     posting: refused whole (not enough balance) or done whole.
 *   - `cancelBet` with `…, userId, currency, game, round, betAmount` → `rollback` of that round's bet
 *     (its transaction id is `<round>#cancel`); a cancel of a bet never seen is recorded, so the late
 *     bet is then refused.
 *
 * Answer, always HTTP 200 and JSON: `{errorCode, message, reqId, username, currency, balance, txId,
 * token, game}`, the last five only when known; `balance` is a decimal pesos number with two decimals
 * written from the centavos (e.g. `1234.50`). errorCode by canonical status: see ERROR_CODES.
 */

export const SIGNATURE_HEADER = "x-jili-signature";

/** errorCode and message of each canonical status. */
export const ERROR_CODES: Record<SeamlessStatus, { code: number; message: string }> = {
  RS_OK: { code: 0, message: "Success" },
  RS_ERROR_INVALID_SIGNATURE: { code: 1, message: "Invalid signature or stale request" },
  RS_ERROR_NOT_ENOUGH_MONEY: { code: 2, message: "Not enough balance" },
  RS_ERROR_INVALID_TOKEN: { code: 4, message: "Token invalid" },
  RS_ERROR_TOKEN_EXPIRED: { code: 4, message: "Token expired" },
  RS_ERROR_UNKNOWN: { code: 5, message: "Other error" },
  RS_ERROR_DUPLICATE_TRANSACTION: { code: 6, message: "Duplicate transaction" },
  RS_ERROR_TRANSACTION_DOES_NOT_EXIST: { code: 7, message: "Transaction not found" },
  RS_ERROR_USER_DISABLED: { code: 8, message: "User disabled" },
  RS_ERROR_LIMIT_REACHED: { code: 9, message: "Bet limit reached" },
  RS_ERROR_WRONG_CURRENCY: { code: 10, message: "Wrong currency" },
};

const MAX_PESO_DIGITS = 13;
const PESOS = new RegExp(`^(0|[1-9]\\d{0,${MAX_PESO_DIGITS - 1}})(?:\\.(\\d{1,2}))?$`);
const JSON_NUMBER = /^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?$/;

/** Decimal pesos text to centavos, exactly; null for a sign, an exponent, more than 2 decimals or anything else. */
export function pesosToCentavos(text: string): bigint | null {
  const m = PESOS.exec(text);
  if (!m) return null;
  return BigInt(m[1]!) * 100n + BigInt((m[2] ?? "0").padEnd(2, "0"));
}

/** Centavos as decimal pesos with two decimals, from the integer alone. */
export function centavosToPesos(centavos: bigint): string {
  const sign = centavos < 0n ? "-" : "";
  const abs = centavos < 0n ? -centavos : centavos;
  return `${sign}${abs / 100n}.${(abs % 100n).toString().padStart(2, "0")}`;
}

/**
 * Rewrites every bare JSON number outside strings as a string of its exact text, so that amounts
 * and long numeric ids never pass through a float. Throws on a token that is not a JSON number.
 */
function quoteNumbers(text: string): string {
  let out = "";
  let i = 0;
  while (i < text.length) {
    const c = text[i]!;
    if (c === '"') {
      let j = i + 1;
      while (j < text.length && text[j] !== '"') j += text[j] === "\\" ? 2 : 1;
      out += text.slice(i, j + 1);
      i = j + 1;
    } else if (c === "-" || (c >= "0" && c <= "9")) {
      let j = i + 1;
      while (j < text.length && /[0-9eE.+-]/.test(text[j]!)) j++;
      const token = text.slice(i, j);
      if (!JSON_NUMBER.test(token)) throw new SyntaxError(`not a number: ${token}`);
      out += JSON.stringify(token);
      i = j;
    } else {
      out += c;
      i++;
    }
  }
  return out;
}

function parseBody(rawBody: string, contentType: string | null): Record<string, unknown> | null {
  if (contentType && /^application\/x-www-form-urlencoded\b/i.test(contentType)) {
    const fields: Record<string, string> = {};
    for (const [k, v] of new URLSearchParams(rawBody)) {
      if (Object.hasOwn(fields, k)) return null;
      fields[k] = v;
    }
    return fields;
  }
  try {
    const raw: unknown = JSON.parse(quoteNumbers(rawBody));
    return raw && typeof raw === "object" && !Array.isArray(raw) ? (raw as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

const id = (max: number) =>
  z
    .string()
    .min(1)
    .max(max)
    .regex(/^[\x21-\x7e]+$/);
const pesos = z.string().transform((s, ctx) => {
  const c = pesosToCentavos(s);
  if (c === null) {
    ctx.addIssue({ code: "custom", message: "decimal pesos with at most 2 decimals" });
    return z.NEVER;
  }
  return c;
});
const unixSeconds = z
  .string()
  .regex(/^\d{1,11}$/)
  .transform(Number);

const common = { reqId: id(100), timestamp: unixSeconds };
const session = {
  ...common,
  token: id(200),
  userId: id(64),
  currency: z.string().regex(/^[A-Z]{3}$/),
  game: id(64),
};
// No '#': the cancel's own transaction id is `<round>#cancel`, and the wallet names a bet's win part `<id>#win`.
const round = z.string().regex(/^[A-Za-z0-9_.:-]{1,90}$/);
const bodies = {
  exchange: z.object({ ...common, token: id(200) }),
  balance: z.object(session),
  bet: z.object({ ...session, round, betAmount: pesos, winloseAmount: pesos }),
  cancelBet: z.object({ ...session, round, betAmount: pesos }),
};

export function sign(secret: string, rawBody: string): string {
  return crypto.createHmac("sha256", secret).update(rawBody).digest("hex");
}

function reqIdOf(raw: Record<string, unknown> | null): string | null {
  const v = raw?.reqId;
  return typeof v === "string" && v.length <= 100 ? v : null;
}

function toCall(action: string, raw: Record<string, unknown>): SeamlessCall | null {
  if (action === "auth" && raw.userId === undefined) {
    const b = bodies.exchange.safeParse(raw);
    if (!b.success) return null;
    return { action: "authenticate", requestUuid: b.data.reqId, timestamp: b.data.timestamp, launchToken: b.data.token };
  }
  const schema =
    action === "auth" ? bodies.balance : action === "bet" ? bodies.bet : action === "cancelBet" ? bodies.cancelBet : null;
  const b = schema?.safeParse(raw);
  if (!b?.success) return null;
  const s = {
    requestUuid: b.data.reqId,
    timestamp: b.data.timestamp,
    token: b.data.token,
    user: b.data.userId,
    currency: b.data.currency,
    gameCode: b.data.game,
  };
  if (action === "auth") return { ...s, action: "balance" };
  const d = b.data as z.output<typeof bodies.bet>;
  const money = { ...s, round: d.round, roundClosed: true, amount: d.betAmount };
  if (action === "bet") return { ...money, action: "betwin", transactionUuid: d.round, winAmount: d.winloseAmount };
  return { ...money, action: "rollback", transactionUuid: `${d.round}#cancel`, referenceTransactionUuid: d.round };
}

export const jiliProtocol: ProviderProtocol = {
  read(action, rawBody, header, secret): ReadResult {
    const raw = parseBody(rawBody, header("content-type"));
    const requestUuid = reqIdOf(raw);
    const signature = header(SIGNATURE_HEADER) ?? "";
    if (!/^[0-9a-f]{64}$/i.test(signature) || !safeEqual(signature.toLowerCase(), sign(secret, rawBody))) {
      return { ok: false, answer: { status: "RS_ERROR_INVALID_SIGNATURE", requestUuid } };
    }
    const call = raw ? toCall(action, raw) : null;
    return call ? { ok: true, call } : { ok: false, answer: { status: "RS_ERROR_UNKNOWN", requestUuid } };
  },

  write(answer: SeamlessAnswer) {
    const { code, message } = ERROR_CODES[answer.status];
    // Each value is JSON text; the balance is a JSON number written from the centavos' digits, never a float.
    const fields: [string, string][] = [
      ["errorCode", String(code)],
      ["message", JSON.stringify(message)],
      ["reqId", JSON.stringify(answer.requestUuid)],
    ];
    if (answer.user !== undefined) fields.push(["username", JSON.stringify(answer.user)]);
    if (answer.currency !== undefined) fields.push(["currency", JSON.stringify(answer.currency)]);
    if (answer.balance !== undefined) fields.push(["balance", centavosToPesos(answer.balance)]);
    if (answer.walletTransactionId !== undefined) fields.push(["txId", JSON.stringify(answer.walletTransactionId)]);
    if (answer.token !== undefined) fields.push(["token", JSON.stringify(answer.token)]);
    if (answer.gameCode !== undefined) fields.push(["game", JSON.stringify(answer.gameCode)]);
    return { status: 200, body: `{${fields.map(([k, v]) => `${JSON.stringify(k)}:${v}`).join(",")}}` };
  },
};
