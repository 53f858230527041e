import { Link } from "~/components/ui/link";
import type { SVGProps } from "react";
import { Balance } from "~/components/balance";
import { isBuilt } from "~/components/built-screens";
import { useTranslation } from "~/components/ui/i18n";
import {
  ArrowUpIcon,
  ChevronRightIcon,
  ClockIcon,
  GiftIcon,
  HelpIcon,
  LockIcon,
  LogoutIcon,
  WalletIcon,
} from "~/components/ui/icons";
import { CrownIcon, DiceIcon, GearIcon, MailIcon } from "./member-icons";
import { IdCardIcon } from "~/components/ui/icons";
import { MemberAvatar } from "../member-avatar";
import { AgentLine, type AgentLineView } from "./agent-line";
import { formatPeso } from "~/utils/money";

export type EntryKey =
  | "deposit"
  | "withdraw"
  | "betRecord"
  | "transactions"
  | "settings"
  | "inbox"
  | "help"
  | "rewardCentre"
  | "changePassword"
  | "verify";

export interface MemberCentreView {
  username: string;
  displayName: string;
  avatarUrl: string | null;
  agent: boolean;
  /** An agent's team line (AFFMAN3); null for everyone else. */
  agentLine: AgentLineView | null;
  vip: {
    rank: string;
    next: string | null;
    /** 0–10000. */
    progressBps: number;
    /** Centavos still to wager for `next`. */
    remaining: string;
  };
  /** The entries the brand's flags allow, in order; a screen not built yet stays hidden. */
  entries: { key: EntryKey; to: string }[];
  balance: string;
  balanceHidden: boolean;
  csrf: string;
}

const ICONS: Record<EntryKey, (p: SVGProps<SVGSVGElement>) => JSX.Element> = {
  deposit: WalletIcon,
  withdraw: ArrowUpIcon,
  betRecord: DiceIcon,
  transactions: ClockIcon,
  settings: GearIcon,
  inbox: MailIcon,
  help: HelpIcon,
  rewardCentre: GiftIcon,
  changePassword: LockIcon,
  verify: IdCardIcon,
};

/** Pages that must load as a whole document: the verification's camera is allowed by its own response only. */
const DOCUMENT_ENTRIES: EntryKey[] = ["verify"];

/** The four money and play entries the new layout puts in its quick row. */
const QUICK: EntryKey[] = ["deposit", "withdraw", "betRecord", "transactions"];

function useEntries(v: MemberCentreView) {
  const { t } = useTranslation();
  return v.entries
    .filter((e) => isBuilt(e.to))
    .map((e) => ({ ...e, label: t(`memberCentre.entries.${e.key}`), Icon: ICONS[e.key] }));
}

function VipProgress({ vip, compact }: { vip: MemberCentreView["vip"]; compact?: boolean }) {
  const { t } = useTranslation();
  const percent = Math.floor(vip.progressBps / 100);
  return (
    <div className={compact ? "space-y-1.5" : "space-y-2"} data-testid="vip-progress" data-progress-bps={vip.progressBps}>
      <div className="flex items-center justify-between text-xs">
        <span className="flex items-center gap-1 font-semibold text-prize">
          <CrownIcon width={14} height={14} />
          {vip.rank}
        </span>
        <span className="text-muted">
          {vip.next ? t("memberCentre.vip.toNext", { rank: vip.next, percent }) : t("memberCentre.vip.top")}
        </span>
      </div>
      <div
        role="progressbar"
        aria-label={t("memberCentre.vip.label")}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        className="h-2 overflow-hidden rounded-full bg-surface-3"
      >
        <div className="h-full rounded-full bg-prize" style={{ width: `${percent}%` }} />
      </div>
      {vip.next ? (
        <p className="text-[11px] text-muted">
          {t("memberCentre.vip.remaining", { amount: formatPeso(vip.remaining), rank: vip.next })}
        </p>
      ) : null}
    </div>
  );
}

function Identity({ v, size }: { v: MemberCentreView; size: "md" | "lg" }) {
  const { t } = useTranslation();
  return (
    <div className="flex items-center gap-4">
      <MemberAvatar url={v.avatarUrl} size={size === "lg" ? 64 : 48} />
      <div className="min-w-0">
        <h1 className={size === "lg" ? "truncate text-xl font-bold" : "truncate text-lg font-bold"}>{v.displayName}</h1>
        <p className="truncate text-xs text-muted">
          {t("member.account")}: <span data-testid="member-account">{v.username}</span>
        </p>
        <p className="mt-1 flex flex-wrap gap-1.5">
          <span className="rounded-full bg-prize/15 px-2 py-0.5 text-[11px] font-semibold text-prize" data-testid="club-label">
            {v.vip.rank}
          </span>
          {v.agent ? (
            <span className="rounded-full bg-primary/20 px-2 py-0.5 text-[11px] text-primary">{t("member.agent")}</span>
          ) : null}
        </p>
      </div>
    </div>
  );
}

function LogoutLink() {
  const { t } = useTranslation();
  // A page of its own asks for confirmation, so it works without JavaScript (routes/m.logout.tsx).
  return (
    <Link
      to="/m/logout"
      className="flex h-12 items-center justify-center gap-2 rounded-card border border-line bg-surface font-semibold text-danger hover:bg-surface-2"
    >
      <LogoutIcon width={18} height={18} />
      {t("header.logout")}
    </Link>
  );
}

function EntryList({ entries, label }: { entries: ReturnType<typeof useEntries>; label: string }) {
  if (entries.length === 0) return null;
  return (
    <nav aria-label={label} className="overflow-hidden rounded-card border border-line bg-surface">
      <ul className="divide-y divide-line/60">
        {entries.map(({ key, to, label: text, Icon }) => (
          <li key={key}>
            <Link
              to={to}
              reloadDocument={DOCUMENT_ENTRIES.includes(key)}
              className="flex items-center gap-3 px-4 py-3.5 hover:bg-surface-2"
              data-entry={key}
            >
              <Icon width={20} height={20} className="text-primary" />
              <span className="flex-1">{text}</span>
              <ChevronRightIcon width={16} height={16} className="text-muted" />
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** mem_cen = 1: a hero card with balance and VIP progress, a quick row, then the other entries. */
export function MemberCentreNew(v: MemberCentreView) {
  const { t } = useTranslation();
  const entries = useEntries(v);
  const quick = entries.filter((e) => QUICK.includes(e.key));
  const rest = entries.filter((e) => !QUICK.includes(e.key));
  return (
    <div className="space-y-4 px-4 pt-4 pb-6" data-layout="new">
      <section className="rounded-card border border-line bg-[linear-gradient(135deg,var(--surface-3),var(--surface))] p-5 shadow-xl">
        <Identity v={v} size="lg" />
        <div className="mt-5 flex items-center justify-between rounded-xl bg-surface-2/70 p-3">
          <span className="text-xs text-muted">{t("member.balance")}</span>
          <Balance balance={v.balance} hidden={v.balanceHidden} csrf={v.csrf} size="lg" />
        </div>
        <div className="mt-4">
          <VipProgress vip={v.vip} />
        </div>
      </section>
      {v.agentLine ? <AgentLine line={v.agentLine} /> : null}
      {quick.length ? (
        <nav aria-label={t("memberCentre.quick")} className="grid grid-cols-4 gap-2">
          {quick.map(({ key, to, label, Icon }) => (
            <Link
              key={key}
              to={to}
              data-entry={key}
              className="flex flex-col items-center gap-1.5 rounded-card border border-line bg-surface px-1 py-3 text-center text-[11px] font-medium hover:bg-surface-2"
            >
              <span className="flex h-10 w-10 items-center justify-center rounded-full bg-primary/15 text-primary">
                <Icon width={20} height={20} />
              </span>
              {label}
            </Link>
          ))}
        </nav>
      ) : null}
      <EntryList entries={rest} label={t("member.menu")} />
      <LogoutLink />
    </div>
  );
}

/** mem_cen = 0: the classic page, a compact profile row and one list of every entry. */
export function MemberCentreClassic(v: MemberCentreView) {
  const { t } = useTranslation();
  const entries = useEntries(v);
  return (
    <div className="space-y-3 px-4 pt-4 pb-6" data-layout="classic">
      <section className="space-y-3 rounded-card border border-line bg-surface p-4">
        <Identity v={v} size="md" />
        <div className="flex items-center justify-between border-t border-line/60 pt-3">
          <span className="text-sm text-muted">{t("member.balance")}</span>
          <Balance balance={v.balance} hidden={v.balanceHidden} csrf={v.csrf} size="lg" />
        </div>
        <VipProgress vip={v.vip} compact />
      </section>
      {v.agentLine ? <AgentLine line={v.agentLine} /> : null}
      <EntryList entries={entries} label={t("member.menu")} />
      <LogoutLink />
    </div>
  );
}
