import type http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BrandRegistry } from "../../app/brand/registry.server";
import type { Database } from "../../app/db/client.server";
import { createMember, findMemberByUsername } from "../../app/domain/accounts/members.server";
import { createSession } from "../../app/domain/accounts/sessions.server";
import { setFlag } from "../../app/domain/site/flags.server";
import { projectBrands } from "../setup/brands";
import { portOf } from "../setup/http";
import { Jar } from "../setup/jar";
import { serveApp } from "../setup/test-server";
import { createTestDatabase, TEST_ENGINE } from "../setup/test-db";

let database: Database;
let registry: BrandRegistry;
let server: http.Server;
let port: number;

beforeAll(async () => {
  database = await createTestDatabase();
  registry = await projectBrands();
  server = await serveApp({ database, registry });
  port = portOf(server);
});
afterAll(async () => {
  await new Promise((r) => server?.close(r));
  await database?.close();
});

/** A member of `brandId` signed in on a fresh jar, without going through the forms. */
async function signedIn(brandId: string, username: string, extra: { type?: number; nickname?: string } = {}) {
  const brand = registry.byId.get(brandId)!;
  const member = await createMember(database.db, brand, { username, password: "goodpass12", ...extra });
  const jar = new Jar(port, brand.hosts[0]);
  jar.cookies.set("__Host-sid", await createSession(database.db, brand, member.id));
  return { jar, member };
}

/** The opening tag of the input named `name`. */
const input = (body: string, name: string) => body.match(new RegExp(`<input[^>]*name="${name}"[^>]*>`))?.[0] ?? "";
/** A form's error as rendered (every page also carries the English texts, so the list item is matched). */
const shows = (body: string, text: string) => body.includes(`<li>${text}</li>`);
const header = (body: string) => body.match(/<header[\s\S]*?<\/header>/)?.[0] ?? "";
/** The invite sheet's dialog (up to the bottom bar's own links, which follow it in the page). */
const invitePanel = (body: string) => body.slice(body.indexOf('aria-labelledby="invite-title"'));

describe(`account forms over HTTP on ${TEST_ENGINE}`, () => {
  it("answers a registration with every failing field at once, the first of them focused", async () => {
    const jar = new Jar(port);
    await jar.get("/m/register");
    const r = await jar.post("/m/register", {
      method: "username",
      username: "ab",
      password: "goodpass12",
      confirmPassword: "goodpass13",
      birthday: "",
      disclaimer: "on",
    });
    expect(r.status).toBe(400);
    expect(shows(r.body, "Username must be 6-16 letters or digits")).toBe(true);
    expect(shows(r.body, "Confirmation password not matched")).toBe(true);
    expect(shows(r.body, "This field is required")).toBe(true);
    expect(input(r.body, "username")).toContain('autofocus=""');
    for (const other of ["password", "confirmPassword", "birthday"])
      expect(input(r.body, other), other).not.toContain("autofocus");

    const later = await jar.post("/m/register", {
      method: "username",
      username: "goodname01",
      password: "goodpass12",
      confirmPassword: "goodpass12",
      realName: "Ana Reyes",
      email: "ana@",
      disclaimer: "on",
    });
    expect(later.status).toBe(400);
    expect(input(later.body, "email")).toContain('autofocus=""');
    expect(input(later.body, "birthday")).not.toContain("autofocus");
    expect(await findMemberByUsername(database.db, registry.byId.get("lucky-peso")!, "goodname01")).toBeNull();
  });

  it("shows the mobile number in one format: no +63 before the 09XX placeholder", async () => {
    const byMobile = (await new Jar(port, "perlas.localhost").get("/m/register?method=mobileNum")).body;
    expect(input(byMobile, "mobileNum")).toContain('placeholder="09XX XXX XXXX"');
    expect(byMobile).not.toContain(">+63<");
    const optional = (await new Jar(port).get("/m/register")).body;
    expect(input(optional, "mobileNum")).toContain('placeholder="09XX XXX XXXX"');
  });

  it("answers a new password equal to the old one with the same_password prompt, not a field error", async () => {
    // Just signed in: the old password is not asked, so only the server can tell.
    const { jar } = await signedIn("lucky-peso", "samepass01");
    const page = await jar.get("/m/changePsw");
    expect(page.body).not.toContain('name="oldPassword"');
    // Without JavaScript the button must stay usable: only the browser disables it until the fields are filled.
    expect(page.body).not.toMatch(/<button type="submit" disabled=""/);
    const r = await jar.post("/m/changePsw", { newPassword: "goodpass12", confirmNewPassword: "goodpass12" });
    expect(r.status).toBe(400);
    const dialog = r.body.match(/<div role="alertdialog"[\s\S]*?<\/div>/)?.[0] ?? "";
    expect(dialog).toContain("The new password must be different from the old one");
    expect(dialog).toMatch(/<a [^>]*href="\/m\/changePsw"[^>]*>OK<\/a>/);
    expect(shows(r.body, "The new password must be different from the old one")).toBe(false);
    expect(input(r.body, "newPassword")).not.toContain("aria-invalid");
  });

  it("checks the same password in the form too when the old one is asked", async () => {
    const jar = new Jar(port);
    await jar.get("/m/register");
    const reg = await jar.post("/m/register", {
      method: "username",
      username: "sameold01",
      password: "goodpass12",
      confirmPassword: "goodpass12",
      realName: "Maria Clara Santos",
      birthday: "1990-02-03",
      disclaimer: "on",
    });
    expect(reg.status).toBe(302);
    // A remembered device signs in without proving the password, so the old one is asked.
    await jar.post("/m/logout", {});
    await jar.post("/m/login", { intent: "password", username: "sameold01", password: "goodpass12", remember: "on" });
    await jar.post("/m/logout", {});
    await jar.get("/m/login");
    expect((await jar.post("/m/login", { intent: "remembered", mode: "member" })).status).toBe(302);
    expect((await jar.get("/m/changePsw")).body).toContain('name="oldPassword"');
    const r = await jar.post("/m/changePsw", {
      oldPassword: "goodpass12",
      newPassword: "goodpass12",
      confirmNewPassword: "goodpass12",
    });
    expect(r.status).toBe(400);
    expect(r.body).toMatch(
      /<div role="alertdialog"[^>]*>\s*<p id="[^"]+"[^>]*>The new password must be different from the old one/,
    );
    expect(shows(r.body, "The new password must be different from the old one")).toBe(false);
  });

  it("shows a phone-number username in the header with its middle hidden", async () => {
    const { jar } = await signedIn("perlas-play", "09171234567");
    const top = header((await jar.get("/m/home")).body);
    expect(top).toContain("0917•••4567");
    expect(top).not.toContain("09171234567");
    const named = await signedIn("perlas-play", "09181234567", { nickname: "Lorna" });
    expect(header((await named.jar.get("/m/home")).body)).toContain("Lorna");
  });

  it("gives members their referral link and code, and no one else", async () => {
    const lucky = registry.byId.get("lucky-peso")!;
    const { jar, member } = await signedIn("lucky-peso", "inviter01");
    const panel = invitePanel((await jar.get("/m/home?panel=invite")).body);
    const link = `https://luckypeso.localhost/m/register?affiliateCode=${member.inviteCode}`;
    expect(panel).toContain(`value="${link}"`);
    expect(panel).toContain(member.inviteCode);
    // The link is the one registration reads.
    const invited = await new Jar(port).get(link.replace("https://luckypeso.localhost", ""));
    expect(invited.body).toContain(`Invitation code ${member.inviteCode} applied`);

    const visitor = invitePanel((await new Jar(port).get("/m/home?panel=invite")).body);
    expect(visitor).toContain("Log in or create an account to get your personal invitation link.");
    expect(visitor).not.toContain("affiliateCode=");

    const agent = await signedIn("lucky-peso", "agentinv01", { type: 41 });
    const agentPanel = invitePanel((await agent.jar.get("/m/home?panel=invite")).body);
    expect(agentPanel).not.toContain("affiliateCode=");
    expect(agentPanel).not.toContain(agent.member.inviteCode);
    // An agent's own link is on the agent centre (issue 17), where the panel sends it.
    expect(agentPanel).toContain('data-testid="invite-agent-centre"');
    expect(agentPanel).toContain('href="/m/agent/home"');

    await setFlag(database.db, lucky, "AFFMAN3", false, { name: "test", reason: "invite panel without referrals" });
    try {
      expect(invitePanel((await jar.get("/m/home?panel=invite")).body)).not.toContain("affiliateCode=");
    } finally {
      await setFlag(database.db, lucky, "AFFMAN3", null, { name: "test", reason: "invite panel test done" });
    }
  });
});
