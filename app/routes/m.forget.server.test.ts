import { describe, expect, it } from "vitest";
import type { Brand } from "~/brand/schema";
import { forgetMode, linkOrigin } from "./m.forget.server";

const url = (search: string) => new URL(`https://luckypeso.ph/m/forget${search}`);

describe("forgetMode", () => {
  it("makes phone the default tab when CHNGPASSVERIF3 is on, with e-mail only if CHNGPASSMAIL3 is on too", () => {
    expect(forgetMode(true, true, url(""))).toBe("phone");
    expect(forgetMode(true, true, url("?mode=email"))).toBe("email");
    expect(forgetMode(true, true, url("?mode=phone"))).toBe("phone");
    expect(forgetMode(true, false, url("?mode=email"))).toBe("phone");
  });

  it("offers only e-mail without CHNGPASSVERIF3, and nothing without either flag", () => {
    expect(forgetMode(false, true, url(""))).toBe("email");
    expect(forgetMode(false, true, url("?mode=phone"))).toBe("email");
    expect(forgetMode(false, false, url(""))).toBeNull();
    expect(forgetMode(false, false, url("?mode=email"))).toBeNull();
  });

  it("opens an e-mailed link only while e-mail reset is on", () => {
    expect(forgetMode(true, true, url("?token=abc"))).toBe("token");
    expect(forgetMode(false, true, url("?mode=phone&token=abc"))).toBe("token");
    expect(forgetMode(true, false, url("?token=abc"))).toBeNull();
  });
});

describe("linkOrigin", () => {
  const brand = { hosts: ["luckypeso.localhost", "luckypeso.ph", "luckypeso.com"] } as Brand;

  it("points a production link at https on one of the brand's public hosts, whatever port or scheme the request named", () => {
    expect(linkOrigin(new URL("https://luckypeso.ph/m/forget"), brand, true)).toBe("https://luckypeso.ph");
    expect(linkOrigin(new URL("http://luckypeso.ph:8080/m/forget"), brand, true)).toBe("https://luckypeso.ph");
    expect(linkOrigin(new URL("https://LUCKYPESO.com:4443/m/forget"), brand, true)).toBe("https://luckypeso.com");
    expect(linkOrigin(new URL("http://luckypeso.localhost:3000/m/forget"), brand, true)).toBe("https://luckypeso.ph");
  });

  it("never points a production link at a host the brand does not own", () => {
    expect(linkOrigin(new URL("https://evil.test/m/forget"), brand, true)).toBe("https://luckypeso.ph");
    const localOnly = { hosts: ["sampaguita.localhost"] } as Brand;
    expect(linkOrigin(new URL("http://evil.test:81/m/forget"), localOnly, true)).toBe("https://sampaguita.localhost");
  });

  it("keeps the request's origin in development, so a dev server's links open", () => {
    expect(linkOrigin(new URL("http://localhost:5173/m/forget"), brand, false)).toBe("http://localhost:5173");
    expect(linkOrigin(new URL("http://luckypeso.localhost:3000/m/forget"), brand, false)).toBe("http://luckypeso.localhost:3000");
  });
});
