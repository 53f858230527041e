import QRCode from "qrcode";
import { describe, expect, it } from "vitest";
import { createMember, findMemberByUsername } from "../../app/domain/accounts/members.server";
import { countReferrals, REFERRAL_QR_OPTIONS } from "../../app/domain/accounts/referral.server";
import { createSession } from "../../app/domain/accounts/sessions.server";
import { Jar } from "../setup/jar";
import { registrationFields } from "../setup/registration";
import { servedApp } from "../setup/test-server";
import { TEST_ENGINE } from "../setup/test-db";

const app = servedApp();

const lucky = () => app.registry.byId.get("lucky-peso")!;

async function signedIn(username: string, type = 0) {
  const member = await createMember(app.database.db, lucky(), { username, password: "goodpass12", type });
  const jar = new Jar(app.port, lucky().hosts[0]);
  jar.cookies.set("__Host-sid", await createSession(app.database.db, lucky(), member.id));
  return { member, jar };
}

/** The link the invite panel shows in its read-only field. */
const panelLink = (body: string) => /id="invite-link"[^>]*value="([^"]+)"/.exec(body)?.[1]?.replace(/&amp;/g, "&");

describe(`referral through the invite panel on ${TEST_ENGINE}`, () => {
  it("draws the QR code of the member's own link, and records a player registering through it as referred", async () => {
    const { member, jar } = await signedIn("referrer01");
    const panel = await jar.get("/m/home?panel=invite");
    const link = panelLink(panel.body);
    expect(link).toBe(`https://luckypeso.localhost/m/register?affiliateCode=${member.inviteCode}`);
    expect(panel.body).toContain('src="/m/inviteQr.svg"');
    expect(panel.body).toMatch(/data-testid="invite-referred"[^>]*>0</);

    // The picture is the QR library's drawing of exactly that link, made on our server.
    const qr = await jar.get("/m/inviteQr.svg");
    expect(qr.status).toBe(200);
    expect(qr.headers["content-type"]).toBe("image/svg+xml; charset=utf-8");
    expect(qr.headers["cache-control"]).toBe("private, no-store");
    expect(qr.body).toBe(await QRCode.toString(link!, REFERRAL_QR_OPTIONS));
    expect(qr.body).not.toBe(await QRCode.toString(link!.replace(member.inviteCode, "ABCDEFGH"), REFERRAL_QR_OPTIONS));

    // A new player follows the link and registers with no code typed.
    const friend = new Jar(app.port, lucky().hosts[0]);
    const form = await friend.get(new URL(link!).pathname + new URL(link!).search);
    expect(form.body).toContain(`Invitation code ${member.inviteCode} applied`);
    const reg = await friend.post(`/m/register?affiliateCode=${member.inviteCode}`, registrationFields("referred01"));
    expect(reg.status).toBe(302);
    const referred = await findMemberByUsername(app.database.db, lucky(), "referred01");
    expect(referred?.referrerId).toBe(member.id);
    expect(await countReferrals(app.database.db, lucky(), member.id)).toBe(1);
    expect((await jar.get("/m/home?panel=invite")).body).toMatch(/data-testid="invite-referred"[^>]*>1</);

    // A player registering without the link is referred by no one.
    const other = new Jar(app.port, lucky().hosts[0]);
    await other.get("/m/register");
    const plain = await other.post("/m/register", registrationFields("unreferred01"));
    expect(plain.status).toBe(302);
    expect((await findMemberByUsername(app.database.db, lucky(), "unreferred01"))?.referrerId).toBeNull();
    expect(await countReferrals(app.database.db, lucky(), member.id)).toBe(1);
  });

  it("draws no QR code for visitors, trial guests or agents, nor for another brand's member", async () => {
    const visitor = await new Jar(app.port, lucky().hosts[0]).get("/m/inviteQr.svg");
    expect(visitor.status).toBe(302);
    const guest = await signedIn("qrguest01", 4);
    expect((await guest.jar.get("/m/inviteQr.svg")).status).toBe(404);
    const agent = await signedIn("qragent01", 41);
    expect((await agent.jar.get("/m/inviteQr.svg")).status).toBe(404);
    // A Lucky Peso session cookie means nothing on Perlas Play's host.
    const { jar } = await signedIn("qrmember01");
    const elsewhere = new Jar(app.port, "perlas.localhost");
    elsewhere.cookies.set("__Host-sid", jar.cookies.get("__Host-sid")!);
    expect((await elsewhere.get("/m/inviteQr.svg")).status).toBe(302);
  });

  it("puts a player registering with an agent's link in its downline, and that player's invitees too", async () => {
    const agent = await createMember(app.database.db, lucky(), { username: "downagent01", password: "goodpass12", type: 41 });
    const first = new Jar(app.port, lucky().hosts[0]);
    await first.get(`/m/register?affiliateCode=${agent.inviteCode}`);
    expect((await first.post(`/m/register?affiliateCode=${agent.inviteCode}`, registrationFields("downplayer01"))).status).toBe(
      302,
    );
    const player = await findMemberByUsername(app.database.db, lucky(), "downplayer01");
    expect(player).toMatchObject({ referrerId: agent.id, agentId: agent.id, upline: [agent.id] });

    // The player's own code: the new player is the player's referral, in the same agent's team.
    const second = new Jar(app.port, lucky().hosts[0]);
    await second.get(`/m/register?affiliateCode=${player!.inviteCode}`);
    expect(
      (await second.post(`/m/register?affiliateCode=${player!.inviteCode}`, registrationFields("downplayer02"))).status,
    ).toBe(302);
    expect(await findMemberByUsername(app.database.db, lucky(), "downplayer02")).toMatchObject({
      referrerId: player!.id,
      agentId: agent.id,
      upline: [agent.id],
    });

    // The agent's code means nothing on another brand: typed there, it is refused and nobody joins.
    const elsewhere = new Jar(app.port, "perlas.localhost");
    await elsewhere.get("/m/register");
    const refused = await elsewhere.post("/m/register", registrationFields("downplayer03", { affiliateCode: agent.inviteCode }));
    expect(refused.status).toBe(400);
    expect(await findMemberByUsername(app.database.db, app.registry.byId.get("perlas-play")!, "downplayer03")).toBeNull();
  });
});
