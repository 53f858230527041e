import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { redirect, redirectDocument } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { Link } from "~/components/ui/link";
import { imageLoading } from "~/components/ui/image-loading";
import { GameLaunch } from "~/components/lobby/game-launch";
import { useTranslation } from "~/components/ui/i18n";
import { FavouritesContext, FavouriteButton } from "~/components/lobby/favourites";
import { GameRow } from "~/components/lobby/game-row";
import { recordGameVisit } from "~/domain/catalogue/favourites.server";
import { findGame, listGames } from "~/domain/catalogue/games.server";
import { favouriteOwner, memberFavouriteIds, vendorData, vendorsOf } from "~/web/lobby.server";
import { VendorLogo } from "~/components/category-icons";
import { formatPeso } from "~/utils/money";
import { lobbyCategoryOf } from "~/brand/categories";
import {
  findLaunchable,
  funPlayUrl,
  isLottery,
  isPlayable,
  launchGame,
  PLAY_TYPES,
  type PlayType,
} from "~/domain/catalogue/launch.server";
import { ComplianceRefusedError } from "~/domain/compliance/gates.server";
import { readForm } from "~/web/csrf.server";
import { refusalToast } from "~/web/compliance.server";
import { loginRedirect, pathOf, requireBrand, requireSession } from "~/web/guards.server";
import { setToast } from "~/web/toast.server";

/**
 * A game's page, and the door into the game: Play posts here and is sent on to the provider's game
 * URL with a fresh launch token (spec §4: a session is needed). A visitor sees the page only for a
 * game offering free play, which opens without a session; otherwise the login comes first.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const c = requireBrand(context);
  const nodeId = Number(params.nodeId);
  const valid = Number.isSafeInteger(nodeId) && nodeId > 0;
  const [game, launchable] = valid
    ? await Promise.all([findGame(c.db, c.brand, c.lng!, nodeId), findLaunchable(c.db, c.brand, nodeId)])
    : [null, null];
  if (!game || !launchable) throw redirect("/m/home");
  const back = `/m/game/${nodeId}`;
  const funUrl = funPlayUrl(c.services.providers, launchable, { language: c.lng!, lobbyUrl: back });
  if (!c.session && !funUrl) throw loginRedirect(pathOf(request));
  if (c.session) await recordGameVisit(c.db, c.brand, c.session.memberId, game.id);
  const category = lobbyCategoryOf(game.gameType, game.gameClassify);
  const [vendors, more, favIds] = await Promise.all([
    vendorData(c),
    listGames(c.db, c.brand, c.lng!, { category, vassalage: game.vassalage, pageSize: 10 }),
    memberFavouriteIds(c),
  ]);
  const vendor = vendorsOf(vendors, null, c).find((v) => v.vassalage === game.vassalage);
  const { id: _id, ...card } = game;
  return {
    game: card,
    category,
    vendorLabel: vendor?.label ?? game.vassalage,
    more: more.games.filter((g) => g.nodeId !== game.nodeId).slice(0, 9),
    favIds,
    favouriteOwner: favouriteOwner(c) !== null,
    launch: {
      signedIn: c.session !== null,
      demo: c.session?.type === 4,
      playable: isPlayable(c.services.providers, launchable),
      lottery: isLottery(launchable),
      funUrl,
      loginUrl: `/m/login?redirectTo=${encodeURIComponent(back)}`,
      inHouse: c.services.providers.forVendor(game.vassalage).inHouse,
    },
  };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const c = requireSession(request, context);
  const form = await readForm(request, context);
  const nodeId = Number(params.nodeId);
  const game = Number.isSafeInteger(nodeId) && nodeId > 0 ? await findLaunchable(c.db, c.brand, nodeId) : null;
  if (!game) throw redirect("/m/home");
  const asked = form.get("playType");
  const playType = PLAY_TYPES.find((p) => p === asked) as PlayType | undefined;
  let plan;
  try {
    plan = await launchGame(c.db, c.brand, c.services.providers, { id: c.session.memberId, type: c.session.type }, game, {
      language: c.lng!,
      lobbyUrl: `/m/game/${nodeId}`,
      playType,
    });
  } catch (err) {
    if (!(err instanceof ComplianceRefusedError)) throw err;
    // Unverified: to the verification page, as a whole document (only its own response allows the camera).
    if (err.refusal.rule === "unverified")
      throw redirectDocument("/m/verify", { headers: { "Set-Cookie": await refusalToast(context, err.refusal) } });
    throw redirect(`/m/game/${nodeId}`, { headers: { "Set-Cookie": await refusalToast(context, err.refusal) } });
  }
  if (plan.kind === "provider-page") throw redirect(`/m/provider?vassalage=${encodeURIComponent(plan.vassalage)}`);
  if (plan.kind === "unavailable") {
    throw redirect(`/m/game/${nodeId}`, {
      headers: { "Set-Cookie": await setToast(context, { kind: "fail", key: "toast.gameUnavailable" }) },
    });
  }
  // The provider's game URL: a page of the in-house server, or a configured provider's address.
  throw redirect(plan.url, 303);
}

export default function GamePage() {
  const d = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const { game } = d;
  return (
    <FavouritesContext.Provider value={{ ids: new Set(d.favIds), owner: d.favouriteOwner, returnTo: `/m/game/${d.game.nodeId}` }}>
      <article className="px-3 pt-4" data-testid="game-page">
        <div className="flex gap-4">
          <div className="relative w-36 shrink-0">
            <img
              src={game.largeIconUrl}
              alt=""
              width={240}
              height={240}
              {...imageLoading("main")}
              className="block aspect-square w-full rounded-card object-cover shadow-lg shadow-black/40 ring-1 ring-line/50"
            />
            <FavouriteButton game={game} />
          </div>
          <div className="min-w-0 flex-1">
            <h1 className="text-xl leading-tight font-black">{game.name}</h1>
            <Link
              to={`/m/provider?vassalage=${encodeURIComponent(game.vassalage)}`}
              className="mt-2 inline-flex items-center gap-2 rounded-full border border-line/70 bg-surface-2/80 py-1 pr-3 pl-1 text-xs font-semibold"
            >
              <span className="flex h-6 w-6 items-center justify-center rounded-full bg-white/90">
                <VendorLogo vassalage={game.vassalage} variant="black" width={20} height={8} when="screen" className="h-2 w-5" />
              </span>
              {d.vendorLabel}
            </Link>
            <dl className="mt-3 grid grid-cols-2 gap-x-3 gap-y-1 text-xs">
              <dt className="text-muted">{t("lobby.categoryLabel")}</dt>
              <dd className="font-semibold">{t(`category.${d.category}`)}</dd>
              {game.gameClassify && d.category !== "BINGO" ? (
                <>
                  <dt className="text-muted">{t("lobby.classifyLabel")}</dt>
                  <dd className="font-semibold">{t(`classify.${game.gameClassify}`, { defaultValue: game.gameClassify })}</dd>
                </>
              ) : null}
              <dt className="text-muted">{t("lobby.minBet")}</dt>
              <dd className="font-semibold text-primary">{formatPeso(game.minBet)}</dd>
            </dl>
            {game.isNew ? (
              <span className="mt-2 inline-block rounded-full bg-accent px-2 py-0.5 text-[10px] font-black text-on-primary">
                {t("home.newBadge")}
              </span>
            ) : null}
          </div>
        </div>
        <GameLaunch nodeId={game.nodeId} name={game.name} lobbyEntry={game.lobby} vassalage={game.vassalage} {...d.launch} />
        <GameRow
          id="game-more"
          title={t("lobby.moreFrom", { vendor: d.vendorLabel })}
          games={d.more}
          rows={1}
          moreHref={`/m/provider?vassalage=${encodeURIComponent(game.vassalage)}&category=${d.category}`}
        />
      </article>
    </FavouritesContext.Provider>
  );
}
