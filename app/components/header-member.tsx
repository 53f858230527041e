import { Link } from "~/components/ui/link";
import { useTranslation } from "~/components/ui/i18n";
import type { RootData } from "./root-data";
import { Balance } from "./balance";
import { MemberAvatar } from "./member-avatar";
import { maskPhoneNumber } from "~/utils/mask-phone";

/** The header's chip of a signed-in player: avatar and name (to the member centre) and the balance. */
export function MemberChip({
  member,
  balanceHidden,
  csrf,
}: {
  member: NonNullable<RootData["member"]>;
  balanceHidden: boolean;
  csrf: string;
}) {
  const { t } = useTranslation();
  return (
    // Below 360 px the avatar leaves its room to the balance: the bottom bar's member centre is the way there.
    <div className="flex min-w-0 items-center gap-2 rounded-full border border-line/70 bg-surface-2/80 py-0.5 pr-1 pl-0.5 max-[360px]:pl-3">
      <Link
        to="/m/member/home"
        className="flex h-7 w-7 shrink-0 items-center justify-center rounded-full max-[360px]:hidden"
        aria-label={t("header.memberCentre", { name: maskPhoneNumber(member.displayName) })}
      >
        <MemberAvatar url={member.avatarUrl} size={28} />
      </Link>
      <span className="flex min-w-0 flex-col leading-tight">
        {/* The avatar is the named link; the name is a bigger target to the same place, not a second stop for keyboards. */}
        <Link to="/m/member/home" tabIndex={-1} aria-hidden="true" className="max-w-[6.5rem] truncate text-[11px] text-muted">
          {/* The header is on every screen, in view of anyone nearby: a phone number shows only its ends. */}
          {maskPhoneNumber(member.displayName)}
        </Link>
        <Balance balance={member.balance} hidden={balanceHidden} csrf={csrf} />
      </span>
    </div>
  );
}
