/**
 * A registration form a player fills in by username on a brand asking for the birthday and, as both
 * demo brands check the restricted-persons list (compliance.barredCheck), the full name as on a
 * government ID.
 */
export const registrationFields = (username: string, extra: Record<string, string> = {}): Record<string, string> => ({
  method: "username",
  username,
  password: "goodpass12",
  confirmPassword: "goodpass12",
  realName: "Maria Clara Santos",
  birthday: "1990-02-03",
  disclaimer: "on",
  ...extra,
});
