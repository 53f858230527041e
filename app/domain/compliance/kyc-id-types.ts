/**
 * The government IDs a player may verify with (issue 16, item 3): the primary IDs Philippine
 * operators accept for customer due diligence. A closed list, so support staff know every kind
 * they will be shown. Where the number's format is well known it is checked as printed on the
 * card (dashes optional, spaces ignored); otherwise 4 to 40 letters, digits and dashes.
 * Pure: the page's select and the unit tests read it as well.
 */
export const KYC_ID_TYPES = ["philsys", "passport", "drivers_license", "umid", "sss", "prc", "tin", "postal", "voters"] as const;
export type KycIdType = (typeof KYC_ID_TYPES)[number];

export const isKycIdType = (value: unknown): value is KycIdType =>
  typeof value === "string" && (KYC_ID_TYPES as readonly string[]).includes(value);

/** The number as printed: letters, digits and dashes, each group as the card groups them. */
const FORMATS: Record<KycIdType, RegExp> = {
  // PhilID / ePhilID: the PhilSys Card Number, 16 digits printed in groups of four.
  philsys: /^\d{4}-?\d{4}-?\d{4}-?\d{4}$/,
  // ICAO 9303: a passport number is at most 9 letters and digits (Philippine: P1234567A or EB1234567).
  passport: /^(?=.*\d)[A-Z0-9]{6,9}$/,
  // LTO: an office letter and two digits, the year's two digits, six digits (N01-12-345678).
  drivers_license: /^[A-Z]\d{2}-?\d{2}-?\d{6}$/,
  // UMID: the 12-digit Common Reference Number (0111-1234567-8).
  umid: /^\d{4}-?\d{7}-?\d$/,
  // SSS: 10 digits (34-1234567-8).
  sss: /^\d{2}-?\d{7}-?\d$/,
  // PRC: the 7-digit registration number, leading zeros included.
  prc: /^\d{7}$/,
  // BIR: 9 digits, and a 3- or 5-digit branch code (123-456-789-000).
  tin: /^\d{3}-?\d{3}-?\d{3}(-?\d{3}|-?\d{5})?$/,
  postal: /^(?=.*\d)[A-Z0-9-]{4,40}$/,
  voters: /^(?=.*\d)[A-Z0-9-]{4,40}$/,
};

/**
 * What the page shows under the number field: the format looked for, as an example. The IDs
 * without a well-known format get no example (a made-up one would mislead).
 */
export const KYC_ID_EXAMPLES: Partial<Record<KycIdType, string>> = {
  philsys: "1234-5678-9012-3456",
  passport: "P1234567A",
  drivers_license: "N01-12-345678",
  umid: "0111-1234567-8",
  sss: "34-1234567-8",
  prc: "0012345",
  tin: "123-456-789-000",
};

/** The number as stored: upper case, without spaces (people type them where the card has gaps). */
export function normaliseIdNumber(raw: string): string {
  return raw.normalize("NFKC").replace(/\s+/g, "").toUpperCase();
}

export type IdNumberCheck = { ok: true; number: string } | { ok: false; reason: "required" | "format" };

/** Whether `raw` is a number of that ID's format; the normalised number when it is. */
export function checkIdNumber(type: KycIdType, raw: string): IdNumberCheck {
  const number = normaliseIdNumber(raw);
  if (number.length === 0) return { ok: false, reason: "required" };
  // The stored column takes 4 to 40 characters; no known format is longer, no typing mistake needs more.
  if (number.length < 4 || number.length > 40 || !FORMATS[type].test(number)) return { ok: false, reason: "format" };
  return { ok: true, number };
}
