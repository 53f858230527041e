/**
 * Where a player in the Philippines finds help, shown on the responsible-gaming page of every brand:
 * the National Center for Mental Health's crisis lines (free, all day, nationwide). A brand's own
 * customer service is linked beside them.
 */
export const HELP_LINES: readonly { name: string; phone: string }[] = [
  { name: "NCMH Crisis Hotline", phone: "1553" },
  { name: "NCMH Crisis Hotline (Globe, TM)", phone: "0917 899 8727" },
  { name: "NCMH Crisis Hotline (Globe, TM)", phone: "0966 351 4518" },
  { name: "NCMH Crisis Hotline (Smart, Sun, TNT)", phone: "0908 639 2672" },
];
