import { Link } from "~/components/ui/link";
import type { ReactNode } from "react";
import { useTranslation } from "~/components/ui/i18n";
import { AlertIcon, ChevronRightIcon, Icon } from "~/components/ui/icons";
import type { DownloadEntry, DownloadView } from "./entries";
import { AndroidIcon, AppleIcon, HomeScreenIcon, ProfileIcon } from "./pictures";

const ROW =
  "group flex w-full items-center gap-3 rounded-card border border-line/70 bg-[linear-gradient(135deg,var(--surface-2),var(--surface))] p-3 text-left shadow-lg shadow-black/20 transition hover:border-primary/60 active:scale-[0.99] motion-reduce:transition-none";

/** The brand's app icon, the promo text and the intro: the top of the page and of the popup. */
export function DownloadHero({
  brandId,
  brandName,
  iconUrl,
  titleId,
  as: Heading,
  compact = false,
}: {
  brandId: string;
  brandName: string;
  iconUrl: string | null;
  titleId: string;
  as: "h1" | "h2";
  compact?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col items-center text-center">
      <img
        src={iconUrl ?? `/brands/${brandId}/apple-touch-icon.png`}
        alt=""
        width={compact ? 56 : 68}
        height={compact ? 56 : 68}
        className={`${compact ? "h-14 w-14" : "h-[68px] w-[68px]"} rounded-[22%] bg-surface-2 object-cover shadow-xl ring-1 shadow-black/40 ring-line`}
      />
      <Heading id={titleId} className={`${compact ? "mt-3 text-lg" : "mt-3 text-xl"} font-bold text-balance`}>
        {t("download.promo", { brand: brandName })}
      </Heading>
      <p className="mt-1 max-w-sm text-sm text-muted">{t("download.intro")}</p>
      {compact ? null : (
        <ul className="mt-3 flex flex-wrap justify-center gap-1.5 text-[11px] font-semibold">
          {(
            [
              ["fullScreen", <FullScreenIcon key="f" width={14} height={14} />],
              ["fast", <BoltIcon key="b" width={14} height={14} />],
              ["signedIn", <KeyIcon key="k" width={14} height={14} />],
            ] as const
          ).map(([key, icon]) => (
            <li key={key} className="flex items-center gap-1 rounded-full border border-line/70 bg-surface px-2.5 py-1">
              <span className="text-primary">{icon}</span>
              {t(`download.benefits.${key}`)}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** The spec's guide hint for an old iOS (11 or lower; 12 below 12.2). */
export function IosHint({ hint }: { hint: DownloadView["iosHint"] }) {
  const { t } = useTranslation();
  if (!hint) return null;
  return (
    <p
      className="flex gap-2 rounded-card border border-primary/40 bg-primary/10 p-3 text-xs leading-relaxed"
      data-testid="ios-hint"
      data-hint={hint}
    >
      <AlertIcon width={18} height={18} className="shrink-0 text-primary" />
      <span>{t(`download.hint.${hint}`)}</span>
    </p>
  );
}

function EntryBody({
  icon,
  title,
  body,
  action,
  extra,
}: {
  icon: ReactNode;
  title: string;
  body: string;
  action: string;
  extra?: ReactNode;
}) {
  return (
    <>
      <span className="flex h-12 w-12 shrink-0 items-center justify-center rounded-2xl bg-surface-3 text-primary ring-1 ring-line/60">
        {icon}
      </span>
      <span className="min-w-0 flex-1">
        <span className="block font-semibold">{title}</span>
        <span className="mt-0.5 block text-xs leading-snug text-muted">{body}</span>
        {extra}
      </span>
      <span className="btn-primary flex h-8 shrink-0 items-center gap-0.5 rounded-full pr-2 pl-3 text-xs font-bold">
        {action}
        <ChevronRightIcon width={14} height={14} />
      </span>
    </>
  );
}

/**
 * The ways to install the app (spec §2 download popup), in the spec's order. The home-screen entry
 * opens the steps: a link to `homeScreenHref` on the page (it works without JavaScript), or
 * `onHomeScreen` in the popup; every other entry is a plain link to its file or store.
 */
export function DownloadEntryList({
  entries,
  brandName,
  homeScreenHref,
  onHomeScreen,
}: {
  entries: DownloadEntry[];
  brandName: string;
  homeScreenHref: string;
  onHomeScreen?: () => void;
}) {
  const { t } = useTranslation();
  if (entries.length === 0) {
    return (
      <p
        className="rounded-card border border-line/60 bg-surface px-4 py-8 text-center text-sm text-muted"
        data-testid="download-installed"
      >
        {t("download.installed", { brand: brandName })}
      </p>
    );
  }
  return (
    <ul className="space-y-3" data-testid="download-entries">
      {entries.map((e) => (
        <li key={e.kind} data-entry={e.kind}>
          {e.kind === "homescreen" ? (
            onHomeScreen ? (
              <button type="button" onClick={onHomeScreen} className={ROW}>
                <EntryBody
                  icon={<HomeScreenIcon width={26} height={26} />}
                  title={t("download.homescreen.title")}
                  body={t("download.homescreen.body", { brand: brandName })}
                  action={t("download.homescreen.action")}
                />
              </button>
            ) : (
              <Link to={homeScreenHref} className={ROW}>
                <EntryBody
                  icon={<HomeScreenIcon width={26} height={26} />}
                  title={t("download.homescreen.title")}
                  body={t("download.homescreen.body", { brand: brandName })}
                  action={t("download.homescreen.action")}
                />
              </Link>
            )
          ) : e.kind === "android" ? (
            <a href={e.href} className={ROW}>
              <EntryBody
                icon={<AndroidIcon width={26} height={26} />}
                title={t("download.android.title")}
                body={t("download.android.body")}
                action={t("download.android.action")}
              />
            </a>
          ) : e.kind === "profile" ? (
            <a href={e.href} className={ROW}>
              <EntryBody
                icon={<ProfileIcon width={26} height={26} />}
                title={t("download.profile.title")}
                body={t("download.profile.body", { brand: brandName })}
                action={t("download.profile.action")}
                extra={
                  e.installTip ? (
                    <span className="mt-1.5 block text-xs leading-snug text-text/90" data-testid="profile-tip">
                      {t("download.profile.tip")}
                    </span>
                  ) : null
                }
              />
            </a>
          ) : (
            <a href={e.href} className={ROW}>
              <EntryBody
                icon={<AppleIcon width={26} height={26} />}
                title={t("download.ios.title")}
                body={t("download.ios.body")}
                action={t("download.ios.action")}
              />
            </a>
          )}
        </li>
      ))}
    </ul>
  );
}

const FullScreenIcon = (p: React.SVGProps<SVGSVGElement>) => (
  <Icon {...p}>
    <path d="M4 9V5a1 1 0 0 1 1-1h4M15 4h4a1 1 0 0 1 1 1v4M20 15v4a1 1 0 0 1-1 1h-4M9 20H5a1 1 0 0 1-1-1v-4" />
  </Icon>
);
const BoltIcon = (p: React.SVGProps<SVGSVGElement>) => (
  <Icon {...p}>
    <path d="M13 3 5 13.5h6L10 21l8-10.5h-6L13 3Z" />
  </Icon>
);
const KeyIcon = (p: React.SVGProps<SVGSVGElement>) => (
  <Icon {...p}>
    <circle cx="8" cy="15" r="4" />
    <path d="m11 12 8.5-8.5M16 7l2.5 2.5M14 9l2 2" />
  </Icon>
);
