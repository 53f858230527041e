import type { AppLoadContext } from "@remix-run/node";
import type { WalletApi } from "~/domain/games/ports";

/**
 * The in-house game server's client of the wallet API, for this request's brand: it calls this very
 * server over the socket the request came in on, naming the brand by its own host (never the
 * request's Host, which behind a proxy may be the proxy's upstream name).
 */
export function inHouseWallet(context: AppLoadContext): WalletApi {
  return context.services.inHouseWallet(context.selfUrl, context.brand!.hosts[0]!);
}
