import type { Flags } from "~/brand/flags";
import type { PublicBrand } from "~/brand/schema";
import type { LanguageId } from "~/utils/languages";
import type { ContractKindView } from "./agents/types";
import type { ToastView } from "./toasts";

/**
 * What the root loader hands every screen: the brand's public face, the
 * language, flags, status and the signed-in player. Declared here, where it is
 * read, so views depend on data and not on the document module (root.tsx
 * satisfies it).
 */
export interface RootData {
  brand: PublicBrand;
  themeCss: string;
  lng: LanguageId;
  htmlLang: string;
  languages: { id: LanguageId; label: string; tag: string }[];
  /** The translations file of the language (resourcesHref), loaded before the page hydrates. */
  i18n: string;
  flags: Flags;
  status: 0 | 1 | 2;
  clientIp: string | null;
  member: {
    username: string;
    displayName: string;
    /** The member's picture, or null for the generic figure. */
    avatarUrl: string | null;
    /** Trial player (type 4) on play money. */
    guest: boolean;
    /** A real member (types 0, 1, 2): VIP and real-money pages. */
    realMember: boolean;
    /** An agent account: no referral entry (spec §6). */
    agent: boolean;
    /** Centavos, as a string. */
    balance: string;
    /** The member's referral code and link, while the invite panel is open; null for guests and agents, or with AFFMAN3 off. */
    invite: { code: string; link: string; /** Players who registered through the code. */ referred: number } | null;
    /** The reality check (brand setting compliance.realityCheckMinutes): from the sign-in, every so many minutes; null: none. */
    realityCheck: { startedAt: string; everyMinutes: number } | null;
  } | null;
  csrf: string;
  /** The player chose to mask the balance (spec §4), remembered in a cookie. */
  balanceHidden: boolean;
  toasts: ToastView[];
  lobby: { categories: string[] };
  marquee: { id: number; title: string; date: string }[];
  /** Announcements the member has not opened; 0 for visitors and trial guests, who keep no read marks. */
  noticeUnread: number;
  /** Inbox messages the member has not opened (INBOX3); 0 for visitors and trial guests, who have no inbox. */
  inboxUnread: number;
  /**
   * The live-chat launch link (CBS3 and a brand chat URL; never for trial guests). There is no chat
   * backend here to count unread chat messages, so no chat badge is drawn.
   */
  chat: { url: string } | null;
  /** The login pop-up list (popup announcements, sanitised HTML) on the first page after a sign-in; else empty. */
  popups: { id: number; title: string; html: string }[];
  /**
   * Contract offers waiting for an agent who also plays (types 1, 2; AFFMAN3), prompted one by one in
   * this order: on the first page of a session, or the kinds `?cp=` still names; else empty.
   */
  contractPrompts: ContractKindView[];
  year: string;
}
