/**
 * The one catalogue of module flags (spec §6 and the platform's own).
 * A brand file may change a default; support staff override per brand in the
 * database (`npm run flags`). Nothing else decides whether a feature is on.
 */
export const MODULE_FLAGS = {
  REG3: { default: true, meaning: "Registration is open to new players." },
  REGISTER_REE3: { default: true, meaning: "Registration page reachable from the header and lobby." },
  USERNAMEREG3: { default: true, meaning: "Players can register with a username." },
  MOBILENUMREG3: { default: false, meaning: "Players can register with a mobile number." },
  REGMOBVERF3: { default: false, meaning: "Registration by mobile number requires an SMS code." },
  MOBILENUMPASSREG3: { default: false, meaning: "Mobile-number registration also sets a password." },
  INBOX3: { default: true, meaning: "Member inbox and its unread badge." },
  AGEINFO3: { default: true, meaning: "Registration asks for the birthday and checks the minimum age." },
  PROFPIC3: { default: true, meaning: "Members can choose a profile picture." },
  FEEDBACK3: { default: true, meaning: "Members can send feedback to the operator." },
  COMM3: { default: false, meaning: "Agent commission pages." },
  AFFMAN3: { default: true, meaning: "Affiliate / invitation codes at registration and the invite panel." },
  FREEPLAY3: { default: false, meaning: "Visitors can start a trial (guest) session with a demo balance." },
  VALID_CAPTCHA3: { default: true, meaning: "Captcha is checked after failed logins." },
  CAPTCHA3: { default: false, meaning: "Registration always asks for a captcha." },
  CBS3: { default: true, meaning: "Live chat with customer service (chat module)." },
  REWCEN3: { default: false, meaning: "Reward centre tile and page." },
  TRANSBETREPMEM3: { default: true, meaning: "Members can open their bet record." },
  CHNGPASSMAIL3: { default: true, meaning: "Forgot password by e-mail link." },
  CHNGPASSVERIF3: { default: false, meaning: "Forgot password by SMS code (phone mode, default tab)." },
  MOBILEVERCODELOGIN3: { default: false, meaning: "Login tab for mobile number with an SMS code." },
  FACEBOOKLOGIN3: { default: false, meaning: "Facebook sign-in button (needs the brand's Firebase config)." },
  GOOGLELOGIN3: { default: false, meaning: "Google sign-in button (needs the brand's Firebase config)." },
  FUNDTRANS3: { default: false, meaning: "Members can transfer funds between wallets." },
} as const satisfies Record<string, { default: boolean; meaning: string }>;

export type FlagName = keyof typeof MODULE_FLAGS;
export type Flags = Record<FlagName, boolean>;

export const FLAG_NAMES = Object.keys(MODULE_FLAGS) as FlagName[];

export function isFlagName(name: string): name is FlagName {
  return Object.prototype.hasOwnProperty.call(MODULE_FLAGS, name);
}

/** Template flags (spec §3): which member-centre and deposit screens a brand uses. */
export const TEMPLATE_FLAGS = {
  mem_cen: { default: 1, meaning: "1 = new member centre, 0 = classic." },
  dep_func: { default: 1, meaning: "1 = new deposit flow, 0 = classic." },
} as const;

export type TemplateFlags = { mem_cen: 0 | 1; dep_func: 0 | 1 };

/** Catalogue defaults, then the brand file, then support-staff overrides: the last word wins. */
export function effectiveFlags(
  brandDefaults: Partial<Record<FlagName, boolean>>,
  overrides: Iterable<{ flag: string; enabled: boolean }>,
): Flags {
  const flags = Object.fromEntries(FLAG_NAMES.map((n) => [n, MODULE_FLAGS[n].default])) as Flags;
  for (const name of FLAG_NAMES) {
    const own = brandDefaults[name];
    if (own !== undefined) flags[name] = own;
  }
  for (const o of overrides) {
    if (isFlagName(o.flag)) flags[o.flag] = o.enabled;
  }
  return flags;
}
