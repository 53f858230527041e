import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData, useRouteLoaderData } from "@remix-run/react";
import { useTranslation } from "~/components/ui/i18n";
import { ArrowUpIcon, ClockIcon, HelpIcon, LockIcon, LogoutIcon, UserIcon, WalletIcon } from "~/components/ui/icons";
import { Balance } from "~/components/balance";
import { isBuilt } from "~/components/built-screens";
import { isAgent, isGuest } from "~/domain/accounts/member-types";
import { getMember } from "~/domain/accounts/members.server";
import type { RootData } from "~/components/root-data";
import { formatDate } from "~/utils/dates.server";
import { notFound, requireSession } from "~/web/guards.server";
import { GuestPrompt } from "~/components/guest-prompt";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { brand, session, db, lng } = requireSession(request, context);
  if (isGuest(session.type)) return { guest: true as const };
  const member = await getMember(db, brand, session.memberId);
  if (!member) throw notFound();
  return {
    guest: false as const,
    username: member.username,
    nickname: member.nickname,
    inviteCode: member.inviteCode,
    agent: isAgent(member.type),
    memberSince: formatDate(member.createdAt, lng, "YYYY-MM-DD"),
  };
}

export default function MemberHome() {
  const d = useLoaderData<typeof loader>();
  const root = useRouteLoaderData("root") as RootData;
  const { t } = useTranslation();
  if (d.guest) return <GuestPrompt />;
  const links = [
    { to: "/m/voucherCenter", label: t("header.deposit"), icon: WalletIcon },
    { to: "/m/withdraw", label: t("header.withdraw"), icon: ArrowUpIcon },
    { to: "/m/transactions", label: t("history.title"), icon: ClockIcon },
    { to: "/m/changePsw", label: t("member.changePassword"), icon: LockIcon },
    { to: "/m/help", label: t("header.helpCenter"), icon: HelpIcon },
    { to: "/m/logout", label: t("header.logout"), icon: LogoutIcon },
  ].filter((link) => isBuilt(link.to));
  return (
    <div className="space-y-4 px-4 pt-4">
      <section className="rounded-card border border-line bg-[linear-gradient(135deg,var(--surface-3),var(--surface))] p-5 shadow-xl">
        <div className="flex items-center gap-4">
          <span className="flex h-14 w-14 items-center justify-center rounded-full bg-primary text-on-primary">
            <UserIcon width={30} height={30} />
          </span>
          <div className="min-w-0">
            <h1 className="truncate text-lg font-bold">{d.nickname ?? d.username}</h1>
            <p className="text-xs text-muted">
              {t("member.account")}: {d.username}
              {d.agent ? (
                <span className="ml-2 rounded-full bg-primary/20 px-2 py-0.5 text-primary">{t("member.agent")}</span>
              ) : null}
            </p>
          </div>
        </div>
        <dl className="mt-5 grid grid-cols-2 gap-3 text-sm">
          <div className="rounded-xl bg-black/20 p-3">
            <dt className="text-xs text-muted">{t("member.balance")}</dt>
            <dd className="mt-1">
              <Balance balance={root.member?.balance ?? "0"} hidden={root.balanceHidden} csrf={root.csrf} size="lg" />
            </dd>
          </div>
          <div className="rounded-xl bg-black/20 p-3">
            <dt className="text-xs text-muted">{t("member.inviteCode")}</dt>
            <dd className="mt-1 font-mono text-lg font-bold tracking-widest">{d.inviteCode}</dd>
          </div>
        </dl>
        <p className="mt-3 text-xs text-muted">{t("member.since", { date: d.memberSince })}</p>
      </section>
      <nav aria-label={t("member.menu")} className="overflow-hidden rounded-card border border-line bg-surface">
        <ul className="divide-y divide-line/60">
          {links.map(({ to, label, icon: Icon }) => (
            <li key={to}>
              <Link to={to} className="flex items-center gap-3 px-4 py-3.5 hover:bg-surface-2">
                <Icon width={20} height={20} className="text-primary" />
                <span className="flex-1">{label}</span>
                <span aria-hidden="true" className="text-muted">
                  ›
                </span>
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </div>
  );
}
