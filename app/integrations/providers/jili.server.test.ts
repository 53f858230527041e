import crypto from "node:crypto";
import { describe, expect, it } from "vitest";
import { SEAMLESS_STATUSES, type SeamlessAnswer } from "~/domain/wallet/seamless-port";
import { centavosToPesos, ERROR_CODES, jiliProtocol, pesosToCentavos } from "./jili.server";

const SECRET = "jili-unit-secret-0123456789abcdef";
const hmac = (secret: string, body: string) => crypto.createHmac("sha256", secret).update(body).digest("hex");

function read(action: string, rawBody: string, opts: { signature?: string | null; contentType?: string } = {}) {
  const headers: Record<string, string> = { "content-type": opts.contentType ?? "application/json" };
  const signature = opts.signature === undefined ? hmac(SECRET, rawBody) : opts.signature;
  if (signature !== null) headers["x-jili-signature"] = signature;
  return jiliProtocol.read(action, rawBody, (name) => headers[name.toLowerCase()] ?? null, SECRET);
}

const session = { reqId: "r-1", timestamp: 1_700_000_000, token: "sess-tok", userId: "juan88", currency: "PHP", game: "JILI_1" };
const json = (fields: Record<string, unknown>) => JSON.stringify(fields);

describe("amounts", () => {
  it("converts decimal pesos to centavos exactly", () => {
    expect(pesosToCentavos("0")).toBe(0n);
    expect(pesosToCentavos("0.00")).toBe(0n);
    expect(pesosToCentavos("20")).toBe(2000n);
    expect(pesosToCentavos("20.5")).toBe(2050n);
    expect(pesosToCentavos("20.05")).toBe(2005n);
    expect(pesosToCentavos("0.01")).toBe(1n);
    expect(pesosToCentavos("9999999999999.99")).toBe(999999999999999n);
  });

  it("refuses signs, exponents, extra decimals, leading zeros and other text", () => {
    for (const bad of [
      "-1",
      "+1",
      "1e3",
      "1E2",
      "1.234",
      "1.",
      ".5",
      "01",
      "",
      " 1",
      "1 ",
      "١",
      "Infinity",
      "NaN",
      "0x10",
      "1,5",
    ])
      expect(pesosToCentavos(bad), bad).toBeNull();
    expect(pesosToCentavos("10000000000000")).toBeNull();
  });

  it("writes centavos as pesos with two decimals", () => {
    expect(centavosToPesos(0n)).toBe("0.00");
    expect(centavosToPesos(5n)).toBe("0.05");
    expect(centavosToPesos(123450n)).toBe("1234.50");
    expect(centavosToPesos(90071992547409931n)).toBe("900719925474099.31");
  });
});

describe("read", () => {
  it("maps auth without userId onto the launch token exchange", () => {
    expect(read("auth", json({ reqId: "a-1", timestamp: 1_700_000_000, token: "launch-tok" }))).toEqual({
      ok: true,
      call: { action: "authenticate", requestUuid: "a-1", timestamp: 1_700_000_000, launchToken: "launch-tok" },
    });
  });

  it("maps auth with userId onto a balance call of the session", () => {
    expect(read("auth", json(session))).toEqual({
      ok: true,
      call: {
        action: "balance",
        requestUuid: "r-1",
        timestamp: 1_700_000_000,
        token: "sess-tok",
        user: "juan88",
        currency: "PHP",
        gameCode: "JILI_1",
      },
    });
  });

  it("maps bet onto one bet+settle posting with the round as its transaction id", () => {
    const r = read("bet", json({ ...session, round: "9001", betAmount: "20.50", winloseAmount: "5" }));
    expect(r).toEqual({
      ok: true,
      call: {
        action: "betwin",
        requestUuid: "r-1",
        timestamp: 1_700_000_000,
        token: "sess-tok",
        user: "juan88",
        currency: "PHP",
        gameCode: "JILI_1",
        round: "9001",
        roundClosed: true,
        transactionUuid: "9001",
        amount: 2050n,
        winAmount: 500n,
      },
    });
  });

  it("reads bare JSON numbers from their exact text, never through a float", () => {
    const raw = `{"reqId":"r-2","timestamp":1700000000,"token":"t","userId":"u","currency":"PHP","game":"g","round":123456789012345678901,"betAmount":0.29,"winloseAmount":1234567890123.45}`;
    const r = read("bet", raw);
    expect(r.ok && r.call.action === "betwin" && [r.call.round, r.call.amount, r.call.winAmount]).toEqual([
      "123456789012345678901",
      29n,
      123456789012345n,
    ]);
  });

  it("maps cancelBet onto the rollback of the round's bet", () => {
    const r = read("cancelBet", json({ ...session, round: "9001", betAmount: "20.50" }));
    expect(r.ok && r.call).toMatchObject({
      action: "rollback",
      transactionUuid: "9001#cancel",
      referenceTransactionUuid: "9001",
      round: "9001",
      amount: 2050n,
    });
  });

  it("reads form-encoded bodies, signed over the exact bytes", () => {
    const body = new URLSearchParams({
      ...session,
      timestamp: "1700000000",
      round: "R-7",
      betAmount: "1",
      winloseAmount: "0.10",
    }).toString();
    const r = read("bet", body, { contentType: "application/x-www-form-urlencoded; charset=utf-8" });
    expect(r.ok && r.call).toMatchObject({ action: "betwin", amount: 100n, winAmount: 10n, transactionUuid: "R-7" });
    expect(read("bet", `${body}&betAmount=2`, { contentType: "application/x-www-form-urlencoded" })).toEqual({
      ok: false,
      answer: { status: "RS_ERROR_UNKNOWN", requestUuid: null },
    });
  });

  it("refuses a missing, malformed or wrong signature with the request id", () => {
    const body = json(session);
    const expected = { ok: false, answer: { status: "RS_ERROR_INVALID_SIGNATURE", requestUuid: "r-1" } };
    expect(read("auth", body, { signature: null })).toEqual(expected);
    expect(read("auth", body, { signature: "zz" })).toEqual(expected);
    expect(read("auth", body, { signature: hmac("another-secret", body) })).toEqual(expected);
    expect(read("auth", body, { signature: hmac(SECRET, body + " ") })).toEqual(expected);
    // The canonical header does not count: this protocol reads its own.
    const headers: Record<string, string> = { "x-signature": hmac(SECRET, body) };
    expect(jiliProtocol.read("auth", body, (n) => headers[n] ?? null, SECRET)).toEqual(expected);
    expect(read("auth", body, { signature: hmac(SECRET, body).toUpperCase() }).ok).toBe(true);
  });

  it("refuses hostile amounts and fields with RS_ERROR_UNKNOWN", () => {
    const bet = { ...session, round: "1", betAmount: "1.00", winloseAmount: "0" };
    const bad: [string, string][] = [
      ["negative bet", json({ ...bet, betAmount: "-1" })],
      [
        "negative bare number",
        `{"reqId":"r-1","timestamp":1700000000,"token":"t","userId":"u","currency":"PHP","game":"g","round":"1","betAmount":-1,"winloseAmount":0}`,
      ],
      [
        "exponent",
        `{"reqId":"r-1","timestamp":1700000000,"token":"t","userId":"u","currency":"PHP","game":"g","round":"1","betAmount":1e3,"winloseAmount":0}`,
      ],
      ["three decimals", json({ ...bet, winloseAmount: "0.001" })],
      ["huge", json({ ...bet, betAmount: "1".repeat(40) })],
      ["boolean amount", json({ ...bet, betAmount: true })],
      ["missing win", json({ ...bet, winloseAmount: undefined })],
      ["round with #", json({ ...bet, round: "1#win" })],
      ["long round", json({ ...bet, round: "r".repeat(91) })],
      ["lower-case currency", json({ ...bet, currency: "php" })],
      ["spaces in token", json({ ...bet, token: "a b" })],
      ["fractional timestamp", json({ ...bet, timestamp: 1.5 })],
      ["malformed number", `{"reqId":"r-1","timestamp":17-00,"token":"t"}`],
      ["not json", "reqId=r-1"],
      ["array", "[]"],
    ];
    for (const [what, body] of bad) expect(read("bet", body).ok, what).toBe(false);
    expect(read("bet", json(bet)).ok).toBe(true);
    expect(read("sessionBet", json(bet))).toEqual({ ok: false, answer: { status: "RS_ERROR_UNKNOWN", requestUuid: "r-1" } });
    expect(read("cancelBet", json({ ...bet, betAmount: "1.001" })).ok).toBe(false);
  });
});

describe("write", () => {
  it("gives every canonical status its error code", () => {
    const codes = Object.fromEntries(SEAMLESS_STATUSES.map((s) => [s, ERROR_CODES[s].code]));
    expect(codes).toEqual({
      RS_OK: 0,
      RS_ERROR_INVALID_SIGNATURE: 1,
      RS_ERROR_NOT_ENOUGH_MONEY: 2,
      RS_ERROR_INVALID_TOKEN: 4,
      RS_ERROR_TOKEN_EXPIRED: 4,
      RS_ERROR_UNKNOWN: 5,
      RS_ERROR_DUPLICATE_TRANSACTION: 6,
      RS_ERROR_TRANSACTION_DOES_NOT_EXIST: 7,
      RS_ERROR_USER_DISABLED: 8,
      RS_ERROR_LIMIT_REACHED: 9,
      RS_ERROR_WRONG_CURRENCY: 10,
    });
    for (const status of SEAMLESS_STATUSES) {
      const out = jiliProtocol.write({ status, requestUuid: "r-9" });
      expect(out.status).toBe(200);
      expect(JSON.parse(out.body)).toEqual({
        errorCode: ERROR_CODES[status].code,
        message: ERROR_CODES[status].message,
        reqId: "r-9",
      });
    }
  });

  it("writes the balance as decimal pesos from the centavos, and every known field", () => {
    const answer: SeamlessAnswer = {
      status: "RS_OK",
      requestUuid: "r-1",
      user: "juan88",
      currency: "PHP",
      balance: 123405n,
      walletTransactionId: "42",
      token: "sess",
      gameCode: "JILI_1",
    };
    expect(jiliProtocol.write(answer).body).toBe(
      '{"errorCode":0,"message":"Success","reqId":"r-1","username":"juan88","currency":"PHP","balance":1234.05,"txId":"42","token":"sess","game":"JILI_1"}',
    );
    expect(jiliProtocol.write({ status: "RS_ERROR_NOT_ENOUGH_MONEY", requestUuid: null, balance: 7n }).body).toBe(
      '{"errorCode":2,"message":"Not enough balance","reqId":null,"balance":0.07}',
    );
  });
});
