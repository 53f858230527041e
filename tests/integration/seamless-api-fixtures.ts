/** What the seamless-wallet API's tests share: a database and a served app per test file, signing clients, book-keeping checks. */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect } from "vitest";
import type { BrandRegistry } from "../../app/brand/registry.server";
import type { Database } from "../../app/db/client.server";
import { seamlessCalls } from "../../app/db/schema";
import { getBalance } from "../../app/domain/wallet/balances.server";
import { verifyLedger } from "../../app/domain/wallet/verify.server";
import { inHouseSecret } from "../../app/integrations/providers/index.server";
import { TEST_COOKIE_SECRET } from "../setup/http";
import { booksOf, httpTransport, liveSession, SeamlessClient, type LiveSession } from "../setup/seamless-client";
import { servedApp } from "../setup/test-server";

export const JILI_SECRET = "jili-test-seamless-secret-0123456789abcdef";
const JILI_SECRET_ENV = "SEAMLESS_API_TEST_JILI_SECRET";

export let database: Database;
export let registry: BrandRegistry;
export let port: number;
export let bgs: SeamlessClient;
export let jili: SeamlessClient;
export let perlasBgs: SeamlessClient;
export const bgsSecret = inHouseSecret(TEST_COOKIE_SECRET);

/** The file's own database, the project brands and the app served on them (servedApp), with a signing client per provider. */
export function setUpSeamlessApi() {
  // The providers' registry reads a vendor's secret from the environment variable its configuration names.
  beforeAll(() => {
    process.env[JILI_SECRET_ENV] = JILI_SECRET;
  });
  afterAll(() => {
    delete process.env[JILI_SECRET_ENV];
  });
  const app = servedApp({
    env: {
      GAME_PROVIDERS: JSON.stringify({
        JILI: { protocol: "canonical", gameUrl: "https://jili.example.test/launch", secretEnv: JILI_SECRET_ENV },
      }),
    },
  });
  beforeAll(() => {
    ({ database, registry, port } = app);
    bgs = new SeamlessClient(httpTransport(port, lucky().hosts[0]!, "BGS"), bgsSecret);
    jili = new SeamlessClient(httpTransport(port, lucky().hosts[0]!, "JILI"), JILI_SECRET);
    perlasBgs = new SeamlessClient(httpTransport(port, perlas().hosts[0]!, "BGS"), bgsSecret);
  });
}

export const lucky = () => registry.byId.get("lucky-peso")!;
export const perlas = () => registry.byId.get("perlas-play")!;
export const session = (opts: { cash?: bigint; trial?: boolean } = {}) =>
  liveSession(database.db, lucky(), bgs, { prefix: "swa", ...opts });
export const cash = (s: LiveSession) => getBalance(database.db, lucky(), s.memberId, "cash");
export const books = () => booksOf(database.db, lucky());
/** How many answers the wallet keeps for a request_uuid of the brand. */
export const calls = async (requestUuid: string) =>
  (await database.db.select().from(seamlessCalls).where(eq(seamlessCalls.requestUuid, requestUuid))).length;

/**
 * Runs `calls` and proves the books of both brands did not move. A refused bet is kept (so that its
 * replay stays refused): `refusedBets` is how many of them the calls leave, and nothing else may change.
 */
export async function movesNothing(calls: () => Promise<void>, refusedBets = 0) {
  const both = async () => [await books(), await booksOf(database.db, perlas())];
  const before = await both();
  await calls();
  const after = await both();
  expect(Number(after[0]!.seamless_transactions) - Number(before[0]!.seamless_transactions)).toBe(refusedBets);
  after[0]!.seamless_transactions = before[0]!.seamless_transactions;
  expect(after).toEqual(before);
}

export async function expectExact() {
  for (const brand of [lucky(), perlas()]) expect((await verifyLedger(database.db, brand.merchantCode)).problems).toEqual([]);
}
