import { describe, expect, it } from "vitest";
import { createMember } from "../../app/domain/accounts/members.server";
import { unreadNoticesQuery } from "../../app/domain/content/content.server";
import { addFavourite, removeFavourite } from "../../app/domain/catalogue/favourites.server";
import { listGames } from "../../app/domain/catalogue/games.server";
import { seedBrandIfEmpty } from "../../app/db/seed/load.server";
import { countUnreadInbox } from "../../app/domain/inbox/inbox.server";
import { runAdminCommand } from "../../app/domain/support/commands.server";
import { getBalance } from "../../app/domain/wallet/balances.server";
import { headerFigures } from "../../app/web/header-figures.server";
import { announcements } from "../../app/db/schema";
import { fund } from "../setup/seamless-client";
import { servedApp } from "../setup/test-server";
import { TEST_ENGINE } from "../setup/test-db";

const app = servedApp();
const lucky = () => app.registry.byId.get("lucky-peso")!;
let seq = 0;

describe(`the header's figures in one statement on ${TEST_ENGINE}`, () => {
  it("are a member's unread announcements, unread messages and cash balance, as each query alone gives them", async () => {
    const db = app.database.db;
    const member = await createMember(db, lucky(), { username: `figures${++seq}x`, password: "goodpass12" });
    const reader = { memberId: member.id, type: 0 };
    await fund(db, lucky(), member.id, 1_234_567_890_123n);
    await db.insert(announcements).values({
      merchantCode: lucky().merchantCode,
      key: `figures-${seq}`,
      contentType: "A",
      title: "Fiesta",
      content: "<p>Fiesta</p>",
      startDate: new Date(Date.now() - 60_000),
    });
    const sent = await runAdminCommand(db, app.registry, {
      command: "inbox.send",
      brand: "lucky-peso",
      to: member.username,
      title: "Welcome",
      body: "Hello",
      by: "support-maria",
    });
    expect(sent.ok).toBe(true);

    const figures = await headerFigures(db, lucky(), "en", { reader, notices: true, inbox: true, account: "cash" });
    const [notices] = await unreadNoticesQuery(db, lucky(), "en", reader)!;
    expect(figures).toEqual({
      noticeUnread: Number(notices!.n),
      inboxUnread: await countUnreadInbox(db, lucky(), reader),
      balance: 1_234_567_890_123n,
      favourites: "",
    });
    expect(figures.noticeUnread).toBeGreaterThan(0);
    expect(figures.inboxUnread).toBeGreaterThanOrEqual(1);
    expect(figures.balance).toBe(await getBalance(db, lucky(), member.id, "cash"));

    // The time is the request's, not the first reading's: an announcement that starts a moment later counts then.
    await db.insert(announcements).values({
      merchantCode: lucky().merchantCode,
      key: `figures-${seq}-soon`,
      contentType: "A",
      title: "Soon",
      content: "<p>Soon</p>",
      startDate: new Date(Date.now() + 1_000),
    });
    expect((await headerFigures(db, lucky(), "en", { reader, notices: true, inbox: true, account: "cash" })).noticeUnread).toBe(
      figures.noticeUnread,
    );
    await new Promise((r) => setTimeout(r, 1_100));
    expect((await headerFigures(db, lucky(), "en", { reader, notices: true, inbox: true, account: "cash" })).noticeUnread).toBe(
      figures.noticeUnread + 1,
    );

    // With the site closed or the inbox off, those badges are not counted.
    expect(await headerFigures(db, lucky(), "en", { reader, notices: false, inbox: false, account: "cash" })).toEqual({
      noticeUnread: 0,
      inboxUnread: 0,
      balance: 1_234_567_890_123n,
      favourites: "",
    });
  });

  it("carry a stamp of the member's favourites that any addition or removal changes", async () => {
    const db = app.database.db;
    await seedBrandIfEmpty(db, lucky());
    const member = await createMember(db, lucky(), { username: `figures${++seq}f`, password: "goodpass12" });
    const opts = { reader: null, notices: false, inbox: false, account: null, favouritesOf: member.id };
    const stamp = async () => (await headerFigures(db, lucky(), "en", opts)).favourites;
    const [a, b] = (await listGames(db, lucky(), "en", { category: null, pageSize: 2 })).games.map((g) => g.nodeId);
    const seen = [await stamp()];
    expect(await addFavourite(db, lucky(), member.id, a!)).toBe("added");
    seen.push(await stamp());
    expect(await addFavourite(db, lucky(), member.id, b!)).toBe("added");
    seen.push(await stamp());
    await removeFavourite(db, lucky(), member.id, a!);
    seen.push(await stamp());
    // Put back: the same games as two steps before, added later.
    expect(await addFavourite(db, lucky(), member.id, a!)).toBe("added");
    seen.push(await stamp());
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen.every((s) => s !== "")).toBe(true);
    // Another member's favourites are not in it.
    const other = await createMember(db, lucky(), { username: `figures${++seq}o`, password: "goodpass12" });
    const before = await stamp();
    await addFavourite(db, lucky(), other.id, b!);
    expect(await stamp()).toBe(before);
  });

  it("are zero for a trial guest's untouched play account and for a visitor", async () => {
    const db = app.database.db;
    const guest = await createMember(db, lucky(), { username: `figures${++seq}g`, password: "goodpass12", type: 4 });
    const reader = { memberId: guest.id, type: 4 };
    const zero = { noticeUnread: 0, inboxUnread: 0, balance: 0n, favourites: "" };
    expect(await headerFigures(db, lucky(), "en", { reader, notices: true, inbox: true, account: "demo" })).toEqual(zero);
    expect(await headerFigures(db, lucky(), "en", { reader: null, notices: true, inbox: true, account: null })).toEqual(zero);
  });
});
