/**
 * Remix options. vite.config.ts spreads these into the remix() plugin, which
 * keeps appDirectory, future, ignoredRouteFiles, routes and serverModuleFormat.
 * @type {import("@remix-run/dev").VitePluginConfig}
 */
export default {
  appDirectory: "app",
  serverModuleFormat: "esm",
  // Route-only server helpers sit beside their route as *.server.ts.
  ignoredRouteFiles: ["**/*.test.{ts,tsx}", "**/*.server.{ts,tsx}", "**/.*"],
  // Spec §2 home aliases: /, /m, /m/, /m/index, /m/index.html all render /m/home.
  routes(defineRoutes) {
    return defineRoutes((route) => {
      route("/", "routes/m.home.tsx", { id: "home-alias-root", index: true });
      route("/m", "routes/m.home.tsx", { id: "home-alias-m" });
      route("/m/index", "routes/m.home.tsx", { id: "home-alias-index" });
      route("/m/index.html", "routes/m.home.tsx", { id: "home-alias-index-html" });
      route("/m/register.html", "routes/m.register.tsx", { id: "register-alias-html" });
      // Spec §2 category routes: one game-centre module, configured per path in app/web/screens.ts.
      for (const path of [
        "/m/provider",
        "/m/slot-games",
        "/m/fishing-games",
        "/m/poker-games",
        "/m/sport-games",
        "/m/hot-games",
        "/m/inHouse",
        "/m/live-games",
        "/m/lott",
        "/m/elott",
        "/m/in-play",
        "/m/search-games",
        "/m/fav-games",
      ]) {
        route(path, "routes/m.gameCenter.tsx", { id: `game-centre${path.slice(2).replace(/\W/g, "-")}` });
      }
    });
  },
  future: {
    v3_fetcherPersist: true,
    v3_relativeSplatPath: true,
    v3_throwAbortReason: true,
    v3_singleFetch: true,
    v3_lazyRouteDiscovery: true,
    v3_routeConfig: false,
  },
};
