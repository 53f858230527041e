import fs from "node:fs";
import type http from "node:http";
import os from "node:os";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BrandRegistry } from "../../app/brand/registry.server";
import type { Database } from "../../app/db/client.server";
import { announcementReads, announcements, contentImages } from "../../app/db/schema";
import { createMember } from "../../app/domain/accounts/members.server";
import { createSession } from "../../app/domain/accounts/sessions.server";
import { runAdminCommand } from "../../app/domain/support/commands.server";
import { projectBrands } from "../setup/brands";
import { portOf, request } from "../setup/http";
import { Jar } from "../setup/jar";
import { serveApp } from "../setup/test-server";
import { createTestDatabase, TEST_ENGINE } from "../setup/test-db";

/** Announcements, their read marks, the login pop-up list and the help centre, over HTTP without JavaScript. */

let database: Database;
let registry: BrandRegistry;
let server: http.Server;
let port: number;
let dir: string;

const lucky = () => registry.byId.get("lucky-peso")!;
const perlas = () => registry.byId.get("perlas-play")!;
const HOSTILE =
  '<p>Read me<script>alert("xss")</script><img src=x onerror="alert(1)"><a href="JaVaScRiPt:alert(2)">click</a><svg onload="alert(3)"></svg></p>';

const item = (brand: string, key: string, title: string, over: Record<string, unknown> = {}) => ({
  kind: "announcement",
  brand,
  key,
  language: "en",
  contentType: "A",
  title,
  html: "<p>Body</p>",
  start: "2026-01-01",
  ...over,
});

beforeAll(async () => {
  database = await createTestDatabase();
  registry = await projectBrands();
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "notices-http-"));
  fs.copyFileSync(path.resolve("content/examples/fiesta-banner.png"), path.join(dir, "art.png"));
  fs.writeFileSync(
    path.join(dir, "content.json"),
    JSON.stringify([
      item("lucky-peso", "first", "Lucky first notice"),
      item("lucky-peso", "second", "Lucky second notice", { html: HOSTILE }),
      item("lucky-peso", "third", "Lucky third notice", { html: '<p><img src="art.png" alt="art"></p>' }),
      item("lucky-peso", "ended", "Lucky ended notice", { end: "2026-01-02" }),
      { ...item("lucky-peso", "popup", "Lucky pop-up notice"), kind: "popup", contentType: undefined },
      item("perlas-play", "perlas", "Perlas only notice"),
      {
        kind: "help",
        brand: "lucky-peso",
        tag: "deposits",
        language: "en",
        title: "Deposits",
        text: "Open Deposit.\n\nChoose a channel.",
        date: "2026-01-05",
      },
      {
        kind: "help",
        brand: "lucky-peso",
        tag: "deposit-gcash",
        parentTag: "deposits",
        language: "en",
        title: "GCash",
        text: "Pay with GCash.",
        date: "2026-01-06",
      },
    ]),
  );
  const published = await runAdminCommand(database.db, registry, { command: "content.publish", path: dir, by: "t", why: "test" });
  if (!published.ok || !published.files.every((f) => f.ok)) throw new Error(JSON.stringify(published));
  server = await serveApp({ database, registry });
  port = portOf(server);
});
afterAll(async () => {
  if (server) await new Promise((r) => server.close(r));
  await database?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

async function idOf(key: string, brand = lucky()) {
  const [row] = await database.db
    .select({ id: announcements.id })
    .from(announcements)
    .where(and(eq(announcements.merchantCode, brand.merchantCode), eq(announcements.key, key)));
  return row!.id;
}

let seq = 0;
async function signedIn(type = 0, brand = lucky()) {
  const member = await createMember(database.db, brand, { username: `notice${type}x${++seq}`, password: "goodpass12", type });
  const jar = new Jar(port, brand.hosts[0]);
  jar.cookies.set("__Host-sid", await createSession(database.db, brand, member.id));
  return { jar, member };
}

const reads = async (memberId: number) =>
  database.db.select().from(announcementReads).where(eq(announcementReads.memberId, memberId));
/** The badge as the side menu reads it out. */
const badge = (body: string) => /Unread announcements: (\d+)/.exec(body)?.[1] ?? null;

describe(`announcements over HTTP on ${TEST_ENGINE}`, () => {
  it("lists the brand's notices in force with MM/DD/YYYY dates, never another brand's or an ended one", async () => {
    const page = await request(port, "/m/notice", { host: "luckypeso.localhost" });
    expect(page.status).toBe(200);
    expect(page.body).toContain("Lucky first notice");
    expect(page.body).toContain("01/01/2026");
    expect(page.body).not.toContain("Perlas only notice");
    expect(page.body).not.toContain("Lucky ended notice");
    expect(page.body).toContain('data-testid="notice-list"');
    const other = await request(port, "/m/notice", { host: "perlas.localhost" });
    expect(other.body).toContain("Perlas only notice");
    expect(other.body).not.toContain("Lucky first notice");
  });

  it("renders hostile HTML inert", async () => {
    for (const p of ["/m/notice", `/m/noticeDetail?id=${await idOf("second")}`]) {
      const page = await request(port, p, { host: "luckypeso.localhost" });
      expect(page.body).toContain("Read me");
      expect(page.body).not.toContain('alert("xss")');
      expect(page.body).not.toMatch(/onerror|onload=|javascript:alert/i);
    }
  });

  it("marks read on opening the detail (YYYY-MM-DD) for a member, and the badge drops", async () => {
    const { jar, member } = await signedIn();
    const before = badge((await jar.get("/m/home?panel=menu")).body);
    expect(Number(before)).toBe(4);
    const detail = await jar.get(`/m/noticeDetail?id=${await idOf("first")}`);
    expect(detail.status).toBe(200);
    expect(detail.body).toContain("2026-01-01");
    expect(detail.headers["cache-control"]).toContain("no-store");
    expect((await reads(member.id)).map((r) => r.announcementKey)).toEqual(["first"]);
    expect(badge((await jar.get("/m/home?panel=menu")).body)).toBe("3");
    // Opening it again writes nothing more.
    await jar.get(`/m/noticeDetail?id=${await idOf("first")}`);
    expect(await reads(member.id)).toHaveLength(1);
  });

  it("marks read from the list's post, once under parallel posts, and refuses bad or foreign ids with 4xx", async () => {
    const { jar, member } = await signedIn();
    await jar.get("/m/notice");
    const id = String(await idOf("second"));
    const replies = await Promise.all(Array.from({ length: 8 }, () => jar.post("/m/notice", { id })));
    expect(replies.map((r) => r.status)).toEqual(Array(8).fill(200));
    expect(await reads(member.id)).toHaveLength(1);
    expect((await jar.post("/m/notice", { id }, { csrf: false })).status).toBe(403);
    expect((await jar.post("/m/notice", { id: "1e3" })).status).toBe(400);
    expect((await jar.post("/m/notice", { id: "-4" })).status).toBe(400);
    expect((await jar.post("/m/notice", { id: String(await idOf("perlas", perlas())) })).status).toBe(404);
    expect((await jar.post("/m/notice", { id: String(await idOf("ended")) })).status).toBe(404);
    expect(await reads(member.id)).toHaveLength(1);
  });

  it("never writes read marks for a trial guest (type 4), for whom every notice counts as read", async () => {
    const { jar, member } = await signedIn(4);
    const list = await jar.get("/m/notice");
    expect(list.body).not.toContain(">Unread<");
    await jar.get(`/m/noticeDetail?id=${await idOf("first")}`);
    expect((await jar.post("/m/notice", { id: String(await idOf("third")) })).status).toBe(200);
    expect(await reads(member.id)).toEqual([]);
    expect(badge((await jar.get("/m/home?panel=menu")).body)).toBeNull();
  });

  it("shows a visitor every notice as read, with no badge", async () => {
    const jar = new Jar(port, "luckypeso.localhost");
    expect((await jar.get("/m/notice")).body).not.toContain(">Unread<");
    expect(badge((await jar.get("/m/home?panel=menu")).body)).toBeNull();
    const member = await signedIn();
    expect((await member.jar.get("/m/notice")).body).toContain(">Unread<");
  });

  it("answers another brand's, an ended or a malformed id with the translated not-found page and 404", async () => {
    for (const id of [String(await idOf("perlas", perlas())), String(await idOf("ended")), "abc", "", "99999999999"]) {
      const page = await request(port, `/m/noticeDetail?id=${id}`, { host: "luckypeso.localhost" });
      expect(page.status, id).toBe(404);
      expect(page.body).toContain("Announcement not found");
    }
    const zh = new Jar(port, "luckypeso.localhost");
    zh.cookies.set("lng", "zh");
    const page = await zh.get(`/m/noticeDetail?id=${await idOf("perlas", perlas())}`);
    expect(page.status).toBe(404);
  });

  it("shows the login pop-up list on the first page after a sign-in, and not again in that session", async () => {
    const { jar } = await signedIn();
    const first = await jar.get("/m/home");
    expect(first.body).toContain("Lucky pop-up notice");
    expect(first.body).toContain('role="dialog"');
    const second = await jar.get("/m/home");
    expect(second.body).not.toContain('role="dialog"');
    // A new sign-in (a new session) shows it again.
    const member = await createMember(database.db, lucky(), { username: `popup${++seq}`, password: "goodpass12" });
    jar.cookies.set("__Host-sid", await createSession(database.db, lucky(), member.id));
    expect((await jar.get("/m/home")).body).toContain('role="dialog"');
  });

  it("serves a published image by content type, cached for good, to its own brand only", async () => {
    const [image] = await database.db.select().from(contentImages).where(eq(contentImages.merchantCode, lucky().merchantCode));
    const url = `/content-images/${image!.sha256}.png`;
    const page = await request(port, `/m/noticeDetail?id=${await idOf("third")}`, { host: "luckypeso.localhost" });
    expect(page.body).toContain(`src="${url}"`);
    const served = await request(port, url, { host: "luckypeso.localhost" });
    expect(served.status).toBe(200);
    expect(served.headers["content-type"]).toBe("image/png");
    expect(served.headers["x-content-type-options"]).toBe("nosniff");
    expect(served.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect((await request(port, url, { host: "perlas.localhost" })).status).toBe(404);
    expect((await request(port, url.replace(".png", ".gif"), { host: "luckypeso.localhost" })).status).toBe(404);
    expect((await request(port, "/content-images/..%2f..%2fetc%2fpasswd", { host: "luckypeso.localhost" })).status).toBe(404);
  });
});

describe(`the help centre over HTTP on ${TEST_ENGINE}`, () => {
  it("lists topics with children flattened, MM/DD/YYYY and read more, and opens one by tag", async () => {
    const list = await request(port, "/m/help", { host: "luckypeso.localhost" });
    expect(list.status).toBe(200);
    const deposits = list.body.indexOf(">Deposits</h2>");
    const gcash = list.body.indexOf(">GCash</h2>");
    expect(deposits).toBeGreaterThan(-1);
    expect(gcash).toBeGreaterThan(deposits);
    expect(list.body).toContain("01/05/2026");
    expect(list.body).toContain('href="/m/helpDetail?tag=deposit-gcash"');
    expect(list.body).toContain('href="/m/home"');
    const detail = await request(port, "/m/helpDetail?tag=deposits", { host: "luckypeso.localhost" });
    expect(detail.status).toBe(200);
    expect(detail.body).toContain("Choose a channel.");
    expect(detail.body).toContain('href="/m/help"');
  });

  it("answers an unknown, malformed or other brand's tag with 404 and shows the empty placeholder", async () => {
    for (const tag of ["nope", "../x", "<script>"]) {
      const page = await request(port, `/m/helpDetail?tag=${encodeURIComponent(tag)}`, { host: "luckypeso.localhost" });
      expect(page.status, tag).toBe(404);
      expect(page.body).toContain("Help topic not found");
    }
    expect((await request(port, "/m/helpDetail?tag=deposits", { host: "perlas.localhost" })).status).toBe(404);
    expect((await request(port, "/m/help", { host: "perlas.localhost" })).body).toContain("No help topics yet");
  });
});
