import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import type { ShouldRevalidateFunction } from "@remix-run/react";
import { data } from "@remix-run/node";
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLocation,
  useRouteError,
  useRouteLoaderData,
} from "@remix-run/react";
import { useEffect, type ReactNode } from "react";
import { TranslationProvider } from "~/components/ui/i18n";
import { LANGUAGES } from "~/utils/languages";
import { publicBrand } from "~/brand/schema";
import { AppShell } from "~/components/app-shell";
import type { RootData } from "~/components/root-data";
import { PageIcon } from "~/components/ui/page-icon";
import { deferred } from "~/components/ui/deferred";
import { AlertIcon, CompassIcon } from "~/components/ui/icons";
import { listMarquee, listPopups } from "~/domain/content/content.server";
import { isAgent, isGuest, isRealMember } from "~/domain/accounts/member-types";
import { HOT_CATEGORY } from "~/domain/catalogue/categories";
import { requireBrand } from "~/web/guards.server";
import { vendorData } from "~/web/lobby.server";
import { memberInvite } from "~/web/invite.server";
import type { Resources } from "~/utils/i18n-resources";
import { FETCH_AFTER_LOAD } from "~/utils/fetch-after-load";
import { resourcesHref } from "~/web/locales.server";
import { errors as enErrors, status as enStatus, titles as enTitles } from "../public/locales/en/common.json";
import { titleKeyFor } from "~/components/route-titles";
import stylesheet from "~/styles/tailwind.css?url";
import { csrfCookie } from "~/web/csrf.server";
import { balanceHiddenFrom } from "~/web/balance-visibility.server";
import { formatDate } from "~/utils/dates.server";
import { primedTranslator, translatorFor } from "~/utils/translator";
import { useNonce } from "~/components/ui/nonce";
import { takeToast } from "~/web/toast.server";
import { siteCached } from "~/utils/ttl-cache.server";
import { popupsDue } from "~/web/popups.server";
import { contractPromptsDue } from "~/web/contract-prompts.server";
import { figureOptions, headerFigures } from "~/web/header-figures.server";
import { chatLaunchUrl } from "~/utils/chat-link";

/** A part only signed-in real members of brands with a reality check get (issue 16, item 6). */
const RealityCheck = deferred("reality-check", () => import("~/components/compliance/reality-check").then((m) => m.RealityCheck));

// Shown only while support has closed the site.
const StatusGate = deferred("status-gate", () => import("~/components/status-gate").then((m) => m.StatusGate));

export async function loader({ request, context }: LoaderFunctionArgs) {
  const c = requireBrand(context);
  const { brand, flags, lng, status, registry, db, session } = c;
  const { toast, clear } = await takeToast(request, context);
  const [marquee, vendors] =
    status === 0
      ? await Promise.all([
          siteCached(c, `marquee:${brand.merchantCode}:${lng}`, () => listMarquee(db, brand, lng)),
          vendorData(c),
        ])
      : [[], null];
  const guest = session ? isGuest(session.type) : false;
  // The in-house games fill the screen without the shell: the list waits for the next lobby page.
  const shell = status === 0 && !new URL(request.url).pathname.startsWith("/bgs/");
  const popups = shell ? popupsDue(request, session, context.secureCookies) : { due: false, setCookie: null };
  const [{ noticeUnread, inboxUnread, balance }, popupList, contractPrompts] = await Promise.all([
    c.headerFigures ?? headerFigures(db, brand, lng, figureOptions(c)),
    popups.due ? listPopups(db, brand, lng) : [],
    contractPromptsDue(request, c, { firstPage: popups.due, shell }),
  ]);
  // Live chat is another site: no chat backend answers here, so no unread chat count is fetched or shown.
  const chatBase = flags.CBS3 && !guest ? brand.customerService.liveChatUrl : undefined;
  const requestUrl = new URL(request.url);
  const origin = context.secureCookies ? `https://${requestUrl.host}` : requestUrl.origin;
  const chat = chatBase
    ? {
        url: chatLaunchUrl(chatBase, {
          language: LANGUAGES[lng].tag,
          backUrl: `${origin}/m/home`,
          title: brand.displayName,
          headerColor: brand.themeColor,
        }),
      }
    : null;
  const invite = await memberInvite(request, c);
  const headers = new Headers();
  if (clear) headers.append("Set-Cookie", clear);
  if (popups.setCookie) headers.append("Set-Cookie", popups.setCookie);
  if (context.csrf.fresh) headers.append("Set-Cookie", csrfCookie(context.csrf.token, context.secureCookies));
  return data(
    {
      brand: publicBrand(brand),
      themeCss: registry.themes.get(brand.theme) ?? "",
      lng,
      htmlLang: LANGUAGES[lng].tag,
      languages: brand.languages.enabled.map((id) => ({ id, label: LANGUAGES[id].label, tag: LANGUAGES[id].tag })),
      i18n: resourcesHref(lng),
      flags,
      status,
      clientIp: status === 1 ? context.clientIp : null,
      member: session
        ? {
            username: session.username,
            displayName: session.nickname ?? session.username,
            avatarUrl: session.avatarUrl,
            guest,
            realMember: isRealMember(session.type),
            agent: isAgent(session.type),
            balance: balance.toString(),
            invite,
            realityCheck:
              isRealMember(session.type) && brand.compliance.realityCheckMinutes > 0
                ? { startedAt: session.startedAt.toISOString(), everyMinutes: brand.compliance.realityCheckMinutes }
                : null,
          }
        : null,
      csrf: context.csrf.token,
      balanceHidden: balanceHiddenFrom(request.headers.get("cookie")),
      toasts: toast ? [toast] : [],
      // The side menu's categories: HOT first, then vendor sorting (spec §2).
      lobby: { categories: vendors ? [HOT_CATEGORY, ...vendors.sorting] : [] },
      marquee: marquee.map((m) => ({ id: m.id, title: m.title, date: formatDate(m.startDate, lng, "MM/DD") })),
      noticeUnread,
      inboxUnread,
      chat,
      popups: popupList,
      contractPrompts,
      year: formatDate(new Date(), lng, "YYYY"),
    } satisfies RootData,
    { headers },
  );
}

export const links: LinksFunction = () => [{ rel: "stylesheet", href: stylesheet }];

/**
 * Without a network the root keeps what it has (brand, language, member) instead of failing with the
 * page asked for: the error page then says 'No Internet' in the player's language and colours.
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({ defaultShouldRevalidate }) =>
  typeof navigator !== "undefined" && navigator.onLine === false ? false : defaultShouldRevalidate;

function Document({ lang, children, head }: { lang: string; children: ReactNode; head?: ReactNode }) {
  const nonce = useNonce();
  return (
    <html lang={lang} dir="ltr">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover" />
        <Meta />
        <Links />
        {head}
      </head>
      <body className="bg-bg text-text antialiased">
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  const d = useRouteLoaderData<typeof loader>("root") as RootData;
  const nonce = useNonce();
  const i18n = translatorOf(d.lng);
  const location = useLocation();
  // A language the browser has no translations for (not met in practice: a language change reloads the page).
  useEffect(() => {
    if (!primedTranslator(d.lng)) window.location.reload();
  }, [d.lng]);
  return (
    <TranslationProvider translator={i18n}>
      <Document
        lang={d.htmlLang}
        head={
          <>
            <style nonce={nonce} dangerouslySetInnerHTML={{ __html: d.themeCss }} />
            <TranslationsLink d={d} />
            <meta name="theme-color" content={d.brand.themeColor} />
            <link rel="manifest" href="/manifest.webmanifest" crossOrigin="use-credentials" />
            <link rel="icon" href={`/brands/${d.brand.id}/icon.svg`} type="image/svg+xml" />
            <link rel="apple-touch-icon" href={`/brands/${d.brand.id}/apple-touch-icon.png`} />
            {titleKeyFor(location.pathname) === "titles.home" ? <link rel="canonical" href="/" /> : null}
          </>
        }
      >
        {d.status === 0 ? (
          // A game of the in-house server fills the phone's screen, with its own way back to the lobby.
          <>
            {location.pathname.startsWith("/bgs/") ? (
              <Outlet />
            ) : (
              <AppShell data={d}>
                <Outlet />
              </AppShell>
            )}
            {d.member?.realityCheck ? (
              <RealityCheck startedAt={d.member.realityCheck.startedAt} everyMinutes={d.member.realityCheck.everyMinutes} />
            ) : null}
          </>
        ) : (
          <StatusGate status={d.status} brand={d.brand} clientIp={d.clientIp} />
        )}
      </Document>
    </TranslationProvider>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data, location }) => {
  if (!data || !("brand" in data)) return [{ title: translatorFor("en", FALLBACK_RESOURCES, "fallback").t("titles.notFound") }];
  const t = translatorOf(data.lng).t;
  const key =
    data.status === 1 ? "titles.maintenance" : data.status === 2 ? "titles.serviceError" : titleKeyFor(location.pathname);
  const page = key ? t(key) : "";
  return [
    { title: page ? `${page} | ${data.brand.displayName}` : data.brand.displayName },
    { name: "description", content: data.brand.seo.description },
  ];
};

export function ErrorBoundary() {
  const error = useRouteError();
  const d = useRouteLoaderData<typeof loader>("root") as RootData | undefined;
  const i18n = d ? translatorOf(d.lng) : translatorFor("en", FALLBACK_RESOURCES, "fallback");
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  // A page asked for while the phone has no network (a navigation's data request failed).
  const offline = !notFound && typeof navigator !== "undefined" && navigator.onLine === false;
  const t = i18n.t;
  const nonce = useNonce();
  return (
    <TranslationProvider translator={i18n}>
      <Document
        lang={d?.htmlLang ?? "en"}
        // The brand's own colours here too, not the base theme's.
        head={
          d ? (
            <>
              <style nonce={nonce} dangerouslySetInnerHTML={{ __html: d.themeCss }} />
              <TranslationsLink d={d} />
            </>
          ) : undefined
        }
      >
        <main className="mx-auto flex min-h-dvh max-w-md flex-col items-center justify-center gap-4 p-8 text-center">
          <PageIcon>{notFound ? <CompassIcon /> : <AlertIcon />}</PageIcon>
          <h1 className="text-2xl font-bold">
            {notFound ? t("errors.notFoundTitle") : offline ? t("status.offlineTitle") : t("titles.error")}
          </h1>
          <p className="text-muted">
            {notFound ? t("errors.notFoundBody") : offline ? t("status.offlineBody") : t("errors.unknown")}
          </p>
          {d ? (
            // Offline, "" reloads the page asked for; the service worker answers with its offline page until the network is back.
            <a className="btn-primary rounded-full px-6 py-3 font-semibold" href={offline ? "" : "/m/home"}>
              {offline ? t("status.retry") : t("errors.backHome")}
            </a>
          ) : null}
        </main>
      </Document>
    </TranslationProvider>
  );
}

/**
 * The error page's texts where there is no root data (a host no brand serves):
 * only the keys it shows, so the whole locale does not ride in every page's script.
 */
const FALLBACK_RESOURCES: Resources = {
  en: {
    common: {
      titles: { notFound: enTitles.notFound, error: enTitles.error },
      errors: {
        notFoundTitle: enErrors.notFoundTitle,
        notFoundBody: enErrors.notFoundBody,
        unknown: enErrors.unknown,
        backHome: enErrors.backHome,
      },
      status: { offlineTitle: enStatus.offlineTitle, offlineBody: enStatus.offlineBody, retry: enStatus.retry },
    } as unknown as Resources["en"]["common"],
  },
};

/** The page's translations file: entry.client loads it before hydrating; it is fetched after the first paint (ADR 0032). */
function TranslationsLink({ d }: { d: Pick<RootData, "i18n" | "lng"> }) {
  return <link id="i18n" rel={FETCH_AFTER_LOAD} href={d.i18n} data-lng={d.lng} />;
}

/** The language's translator (entry.server and entry.client prime it), else the fallback's English. */
function translatorOf(lng: string) {
  return primedTranslator(lng) ?? translatorFor("en", FALLBACK_RESOURCES, "fallback");
}
