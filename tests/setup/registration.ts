/** A registration form a player fills in by username on a brand asking for the birthday (both demo brands). */
export const registrationFields = (username: string, extra: Record<string, string> = {}): Record<string, string> => ({
  method: "username",
  username,
  password: "goodpass12",
  confirmPassword: "goodpass12",
  birthday: "1990-02-03",
  disclaimer: "on",
  ...extra,
});
