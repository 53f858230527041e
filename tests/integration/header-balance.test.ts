import { describe, expect, it } from "vitest";
import { grantDemoBalance } from "../../app/domain/wallet/balances.server";
import { request } from "../setup/http";
import { TEST_ENGINE } from "../setup/test-db";
import {
  credit,
  database,
  deposit,
  header,
  headerAmount,
  lucky,
  perlas,
  port,
  setUpBalanceHistory,
  signedIn,
} from "./balance-history-fixtures";

setUpBalanceHistory();

describe(`the header balance over HTTP on ${TEST_ENGINE}`, () => {
  it("hides and shows the balance with a plain form post, remembered across requests", async () => {
    const { jar, member } = await signedIn(lucky);
    await credit(lucky, member.id, 1_000_00n);
    const shown = await jar.get("/m/home");
    expect(headerAmount(shown.body)).toBe("₱1,000.00");

    const hide = await jar.post("/m/balance", { hidden: "1", redirectTo: "/m/gameCenter?category=RNG" });
    expect(hide.status).toBe(302);
    expect(hide.headers.location).toBe("/m/gameCenter?category=RNG");
    const cookie = hide.headers["set-cookie"]!.find((c) => c.startsWith("balance_hidden="))!;
    expect(cookie).toMatch(/^balance_hidden=1;/);
    expect(cookie).toContain("Max-Age=31536000");
    expect(cookie).toContain("SameSite=Lax");
    expect(cookie).toContain("Secure");

    for (const path of ["/m/home", "/m/member/home", "/m/gameCenter"]) {
      const page = await jar.get(path);
      expect(headerAmount(page.body), path).toBe("₱****");
      expect(header(page.body), path).not.toContain("1,000.00");
      expect(header(page.body), path).toContain('aria-label="Show balance"');
    }
    // The member centre's own balance card follows the same choice.
    expect((await jar.get("/m/member/home")).body).not.toContain("₱1,000.00");

    const show = await jar.post("/m/balance", { hidden: "0", redirectTo: "/m/home" });
    expect(show.status).toBe(302);
    expect(headerAmount((await jar.get("/m/home")).body)).toBe("₱1,000.00");
  });

  it("answers a script's toggle in place, also through the single-fetch data URL", async () => {
    const { jar } = await signedIn(lucky);
    await jar.get("/m/home");
    const direct = await jar.post("/m/balance", { hidden: "1" });
    expect(direct.status).toBe(200);
    expect(JSON.parse(direct.body)).toEqual({ hidden: true });
    expect(jar.cookies.get("balance_hidden")).toBe("1");
    const viaData = await jar.post("/m/balance.data", { hidden: "0" });
    expect(viaData.status).toBe(200);
    expect(jar.cookies.get("balance_hidden")).toBe("0");
  });

  it("refuses a toggle without the CSRF token or with a bad value, and changes nothing", async () => {
    const { jar } = await signedIn(lucky);
    await jar.get("/m/home");
    await jar.post("/m/balance", { hidden: "1", redirectTo: "/m/home" });
    const forged = await jar.post("/m/balance", { hidden: "0", redirectTo: "/m/home" }, { csrf: false });
    expect(forged.status).toBe(403);
    const wrong = await jar.post("/m/balance", { hidden: "0", redirectTo: "/m/home" }, { csrf: "not-the-token-0123456789" });
    expect(wrong.status).toBe(403);
    const bad = await jar.post("/m/balance", { hidden: "maybe", redirectTo: "/m/home" });
    expect(bad.status).toBe(400);
    expect(JSON.parse(bad.body)).toEqual({ error: "Choose to hide or show the balance." });
    expect(jar.cookies.get("balance_hidden")).toBe("1");
    expect(headerAmount((await jar.get("/m/home")).body)).toBe("₱****");
  });

  it("sends the no-JavaScript toggle back only to a page of this site", async () => {
    const { jar } = await signedIn(lucky);
    await jar.get("/m/home");
    for (const to of ["//evil.example/m/home", "https://evil.example/", "/\\evil.example"]) {
      const r = await jar.post("/m/balance", { hidden: "1", redirectTo: to });
      expect(r.status, to).toBe(302);
      expect(r.headers.location, to).toBe("/m/home");
    }
  });

  it("refreshes to the current balance, uncached; a trial player gets the play money", async () => {
    const { jar, member } = await signedIn(lucky);
    await credit(lucky, member.id, 250_50n);
    const first = await jar.get("/m/balance");
    expect(first.status).toBe(200);
    expect(first.headers["cache-control"]).toBe("no-store");
    expect(JSON.parse(first.body)).toEqual({ balance: "25050" });
    // Credits landing while the player refreshes: every answer is a balance that existed, the last one all of them.
    const answers = await Promise.all(
      Array.from({ length: 10 }, async (_, i) => {
        await credit(lucky, member.id, 100n);
        return JSON.parse((await jar.get(`/m/balance?i=${i}`)).body).balance as string;
      }),
    );
    for (const a of answers) expect(BigInt(a) >= 25150n && BigInt(a) <= 26050n, a).toBe(true);
    expect(JSON.parse((await jar.get("/m/balance")).body)).toEqual({ balance: "26050" });

    const guest = await signedIn(lucky, { type: 4 });
    await grantDemoBalance(database.db, lucky, guest.member.id);
    expect(JSON.parse((await guest.jar.get("/m/balance")).body)).toEqual({ balance: "200000" });
  });

  it("sends a refresh without a session to /m/login", async () => {
    const r = await request(port, "/m/balance", { host: lucky.hosts[0] });
    expect(r.status).toBe(302);
    expect(r.headers.location).toBe("/m/login");
    // A session of one brand is nobody on another.
    const { jar } = await signedIn(lucky);
    const elsewhere = await request(port, "/m/balance", { host: perlas.hosts[0], headers: { cookie: jar.header() } });
    expect(elsewhere.status).toBe(302);
    expect(elsewhere.headers.location).toBe("/m/login");
  });

  it("shows the new balance on the page after a deposit is credited", async () => {
    const { jar, member } = await signedIn(lucky);
    expect(headerAmount((await jar.get("/m/home")).body)).toBe("₱0.00");
    await deposit(lucky, member.id, { state: "paid", at: new Date(), amount: 1_234_00n });
    expect(headerAmount((await jar.get("/m/home")).body)).toBe("₱1,234.00");
  });
});
