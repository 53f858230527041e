/** What the bet record, winner board, turnover and screen tests share: a database and server per test file, rounds, deposits. */
import { beforeAll, expect } from "vitest";
import type { Brand } from "../../app/brand/schema";
import { gameRounds, games } from "../../app/db/schema";
import { createMember, getMember, type Member } from "../../app/domain/accounts/members.server";
import { createDepositOrder, settlePaymentEvent } from "../../app/domain/payments/deposits.server";
import { setPaymentPassword } from "../../app/domain/payments/payment-password.server";
import { bindPayoutAccount } from "../../app/domain/payments/payout-accounts.server";
import {
  GatewayUnavailableError,
  type CheckoutRequest,
  type PaymentGateway,
  type PaymentStatus,
} from "../../app/domain/payments/ports";
import { requestWithdrawal } from "../../app/domain/payments/withdrawals.server";
import { listBetRecords, parseBetRecordFilter, type BetRecordFilter } from "../../app/domain/wallet/bet-records.server";
import { verifyMember } from "../setup/kyc";
import { domainTransport, liveSession, SeamlessClient, uid, type LiveSession } from "../setup/seamless-client";
import { servedApp, type ServedApp } from "../setup/test-server";

let app: ServedApp;
export let port: number;
const SECRET = "bet-record-test-provider-secret-0123456789";
const clients = new Map<string, SeamlessClient>();

export const lucky = () => app.registry.byId.get("lucky-peso")!;
export const perlas = () => app.registry.byId.get("perlas-play")!;
export const db = () => app.database.db;
export const registry = () => app.registry;
export const client = (brand: Brand) => {
  let c = clients.get(brand.id);
  if (!c) clients.set(brand.id, (c = new SeamlessClient(domainTransport(db(), brand, "BGS", SECRET), SECRET)));
  return c;
};

/** The catalogue games the rounds are of (game codes are unique per brand). */
const GAMES = [
  { code: "BRT_SLOT", type: "RNG", classify: "SLOT", vendor: "JILI", en: "Golden Carabao", zh: "金水牛" },
  { code: "BRT_BINGO", type: "RNG", classify: "BG", vendor: "BGS", en: "Bingo Fiesta", zh: "宾果嘉年华" },
  { code: "BRT_FISH", type: "FISH", classify: null, vendor: "FC", en: "Ocean King", zh: "海洋之王" },
  { code: "BRT_LIVE", type: "LIVE", classify: null, vendor: "EVO", en: "Speed Baccarat", zh: "极速百家乐" },
];

/** A test file's own database and server, the project brands, and the rounds' catalogue games. */
export function setUpBetRecords() {
  app = servedApp({
    seed: async ({ database, registry }) => {
      let node = 990_000;
      for (const brand of ["lucky-peso", "perlas-play"].map((id) => registry.byId.get(id)!)) {
        for (const g of GAMES) {
          await database.db.insert(games).values({
            merchantCode: brand.merchantCode,
            nodeId: ++node,
            gameId: g.code,
            gameCode: g.code,
            gameName: g.en,
            displayName: { en: g.en, zh: g.zh },
            gameType: g.type,
            vassalage: g.vendor,
            gameClassify: g.classify,
            iconUrl: "/icons/none.png",
          });
        }
      }
    },
  });
  beforeAll(() => {
    port = app.port;
  });
}

let seq = 0;
export const member = (brand = lucky(), type = 0): Promise<Member> =>
  createMember(db(), brand, { username: `betrec${process.pid % 1000}x${++seq}`, password: "goodpass12", type });

export const DAY = 24 * 60 * 60 * 1000;
const OFFSET = 8 * 60 * 60 * 1000;
/** Midnight today in Manila. */
const todayStart = () => Math.floor((Date.now() + OFFSET) / DAY) * DAY - OFFSET;
/** `daysAgo` Manila days back, `minutes` after that day's midnight. */
export const manila = (daysAgo: number, minutes = 0) => new Date(todayStart() - daysAgo * DAY + minutes * 60_000);
export const dayOf = (daysAgo: number) => new Date(todayStart() - daysAgo * DAY + OFFSET).toISOString().slice(0, 10);

/** A round as the wallet keeps it, at a chosen time (the seamless API stamps rounds with the call's time). */
export async function round(
  brand: Brand,
  memberId: number,
  o: { at: Date; game?: string; bet?: bigint; win?: bigint; demo?: boolean; closed?: boolean },
): Promise<number> {
  const [row] = await db()
    .insert(gameRounds)
    .values({
      merchantCode: brand.merchantCode,
      memberId,
      provider: "BGS",
      round: uid("r"),
      gameCode: o.game ?? "BRT_SLOT",
      demo: o.demo ?? false,
      bet: o.bet ?? 100_00n,
      win: o.win ?? 0n,
      closed: o.closed ?? true,
      startedAt: o.at,
      updatedAt: o.at,
    })
    .returning({ id: gameRounds.id });
  return row!.id;
}

export function filter(query: Record<string, string>): BetRecordFilter {
  const parsed = parseBetRecordFilter(new URLSearchParams(query), new Date());
  if (!parsed.ok) throw new Error(`refused: ${parsed.error}`);
  return parsed.filter;
}
export const list = (m: { id: number }, query: Record<string, string> = {}, brand = lucky()) =>
  listBetRecords(db(), brand, m.id, filter(query), "en");

/** The port in miniature: the deposit's checkout, settled by the test's payment event. */
class FakeGateway implements PaymentGateway {
  readonly id = "sandbox" as const;
  private n = 0;
  async createCheckout(req: CheckoutRequest) {
    const ref = `cs_brt_${++this.n}_${req.orderId}`;
    return { gatewayRef: ref, checkoutUrl: `https://gateway.test/checkout/${ref}` };
  }
  async paymentStatus(): Promise<PaymentStatus> {
    throw new GatewayUnavailableError("not asked in these tests");
  }
  parseWebhook(): never {
    throw new Error("webhooks are not parsed in these tests");
  }
}
export const gateway = new FakeGateway();
export const PIN = "135790";

/** A paid deposit through the deposit domain, as the gateway's webhook settles it. */
export async function deposit(brand: Brand, m: Member, amount: bigint) {
  const urls = { returnUrl: (id: string) => `http://x/m/deposit/${id}`, cancelUrl: (id: string) => `http://x/m/deposit/${id}` };
  // Brands ask for a verified identity before deposits (compliance.kyc.deposit).
  await verifyMember(db(), brand, m.id);
  const o = await createDepositOrder(db(), brand, gateway, m, { channel: "gcash", amount }, urls);
  const event = {
    type: "payment.paid" as const,
    eventId: `evt_${o.publicId}`,
    gatewayRef: o.gatewayRef!,
    paymentId: `pay_${o.publicId}`,
    amount,
    currency: "PHP",
  };
  expect(await settlePaymentEvent(db(), brand, "sandbox", event)).toBe("settled");
  // A replayed event adds nothing more.
  expect(await settlePaymentEvent(db(), brand, "sandbox", event)).toBe("duplicate");
}

/** A member ready to withdraw (payment password, GCash account) in a live game session. */
export async function player(brand: Brand): Promise<{ m: Member; s: LiveSession }> {
  const s = await liveSession(db(), brand, client(brand), { gameCode: "BRT_SLOT", prefix: "brto" });
  const m = (await getMember(db(), brand, s.memberId))!;
  expect(await setPaymentPassword(db(), brand, m.id, PIN)).toEqual({ ok: true });
  const bound = await bindPayoutAccount(db(), brand, m.id, {
    method: "gcash",
    accountNumber: "09171234567",
    holderName: "Juan Dela Cruz",
  });
  expect(bound.ok).toBe(true);
  return { m, s };
}
export const withdraw = (brand: Brand, m: Member, amount: bigint) =>
  requestWithdrawal(db(), brand, { id: m.id, type: 0 }, { amount, paymentPassword: PIN });
