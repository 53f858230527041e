import { spawnSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { createMember } from "../../app/domain/accounts/members.server";
import { createSession } from "../../app/domain/accounts/sessions.server";
import { countUnreadInbox } from "../../app/domain/inbox/inbox.server";
import { auditHistory } from "../../app/domain/site/audit.server";
import { runAdminCommand, type AdminRequest } from "../../app/domain/support/commands.server";
import { formatAdminResult } from "../../scripts/lib/format";
import { Jar } from "../setup/jar";
import { servedApp } from "../setup/test-server";
import { TEST_ENGINE } from "../setup/test-db";

const app = servedApp();

const brand = (id: string) => app.registry.byId.get(id)!;
const run = <R extends AdminRequest>(req: R) => runAdminCommand(app.database.db, app.registry, req);

let seq = 0;
async function player(brandId: string, type = 0) {
  const b = brand(brandId);
  const member = await createMember(app.database.db, b, { username: `inbox${++seq}x`, password: "goodpass12", type });
  const jar = new Jar(app.port, b.hosts[0]);
  jar.cookies.set("__Host-sid", await createSession(app.database.db, b, member.id));
  return { member, jar, reader: { memberId: member.id, type } };
}

/** The inbox entry's unread badge as the header draws it for screen readers. */
const badge = (body: string) => /Unread messages: (\d+)/.exec(body)?.[1] ?? null;

describe(`the inbox on ${TEST_ENGINE}`, () => {
  it("delivers to one member and to all, counts unread per member, marks read on opening and keeps brands apart", async () => {
    const ana = await player("lucky-peso");
    const ben = await player("lucky-peso");
    const perlas = await player("perlas-play");

    const personal = await run({
      command: "inbox.send",
      brand: "lucky-peso",
      to: ana.member.username,
      title: "Your withdrawal",
      body: "Hello Ana,\nyour withdrawal was paid. <script>alert(1)</script>",
      by: "support-maria",
    });
    expect(personal.ok).toBe(true);
    if (!personal.ok) return;
    expect(formatAdminResult(personal).text).toBe(
      `lucky-peso: message ${personal.id} "Your withdrawal" sent to ${ana.member.username} (by support-maria: inbox message).`,
    );
    const broadcast = await run({
      command: "inbox.send",
      brand: "lucky-peso",
      all: true,
      title: "Maintenance tonight",
      body: "The site is closed 02:00-03:00.",
      by: "support-maria",
      why: "planned maintenance",
    });
    expect(broadcast.ok && formatAdminResult(broadcast).text).toMatch(
      /sent to every member \(by support-maria: planned maintenance\)/,
    );
    if (!broadcast.ok) return;

    // Both writes are audited with who and why.
    const audit = await auditHistory(app.database.db, brand("lucky-peso"), "inbox:");
    expect(audit.map((a) => [a.subject, a.actor, a.reason])).toEqual(
      expect.arrayContaining([
        [`inbox:member:${ana.member.usernameKey}`, "support-maria", "inbox message"],
        ["inbox:all", "support-maria", "planned maintenance"],
      ]),
    );

    let page = await ana.jar.get("/m/inbox");
    expect(page.status).toBe(200);
    expect(page.body).toContain("Your withdrawal");
    expect(page.body).toContain("Maintenance tonight");
    expect(badge(page.body)).toBe("2");
    page = await ben.jar.get("/m/inbox");
    expect(page.body).not.toContain("Your withdrawal");
    expect(page.body).toContain("Maintenance tonight");
    expect(badge(page.body)).toBe("1");

    // Another brand sees nothing of Lucky Peso's, not even by id.
    page = await perlas.jar.get("/m/inbox");
    expect(page.status).toBe(200);
    expect(page.body).not.toContain("Maintenance tonight");
    expect(badge(page.body)).toBeNull();
    expect((await perlas.jar.get(`/m/inboxDetail?id=${broadcast.id}`)).status).toBe(404);
    // Nor does another member of the same brand see Ana's own message.
    const foreign = await ben.jar.get(`/m/inboxDetail?id=${personal.id}`);
    expect(foreign.status).toBe(404);
    expect(foreign.body).toContain("This message was not found.");

    // Opening a message "to all" reads it for Ana only; the body is text, never markup.
    const detail = await ana.jar.get(`/m/inboxDetail?id=${personal.id}`);
    expect(detail.status).toBe(200);
    expect(detail.body).toContain("your withdrawal was paid. &lt;script&gt;alert(1)&lt;/script&gt;");
    expect(detail.body).not.toContain("<script>alert(1)");
    await ana.jar.get(`/m/inboxDetail?id=${broadcast.id}`);
    expect(await countUnreadInbox(app.database.db, brand("lucky-peso"), ana.reader)).toBe(0);
    expect(await countUnreadInbox(app.database.db, brand("lucky-peso"), ben.reader)).toBe(1);
    // Opening it again changes nothing.
    expect((await ana.jar.get(`/m/inboxDetail?id=${broadcast.id}`)).status).toBe(200);
    expect(badge((await ana.jar.get("/m/inbox")).body)).toBeNull();
    expect(badge((await ben.jar.get("/m/inbox")).body)).toBe("1");
  });

  it("answers a bad id with a translated 400 and a missing one with a 404", async () => {
    const { jar } = await player("lucky-peso");
    for (const id of ["abc", "0", "-1", "1e3", "99999999999", ""]) {
      const r = await jar.get(`/m/inboxDetail?id=${encodeURIComponent(id)}`);
      expect(r.status, id).toBe(400);
      expect(r.body).toContain("This message link is not valid.");
    }
    expect((await jar.get("/m/inboxDetail?id=987654")).status).toBe(404);
  });

  it("is no place for trial guests (free_reject) nor visitors (login)", async () => {
    const guest = await player("lucky-peso", 4);
    const refused = await guest.jar.get("/m/inbox");
    expect(refused.status).toBe(403);
    expect(refused.body).toContain("Please login an actual account to use this function");
    expect((await guest.jar.get("/m/inboxDetail?id=1")).status).toBe(403);
    expect(await countUnreadInbox(app.database.db, brand("lucky-peso"), guest.reader)).toBe(0);

    const cli = await run({
      command: "inbox.send",
      brand: "lucky-peso",
      to: guest.member.username,
      title: "Hi",
      body: "x",
      by: "s",
    });
    expect(cli).toEqual({ ok: false, error: `"${guest.member.username}" is a trial guest: guests have no inbox.` });

    const visitor = new Jar(app.port, brand("lucky-peso").hosts[0]);
    const away = await visitor.get("/m/inbox");
    expect(away.status).toBe(302);
    expect(away.headers.location).toBe("/m/login?redirectTo=%2Fm%2Finbox");
  });

  it("refuses a send without a clear recipient, title or body, or to an unknown member, and stores nothing", async () => {
    const { member, reader } = await player("lucky-peso");
    const before = await countUnreadInbox(app.database.db, brand("lucky-peso"), reader);
    const bad: AdminRequest[] = [
      { command: "inbox.send", brand: "lucky-peso", title: "t", body: "b", by: "s" },
      { command: "inbox.send", brand: "lucky-peso", to: member.username, all: true, title: "t", body: "b", by: "s" },
      { command: "inbox.send", brand: "lucky-peso", to: member.username, title: " ", body: "b", by: "s" },
      { command: "inbox.send", brand: "lucky-peso", to: member.username, title: "t", body: "b".repeat(4001), by: "s" },
      { command: "inbox.send", brand: "lucky-peso", to: member.username, title: "t", body: "b", by: "" },
      { command: "inbox.send", brand: "lucky-peso", to: "nobody-here", title: "t", body: "b", by: "s" },
      { command: "inbox.send", brand: "no-such-brand", all: true, title: "t", body: "b", by: "s" },
    ];
    for (const req of bad) expect((await run(req)).ok, JSON.stringify(req).slice(0, 120)).toBe(false);
    expect(await countUnreadInbox(app.database.db, brand("lucky-peso"), reader)).toBe(before);
  });

  it("the CLI refuses --to with --all, or neither, before it touches any database", () => {
    const cli = (args: string[]) =>
      spawnSync(process.execPath, ["--import", "tsx", "scripts/inbox.ts", ...args], {
        encoding: "utf8",
        env: { PATH: process.env.PATH ?? "", NODE_ENV: "test" },
      });
    for (const args of [
      ["send", "lucky-peso", "--to", "ana", "--all", "--title", "t", "--body", "b"],
      ["send", "lucky-peso", "--title", "t", "--body", "b"],
      ["sned", "lucky-peso"],
    ]) {
      const r = cli(args);
      expect(r.status, args.join(" ")).toBe(1);
      expect(r.stderr).toContain("npm run inbox -- send <brand> (--to <username> | --all)");
    }
  });
});
