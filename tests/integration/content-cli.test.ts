import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { and, count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BrandRegistry } from "../../app/brand/registry.server";
import type { Database } from "../../app/db/client.server";
import { announcementReads, announcements, auditLog, banners, contentImages, helpItems, promotions } from "../../app/db/schema";
import { createMember } from "../../app/domain/accounts/members.server";
import { getHelp, listBanners, listHelp, listNotices, markNoticeRead } from "../../app/domain/content/content.server";
import { runAdminCommand, type AdminRequest } from "../../app/domain/support/commands.server";
import { formatAdminResult } from "../../scripts/lib/format";
import { projectBrands } from "../setup/brands";
import { createTestDatabase, TEST_ENGINE } from "../setup/test-db";

/** `npm run content`: publish, list and retire, run as the admin channel runs them. */

let database: Database;
let registry: BrandRegistry;
const dirs: string[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  registry = await projectBrands();
});
afterAll(async () => {
  await database?.close();
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
});

const lucky = () => registry.byId.get("lucky-peso")!;
const perlas = () => registry.byId.get("perlas-play")!;
const run = <R extends AdminRequest>(req: R) => runAdminCommand(database.db, registry, req);
const who = { by: "tess", why: "content test" };
const EXAMPLES = path.resolve("content/examples");
const PNG = fs.readFileSync(path.join(EXAMPLES, "fiesta-banner.png"));

/** A folder holding the given files (JSON values are written as JSON). */
function folder(files: Record<string, unknown>): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "content-cli-"));
  dirs.push(dir);
  for (const [name, value] of Object.entries(files))
    fs.writeFileSync(path.join(dir, name), Buffer.isBuffer(value) || typeof value === "string" ? value : JSON.stringify(value));
  return dir;
}

const rows = async (table: typeof announcements | typeof promotions | typeof banners, mc: string) =>
  (await database.db.select({ n: count() }).from(table).where(eq(table.merchantCode, mc)))[0]!.n;

const notice = (over: Record<string, unknown> = {}) => ({
  kind: "announcement",
  brand: "lucky-peso",
  key: "k1",
  language: "en",
  contentType: "A",
  title: "Title",
  html: "<p>Hello</p>",
  start: "2026-01-01",
  ...over,
});

describe(`npm run content on ${TEST_ENGINE}`, () => {
  it("publishes the examples for both demo brands, images stored by content, and a second run updates instead of adding", async () => {
    const first = await run({ command: "content.publish", path: EXAMPLES, ...who });
    expect(first.ok).toBe(true);
    if (!first.ok) return;
    expect(first.files.map((f) => [path.basename(f.file), f.ok])).toEqual([
      ["lucky-peso.json", true],
      ["perlas-play.json", true],
    ]);
    expect(first.files.flatMap((f) => (f.ok ? f.items.map((i) => i.action) : []))).not.toContain("updated");
    const counts = [await rows(announcements, lucky().merchantCode), await rows(announcements, perlas().merchantCode)];

    const again = await run({ command: "content.publish", path: EXAMPLES, ...who });
    expect(again.ok && again.files.every((f) => f.ok && f.items.every((i) => i.action === "updated"))).toBe(true);
    expect([await rows(announcements, lucky().merchantCode), await rows(announcements, perlas().merchantCode)]).toEqual(counts);

    // The image is stored once per brand, and the HTML and the banner point at its URL.
    const images = await database.db.select().from(contentImages);
    expect(images.map((i) => i.merchantCode).sort()).toEqual([lucky().merchantCode, perlas().merchantCode].sort());
    expect(images.every((i) => i.contentType === "image/png" && i.bytes.equals(PNG))).toBe(true);
    const url = `/content-images/${images[0]!.sha256}.png`;
    const [fiesta] = await database.db
      .select()
      .from(announcements)
      .where(and(eq(announcements.key, "fiesta-weekend"), eq(announcements.language, "en")));
    expect(fiesta!.content).toContain(`<img src="${url}"`);
    expect(await listBanners(database.db, lucky(), "m_game", "en")).toEqual([
      expect.objectContaining({ title: "Fiesta Weekend", imageUrl: url, linkUrl: "/m/notice" }),
    ]);
    const [promo] = await database.db.select().from(promotions).where(eq(promotions.key, "baccarat-leaderboard"));
    expect(promo).toMatchObject({ noExpiry: true, categoryKeys: ["live_promo"], images: [{ url, sequence: 1 }] });

    const audit = await database.db.select().from(auditLog).where(eq(auditLog.subject, "content:publish"));
    // One row per brand a file touched: lucky-peso.json holds a popup for both brands.
    expect(audit.length).toBe(6);
    expect(audit.every((a) => a.actor === "tess" && a.reason === "content test")).toBe(true);
    expect(formatAdminResult(again).ok).toBe(true);
  });

  it("picks each item's language: the reader's, else the brand's default (TY reads English)", async () => {
    const tl = await listNotices(database.db, lucky(), "tl", null);
    expect(tl.find((n) => n.title.startsWith("Fiesta"))?.title).toBe("Fiesta Weekend: dobleng free spins");
    const ty = await listNotices(database.db, lucky(), "ty", null);
    expect(ty.find((n) => n.title.startsWith("Fiesta"))?.title).toBe("Fiesta Weekend: double free spins");
    const zh = await listNotices(database.db, perlas(), "zh", null);
    expect(zh.map((n) => n.title)).toContain("本月明珠：真人百家乐排行榜");
    expect(zh.map((n) => n.title)).toContain("Keep your account safe");
    // Never another brand's item.
    expect(ty.map((n) => n.title)).not.toContain("Pearl of the Month: live baccarat leaderboard");
  });

  it("refuses a file with one bad item whole, naming the file, item and field, while the folder's good file goes in", async () => {
    const dir = folder({
      "a-good.json": notice({ key: "good-one" }),
      "b-bad.json": [notice({ key: "ok-in-bad-file" }), notice({ key: "Bad Key", start: "2026-13-45" })],
    });
    const before = await rows(announcements, lucky().merchantCode);
    const r = await run({ command: "content.publish", path: dir, ...who });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    const [good, bad] = r.files;
    expect(good).toMatchObject({ ok: true });
    expect(bad!.ok).toBe(false);
    expect(bad!.file).toBe(path.join(dir, "b-bad.json"));
    if (bad!.ok) return;
    expect(bad!.error).toContain("item 2.key");
    expect(bad!.error).toContain("item 2.start");
    expect(await rows(announcements, lucky().merchantCode)).toBe(before + 1);
    const text = formatAdminResult(r);
    expect(text.ok).toBe(false);
    expect(text.text).toContain("b-bad.json: REFUSED, nothing from this file was published");
  });

  it.each([
    ["not JSON", "{ nope", "is not valid JSON"],
    ["an unknown brand", notice({ brand: "nobody" }), 'unknown brand "nobody"'],
    ["a language that does not exist", notice({ brand: "perlas-play", language: "xx" }), "language: a language is one of"],
    ["an impossible date", notice({ start: "2026-02-30" }), "start: is not a real date"],
    ["an unknown kind", notice({ kind: "video" }), "kind"],
    ["an unknown field", notice({ colour: "red" }), "colour"],
    ["an end before the start", notice({ end: "2025-01-01" }), "end: end is before start"],
    [
      "a promotion with an end and noExpiry",
      { ...notice(), kind: "promotion", contentType: undefined, noExpiry: true, end: "2026-02-01", categories: ["live_promo"] },
      "noExpiry",
    ],
    [
      "a promotion category outside the spec",
      { ...notice(), kind: "promotion", contentType: undefined, categories: ["casino"] },
      "categories",
    ],
    [
      "a banner link to another scheme",
      {
        kind: "banner",
        brand: "lucky-peso",
        key: "b",
        language: "en",
        group: "m_game",
        title: "t",
        image: "https://cdn.example/a.png",
        link: "javascript:alert(1)",
      },
      "link",
    ],
    [
      "a help child of no topic",
      {
        kind: "help",
        brand: "lucky-peso",
        tag: "orphan",
        parentTag: "missing-parent",
        language: "en",
        title: "t",
        text: "x",
        date: "2026-01-01",
      },
      'no help topic "missing-parent"',
    ],
    ["the same item twice", [notice({ key: "twice" }), notice({ key: "twice" })], "appears twice"],
  ])("refuses %s and stores nothing", async (_name, content, message) => {
    const before = await rows(announcements, lucky().merchantCode);
    const dir = folder({ "item.json": typeof content === "string" ? content : JSON.parse(JSON.stringify(content)) });
    const r = await run({ command: "content.publish", path: path.join(dir, "item.json"), ...who });
    expect(r.ok && r.files[0]!.ok).toBe(false);
    if (!r.ok || r.files[0]!.ok) return;
    expect(r.files[0]!.error).toContain(message);
    expect(await rows(announcements, lucky().merchantCode)).toBe(before);
  });

  it("checks images by content and size: a script named .png, a missing file and an oversized file are refused", async () => {
    const banner = (image: string) => ({
      kind: "banner",
      brand: "lucky-peso",
      key: "img",
      language: "en",
      group: "m_game",
      title: "t",
      image,
    });
    const cases: [string, Record<string, unknown>, string][] = [
      ["fake.png", { "fake.png": "<script>alert(1)</script>" }, "not a PNG, JPEG, WebP or GIF"],
      ["gone.png", {}, 'no image file "gone.png"'],
      ["huge.png", { "huge.png": Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024)]) }, "at most"],
    ];
    for (const [image, files, message] of cases) {
      const dir = folder({ ...files, "banner.json": banner(image) });
      const r = await run({ command: "content.publish", path: path.join(dir, "banner.json"), ...who });
      expect(r.ok && !r.files[0]!.ok && r.files[0]!.error, image).toContain(message);
      expect(r.ok && !r.files[0]!.ok && r.files[0]!.error, image).toContain("item 1.image");
    }
    expect((await database.db.select({ n: count() }).from(banners).where(eq(banners.key, "img")))[0]!.n).toBe(0);
  });

  it("stores hostile HTML sanitised", async () => {
    const dir = folder({
      "x.json": notice({
        key: "hostile",
        html: '<p onclick="x()">Hi<script>alert(1)</script><img src=x onerror=alert(1)><a href="jav&#x09;ascript:alert(1)">y</a><iframe src="https://evil.example"></iframe></p>',
      }),
    });
    await run({ command: "content.publish", path: dir, ...who });
    const [row] = await database.db.select().from(announcements).where(eq(announcements.key, "hostile"));
    expect(row!.content).toBe('<p>Hi<a target="_blank" rel="noopener noreferrer nofollow">y</a></p>');
  });

  it("publishes the same file from two commands at once without a duplicate", async () => {
    const dir = folder({ "race.json": [notice({ key: "race-a" }), notice({ key: "race-b", language: "tl" })] });
    const results = await Promise.all(Array.from({ length: 4 }, () => run({ command: "content.publish", path: dir, ...who })));
    expect(results.every((r) => r.ok && r.files.every((f) => f.ok))).toBe(true);
    const n = await database.db
      .select({ n: count() })
      .from(announcements)
      .where(and(eq(announcements.merchantCode, lucky().merchantCode), eq(announcements.key, "race-a")));
    expect(n[0]!.n).toBe(1);
  });

  it("lists by kind and retires an item from every screen, keeping its read marks; republishing brings it back", async () => {
    const listed = await run({ command: "content.list", brand: "lucky-peso", kind: "help" });
    expect(listed.ok && listed.items.map((i) => i.key)).toEqual(["fiesta-weekend-terms"]);
    const popups = await run({ command: "content.list", brand: "perlas-play", kind: "popup" });
    expect(popups.ok && popups.items.map((i) => `${i.kind}:${i.key}`)).toEqual(["popup:verify-account"]);

    const member = await createMember(database.db, lucky(), { username: "contentreader", password: "goodpass12" });
    const reader = { memberId: member.id, type: 0 };
    const fiesta = (await listNotices(database.db, lucky(), "en", reader)).find((n) => n.title.startsWith("Fiesta"))!;
    expect(await markNoticeRead(database.db, lucky(), reader, fiesta.id)).toBe(true);

    const retired = await run({
      command: "content.retire",
      brand: "lucky-peso",
      kind: "announcement",
      key: "fiesta-weekend",
      ...who,
    });
    expect(retired).toMatchObject({ ok: true, retired: 2 });
    expect((await listNotices(database.db, lucky(), "en", reader)).map((n) => n.title)).not.toContain(fiesta.title);
    expect(await database.db.select().from(announcementReads).where(eq(announcementReads.memberId, member.id))).toHaveLength(1);
    const again = await run({
      command: "content.retire",
      brand: "lucky-peso",
      kind: "announcement",
      key: "fiesta-weekend",
      ...who,
    });
    expect(again).toEqual({ ok: false, error: 'lucky-peso has no published announcement "fiesta-weekend" to retire.' });
    // Another brand's key is not this brand's to retire.
    expect(
      (await run({ command: "content.retire", brand: "lucky-peso", kind: "announcement", key: "pearl-of-the-month", ...who })).ok,
    ).toBe(false);

    await run({ command: "content.retire", brand: "lucky-peso", kind: "help", key: "fiesta-weekend-terms", ...who });
    expect(await getHelp(database.db, lucky(), "en", "fiesta-weekend-terms")).toBeNull();
    expect((await listHelp(database.db, lucky(), "en")).map((h) => h.tag)).not.toContain("fiesta-weekend-terms");
    const [kept] = await database.db.select().from(helpItems).where(eq(helpItems.tag, "fiesta-weekend-terms"));
    expect(kept!.retiredAt).not.toBeNull();

    await run({ command: "content.publish", path: path.join(EXAMPLES, "lucky-peso.json"), ...who });
    const back = await listNotices(database.db, lucky(), "en", reader);
    expect(back.find((n) => n.title.startsWith("Fiesta"))).toMatchObject({ read: true });
  });

  it("answers usage mistakes with a message, not a crash", async () => {
    expect(await run({ command: "content.list", brand: "nobody" })).toMatchObject({
      ok: false,
      error: expect.stringContaining("Unknown brand"),
    });
    expect(await run({ command: "content.publish", path: "relative/path", ...who })).toMatchObject({ ok: false });
    expect(await run({ command: "content.publish", path: "/no/such/folder", ...who })).toMatchObject({
      ok: false,
      error: expect.stringContaining("ENOENT"),
    });
    expect(
      await run({ command: "content.retire", brand: "lucky-peso", kind: "video" as "banner", key: "x", ...who }),
    ).toMatchObject({
      ok: false,
    });
  });
});
