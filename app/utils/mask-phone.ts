/** A name made of 10 to 15 digits (spaces, dashes and a leading + allowed) is taken for a phone number. */
const PHONE = /^\+?\d{10,15}$/;
const HIDDEN = "•••";

/**
 * A phone number shown where others may see the screen (the header on every page), with its middle
 * hidden: 09171234567 becomes 0917•••4567. At least three digits are hidden, so a 10-digit number
 * keeps only three in front (917•••4567). Anything else is returned as it is.
 */
export function maskPhoneNumber(name: string): string {
  const compact = name.replace(/[\s-]/g, "");
  if (!PHONE.test(compact)) return name;
  const head = Math.min(4, compact.length - 4 - 3);
  return `${compact.slice(0, head)}${HIDDEN}${compact.slice(-4)}`;
}
