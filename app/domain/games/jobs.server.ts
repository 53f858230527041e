import type { Brand } from "~/brand/schema";
import type { Db } from "~/db/client.server";
import { withJobLease } from "~/domain/payments/reconcile.server";
import type { WalletApi } from "./ports";
import { runDueDraws } from "./lottery-settlement.server";
import { finishUnsettledRounds } from "./rounds.server";

/** How long one run may hold a brand's lease before another process may take over. */
const GAMES_LEASE_MS = 2 * 60 * 1000;

export interface GamesRun {
  brand: Brand;
  ran: boolean;
  /** Rounds whose unanswered bet was rolled back or whose unanswered win was paid. */
  finished: number;
  /** Lottery draws drawn, and draws whose every ticket is settled. */
  draws: { drawn: number; settled: number };
}

/**
 * The in-house game server's background work, per brand under a lease (several processes may run
 * it): rounds left unsettled by a lost wallet call or a dead process are finished, and the lottery
 * draws that are due are drawn and their tickets paid.
 */
export async function runGameJobs(
  db: Db,
  brands: Brand[],
  walletFor: (brand: Brand) => WalletApi,
  holder: string,
  now: () => Date = () => new Date(),
): Promise<GamesRun[]> {
  const out: GamesRun[] = [];
  for (const brand of brands) {
    const wallet = walletFor(brand);
    const run = await withJobLease(db, `games:${brand.merchantCode}`, holder, GAMES_LEASE_MS, async () => ({
      finished: await finishUnsettledRounds(db, brand, wallet, now()),
      draws: await runDueDraws(db, brand, wallet, now()),
    }));
    out.push(run.ran ? { brand, ran: true, ...run.result } : { brand, ran: false, finished: 0, draws: { drawn: 0, settled: 0 } });
  }
  return out;
}
