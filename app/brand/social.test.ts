import { describe, expect, it } from "vitest";
import { socialProviders } from "./social";

const firebase = {
  apiKey: "AIzaSyA1b2C3d4E5f6G7h8I9j0K_l-MnOpQrStU",
  authDomain: "lucky-peso-ph.firebaseapp.com",
  projectId: "lucky-peso-ph",
  appId: "1:123456789012:web:0a1b2c3d4e5f6a7b",
};
const flags = (GOOGLELOGIN3: boolean, FACEBOOKLOGIN3: boolean) => ({ GOOGLELOGIN3, FACEBOOKLOGIN3 });

describe("socialProviders", () => {
  it("shows a button only when its flag is on and the brand has a Firebase config", () => {
    expect(socialProviders({ firebase }, flags(true, true))).toEqual(["google", "facebook"]);
    expect(socialProviders({ firebase }, flags(true, false))).toEqual(["google"]);
    expect(socialProviders({ firebase }, flags(false, true))).toEqual(["facebook"]);
    expect(socialProviders({ firebase }, flags(false, false))).toEqual([]);
  });

  it("shows nothing without a Firebase config, whatever the flags say", () => {
    expect(socialProviders({ firebase: null }, flags(true, true))).toEqual([]);
    expect(socialProviders({}, flags(true, true))).toEqual([]);
  });
});
