import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData, useRouteLoaderData } from "@remix-run/react";
import { GuestPrompt } from "~/components/guest-prompt";
import { MemberCentreClassic, MemberCentreNew, type EntryKey } from "~/components/member/member-centre";
import type { RootData } from "~/components/root-data";
import { isAgent, isGuest } from "~/domain/accounts/member-types";
import { getMember } from "~/domain/accounts/members.server";
import { getProfile } from "~/domain/accounts/profile.server";
import { memberVipProgress } from "~/domain/accounts/vip.server";
import { teamTurnover } from "~/domain/agents/kpi.server";
import { kpiRange } from "~/domain/agents/periods";
import { teamSize } from "~/domain/agents/tree.server";
import { notFound, requireSession } from "~/web/guards.server";

/**
 * The member centre (spec §2): signed out goes to /m/login (requireSession), a trial guest gets
 * the free_reject prompt, a member gets the layout of the brand's mem_cen template flag.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { brand, session, db, flags } = requireSession(request, context);
  if (isGuest(session.type)) return { guest: true as const };
  const [member, profile, vip] = await Promise.all([
    getMember(db, brand, session.memberId),
    getProfile(db, brand, session.memberId),
    memberVipProgress(db, brand, session.memberId),
  ]);
  if (!member || !profile) throw notFound();
  // An agent's team line (issue 17): the agent centre is AFFMAN3's.
  const agentLine =
    isAgent(member.type) && flags.AFFMAN3
      ? await Promise.all([
          teamSize(db, brand, member.id),
          teamTurnover(db, brand, member.id, kpiRange("today", new Date())),
        ]).then(([size, turnover]) => ({ teamSize: size, turnoverToday: turnover.toString() }))
      : null;
  const entries: { key: EntryKey; to: string; shown: boolean }[] = [
    { key: "deposit", to: "/m/voucherCenter", shown: true },
    { key: "withdraw", to: "/m/withdraw", shown: true },
    { key: "betRecord", to: "/m/gameRecord", shown: flags.TRANSBETREPMEM3 },
    { key: "transactions", to: "/m/transactions", shown: true },
    { key: "inbox", to: "/m/inbox", shown: flags.INBOX3 },
    { key: "rewardCentre", to: "/m/rewardCenter", shown: flags.REWCEN3 },
    { key: "verify", to: "/m/verify", shown: true },
    { key: "settings", to: "/m/set", shown: true },
    { key: "changePassword", to: "/m/changePsw", shown: true },
    { key: "help", to: "/m/help", shown: true },
  ];
  return {
    guest: false as const,
    layout: brand.templateFlags.mem_cen === 1 ? ("new" as const) : ("classic" as const),
    username: member.username,
    displayName: member.nickname ?? member.username,
    avatarUrl: profile.avatarUrl,
    agent: isAgent(member.type),
    agentLine,
    vip: { rank: vip.rank.name, next: vip.next?.name ?? null, progressBps: vip.progressBps, remaining: vip.remaining },
    entries: entries.filter((e) => e.shown).map(({ key, to }) => ({ key, to })),
  };
}

export default function MemberHome() {
  const d = useLoaderData<typeof loader>();
  const root = useRouteLoaderData("root") as RootData;
  if (d.guest) return <GuestPrompt />;
  const view = {
    ...d,
    balance: root.member?.balance ?? "0",
    balanceHidden: root.balanceHidden,
    csrf: root.csrf,
  };
  return d.layout === "new" ? <MemberCentreNew {...view} /> : <MemberCentreClassic {...view} />;
}
