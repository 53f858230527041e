import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { Link } from "~/components/ui/link";
import type { FlagName } from "~/brand/flags";
import { isBuilt } from "~/components/built-screens";
import { titleKeyFor } from "~/components/route-titles";
import { buttonClass } from "~/components/ui/button";
import { useTranslation } from "~/components/ui/i18n";
import { ClockIcon } from "~/components/ui/icons";
import { requireBrand } from "~/web/guards.server";

/** Screens that exist only for brands with their module on: without it they are unknown paths. */
const MODULES: Record<string, FlagName> = { "/m/rewardCenter": "REWCEN3" };

/**
 * Paths no route module serves. A screen of the spec that is not built yet
 * (an old bookmark, a typed URL) says so on a page of its own, under its own
 * title, so the link starts working the day the screen is built; any other
 * path goes home (spec §2).
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { flags } = requireBrand(context);
  const url = new URL(request.url);
  const pathname = url.pathname.replace(/(.)\/+$/, "$1");
  const titleKey = titleKeyFor(pathname);
  const feature = MODULES[pathname];
  if (!titleKey || isBuilt(pathname) || (feature && !flags[feature])) throw redirect("/m/home");
  // One address per screen, the one its title and its future route answer to.
  if (pathname !== url.pathname) throw redirect(pathname + url.search);
  return { titleKey };
}

export default function ComingSoon() {
  const { titleKey } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const screen = t(titleKey);
  return (
    <section
      aria-labelledby="coming-soon-title"
      className="mx-auto flex max-w-sm flex-col items-center px-6 pt-14 pb-6 text-center"
      data-testid="coming-soon"
    >
      <span className="mb-5 flex h-16 w-16 items-center justify-center rounded-2xl bg-primary/15 text-primary">
        <ClockIcon width={32} height={32} />
      </span>
      <p className="text-xs font-bold tracking-wider text-primary uppercase">{t("comingSoon.badge")}</p>
      <h1 id="coming-soon-title" className="mt-1 text-xl font-bold">
        {screen}
      </h1>
      <p className="mt-3 text-sm text-muted">{t("comingSoon.body", { screen })}</p>
      <Link to="/m/home" className={buttonClass("primary", "md", "mt-6 px-8")}>
        {t("errors.backHome")}
      </Link>
    </section>
  );
}

/** The root's title and description, and no search engine keeps a page that only says "not yet". */
export const meta: MetaFunction = ({ matches }) => [
  ...(matches.find((m) => m.id === "root")?.meta ?? []),
  { name: "robots", content: "noindex" },
];
