import http from "node:http";
import { and, eq } from "drizzle-orm";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import type { Brand } from "../../app/brand/schema";
import { memberAvatars, memberFeedback, memberProfiles, members } from "../../app/db/schema";
import { createMember } from "../../app/domain/accounts/members.server";
import { createSession } from "../../app/domain/accounts/sessions.server";
import { setFlag } from "../../app/domain/site/flags.server";
import { runAdminCommand } from "../../app/domain/support/commands.server";
import { formatAdminResult } from "../../scripts/lib/format";
import { Jar } from "../setup/jar";
import { servedApp } from "../setup/test-server";
import { TEST_ENGINE } from "../setup/test-db";

const app = servedApp();

const lucky = () => app.registry.byId.get("lucky-peso")!;
const perlas = () => app.registry.byId.get("perlas-play")!;

let seq = 0;
async function signedIn(brand: Brand, opts: { type?: number; birthday?: string } = {}) {
  const member = await createMember(app.database.db, brand, {
    username: `settings${++seq}`,
    password: "goodpass12",
    type: opts.type ?? 0,
    birthday: opts.birthday,
  });
  const jar = new Jar(app.port, brand.hosts[0]);
  jar.cookies.set("__Host-sid", await createSession(app.database.db, brand, member.id));
  await jar.get("/m/set");
  return { jar, member };
}

/** A form's error as rendered. */
const shows = (body: string, text: string) => body.includes(`>${text}</li>`);

/** A browser's multipart post of the avatar form (binary body; the Jar speaks URL-encoded forms only). */
function postAvatar(jar: Jar, file: { name: string; type: string; bytes: Buffer }, csrf = jar.csrf()) {
  const boundary = `----settingsTest${Date.now()}`;
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="csrf"\r\n\r\n${csrf}\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="intent"\r\n\r\navatar\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="avatar"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
    ),
    file.bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return raw(jar, "/m/set", {
    method: "POST",
    headers: { "content-type": `multipart/form-data; boundary=${boundary}`, "content-length": String(body.length) },
    body,
  });
}

function raw(jar: Jar, path: string, opts: { method?: string; headers?: Record<string, string>; body?: Buffer } = {}) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; bytes: Buffer; body: string }>((resolve, reject) => {
    const req = http.request(
      {
        host: "127.0.0.1",
        port: jar.port,
        path,
        method: opts.method ?? "GET",
        headers: { host: jar.host, cookie: jar.header(), ...opts.headers },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("error", reject);
        res.on("end", () => {
          const bytes = Buffer.concat(chunks);
          resolve({ status: res.statusCode ?? 0, headers: res.headers, bytes, body: bytes.toString("utf8") });
        });
      },
    );
    // The host may answer an over-limit body before reading it all.
    req.on("error", (err) => ((err as NodeJS.ErrnoException).code === "EPIPE" ? undefined : reject(err)));
    req.end(opts.body);
  });
}

const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 40, b: 90 } } })
    .png()
    .toBuffer();

async function storedAvatar(memberId: number) {
  const [row] = await app.database.db.select().from(memberAvatars).where(eq(memberAvatars.memberId, memberId));
  return row ?? null;
}

describe(`/m/set over HTTP without JavaScript on ${TEST_ENGINE}`, () => {
  it("sends visitors to /m/login and trial guests to the member centre's prompt", async () => {
    const r = await new Jar(app.port, lucky().hosts[0]).get("/m/set");
    expect(r.status).toBe(302);
    expect(r.headers.location).toMatch(/^\/m\/login/);
    const { jar } = await signedIn(lucky(), { type: 4 });
    const g = await jar.get("/m/set");
    expect(g.status).toBe(302);
    expect(g.headers.location).toBe("/m/member/home");
    const post = await jar.post("/m/set", { intent: "feedback", message: "hello" });
    expect(post.status).toBe(302);
    expect(await app.database.db.select().from(memberFeedback)).toHaveLength(0);
  });

  it("shows every section: language, the dark theme, password and payout entries", async () => {
    const { jar } = await signedIn(lucky());
    const page = await jar.get("/m/set");
    expect(page.status).toBe(200);
    for (const text of ["Profile picture", "Nickname", "Personal details", "Language", "Theme", "Feedback"]) {
      expect(page.body, text).toContain(text);
    }
    expect(page.body).toContain('action="/m/language"');
    expect(page.body).toContain("The dark theme is always on");
    expect(page.body).toContain('href="/m/withdraw#step-pin"');
    expect(page.body).toContain('href="/m/withdraw#step-account"');
    expect(page.body).toContain('href="/m/changePsw"');
    expect(page.body).toMatch(/enctype="multipart\/form-data"/i);
  });

  it("saves a nickname and refuses hostile ones with a translated message", async () => {
    const { jar, member } = await signedIn(lucky());
    let r = await jar.post("/m/set", { intent: "nickname", nickname: "  Maria   Clara " });
    expect(r.status).toBe(302);
    expect(r.headers.location).toBe("/m/set?saved=nickname#nickname");
    expect((await jar.get("/m/set?saved=nickname")).body).toContain("Your nickname is saved.");
    expect((await jar.get("/m/member/home")).body).toContain("Maria Clara");

    for (const nickname of ['<script>alert("x")</script>', "ad\u202Emin", "x", "a".repeat(21)]) {
      r = await jar.post("/m/set", { intent: "nickname", nickname });
      expect(r.status, nickname).toBe(400);
      expect(r.body).not.toContain("<script>alert");
    }
    expect(shows(r.body, "The nickname must be 2 to 20 characters")).toBe(true);
    r = await jar.post("/m/set", { intent: "nickname", nickname: "<b>bold</b>" });
    expect(
      shows(r.body, "Use letters, digits, spaces, dots, dashes or underscores, starting and ending with a letter or digit"),
    ).toBe(true);
    const [row] = await app.database.db.select({ nickname: members.nickname }).from(members).where(eq(members.id, member.id));
    expect(row!.nickname).toBe("Maria Clara");

    // In Filipino, the same refusal in the player's language.
    expect((await jar.post("/m/language", { lng: "tl", redirectTo: "/m/set" })).status).toBe(302);
    r = await jar.post("/m/set", { intent: "nickname", nickname: "x" });
    expect(shows(r.body, "Ang palayaw ay dapat 2 hanggang 20 na karakter")).toBe(true);
  });

  it("saves the profile fields, refuses hostile input and locks the birthday once given", async () => {
    const { jar, member } = await signedIn(lucky());
    const good = {
      intent: "profile",
      birthday: "1990-06-15",
      nationality: "PH",
      address: "12 Rizal St., Brgy. 5, Quezon City",
      occupation: "ofw",
      sourceOfIncome: "remittance",
    };
    const hostile: [Record<string, string>, string][] = [
      [{ birthday: "1899-12-31" }, "The birthday cannot be before 1900"],
      [{ birthday: "2999-01-01" }, "The birthday cannot be in the future"],
      [{ birthday: "1990-02-30" }, "Please choose a valid birthday"],
      [{ birthday: "2020-01-01" }, "You must be at least 21 years old"],
      [{ nationality: "XX" }, "Choose an option from the list"],
      [{ occupation: "'; drop table members; --" }, "Choose an option from the list"],
      [{ sourceOfIncome: "salary,business" }, "Choose an option from the list"],
      [
        { address: '<img src=x onerror="alert(1)">' },
        "The address may hold letters, digits, spaces and . , # &#x27; / ( ) &amp; - only",
      ],
      [{ address: "x".repeat(201) }, "The address must be 5 to 200 characters"],
    ];
    for (const [bad, message] of hostile) {
      const r = await jar.post("/m/set", { ...good, ...bad });
      expect(r.status, JSON.stringify(bad)).toBe(400);
      expect(shows(r.body, message), message).toBe(true);
    }
    expect(await app.database.db.select().from(memberProfiles).where(eq(memberProfiles.memberId, member.id))).toHaveLength(0);

    let r = await jar.post("/m/set", good);
    expect(r.status).toBe(302);
    const page = await jar.get("/m/set?saved=profile");
    expect(page.body).toContain("Your details are saved.");
    expect(page.body).toContain("1990-06-15");
    expect(page.body).toMatch(/<option value="PH" selected="">Philippines<\/option>/);
    expect(page.body).toMatch(/<option value="ofw" selected="">Overseas Filipino worker<\/option>/);
    expect(page.body).toContain("Your birthday is saved.");

    // Now part of who the member is: the form no longer offers it, and a forged post is refused.
    r = await jar.post("/m/set", { ...good, birthday: "1980-01-01" });
    expect(r.status).toBe(400);
    expect(shows(r.body, "Your birthday is already saved; contact customer service to change it")).toBe(true);
    const [m] = await app.database.db.select({ birthday: members.birthday }).from(members).where(eq(members.id, member.id));
    expect(m!.birthday).toBe("1990-06-15");

    // Clearing the optional fields is allowed.
    r = await jar.post("/m/set", { intent: "profile", nationality: "", address: "", occupation: "", sourceOfIncome: "" });
    expect(r.status).toBe(302);
    const [p] = await app.database.db.select().from(memberProfiles).where(eq(memberProfiles.memberId, member.id));
    expect(p).toMatchObject({ nationality: null, address: null, occupation: null, sourceOfIncome: null });
  });

  it("stores a picture re-encoded at 256×256 and serves it to its owner only", async () => {
    const { jar, member } = await signedIn(lucky());
    const r = await postAvatar(jar, { name: "me.png", type: "image/png", bytes: await png(640, 480) });
    expect(r.status).toBe(302);
    expect(r.headers.location).toBe("/m/set?saved=avatar#avatar");
    const page = await jar.get("/m/set?saved=avatar");
    const url = /src="(\/m\/avatar\/\d+\.[0-9a-f]{16})"/.exec(page.body)?.[1];
    expect(url).toBe(`/m/avatar/${member.id}.${(await storedAvatar(member.id))!.sha256.slice(0, 16)}`);
    expect((await jar.get("/m/member/home")).body).toContain(`src="${url}"`);

    const img = await raw(jar, url!);
    expect(img.status).toBe(200);
    expect(img.headers["content-type"]).toBe("image/png");
    expect(img.headers["cache-control"]).toContain("private");
    const meta = await sharp(img.bytes).metadata();
    expect([meta.width, meta.height]).toEqual([256, 256]);

    // Another member, a visitor, another brand's host: nothing.
    const other = await signedIn(lucky());
    expect((await raw(other.jar, url!)).status).toBe(404);
    expect((await raw(new Jar(app.port, lucky().hosts[0]), url!)).status).toBe(302);
    const elsewhere = new Jar(app.port, perlas().hosts[0]);
    elsewhere.cookies = new Map(jar.cookies);
    expect((await raw(elsewhere, url!)).status).not.toBe(200);
    // An old version's URL is gone once the picture changes.
    expect((await raw(jar, `/m/avatar/${member.id}.0000000000000000`)).status).toBe(404);
  });

  it("refuses a renamed script, an SVG, an empty pick and an oversize file, and keeps the picture it had", async () => {
    const { jar, member } = await signedIn(lucky());
    expect((await postAvatar(jar, { name: "a.png", type: "image/png", bytes: await png(64, 64) })).status).toBe(302);
    const before = (await storedAvatar(member.id))!.sha256;

    const refusals: [{ name: string; type: string; bytes: Buffer }, number, string][] = [
      [
        { name: "shell.png", type: "image/png", bytes: Buffer.from("#!/bin/sh\nrm -rf /\n") },
        400,
        "Only PNG or JPG pictures can be used",
      ],
      [
        {
          name: "x.png",
          type: "image/svg+xml",
          bytes: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'),
        },
        400,
        "Only PNG or JPG pictures can be used",
      ],
      [{ name: "", type: "application/octet-stream", bytes: Buffer.alloc(0) }, 400, "Choose a picture first"],
      [
        { name: "big.png", type: "image/png", bytes: Buffer.alloc(5 * 1024 * 1024 + 10, 1) },
        400,
        "The picture is larger than 5 MB",
      ],
    ];
    for (const [file, status, message] of refusals) {
      const r = await postAvatar(jar, file);
      expect(r.status, file.name).toBe(status);
      expect(shows(r.body, message), message).toBe(true);
    }
    // Beyond the host's limit for this form: its 413 page, before the app reads anything.
    const huge = await postAvatar(jar, { name: "huge.png", type: "image/png", bytes: Buffer.alloc(7 * 1024 * 1024, 1) });
    expect(huge.status).toBe(413);
    // Without the page's token nothing is stored either.
    const forged = await postAvatar(jar, { name: "b.png", type: "image/png", bytes: await png(32, 32) }, "forged");
    expect(forged.status).toBe(403);
    expect((await storedAvatar(member.id))!.sha256).toBe(before);
  });

  it("re-encodes a PNG with a page hidden after its image data: only the pixels survive", async () => {
    const { jar, member } = await signedIn(lucky());
    const polyglot = Buffer.concat([await png(50, 50), Buffer.from("<html><script>alert(document.cookie)</script></html>")]);
    expect((await postAvatar(jar, { name: "poly.png", type: "image/png", bytes: polyglot })).status).toBe(302);
    const stored = (await storedAvatar(member.id))!;
    expect(stored.bytes.includes(Buffer.from("<script"))).toBe(false);
    expect(stored.bytes.includes(Buffer.from("<html"))).toBe(false);
    expect(stored.contentType).toBe("image/png");
  });

  it("answers 404 to an avatar post while PROFPIC3 is off, and hides the form", async () => {
    const { jar, member } = await signedIn(perlas());
    await setFlag(app.database.db, perlas(), "PROFPIC3", false, { name: "test", reason: "avatar flag" });
    try {
      expect((await jar.get("/m/set")).body).not.toMatch(/enctype="multipart\/form-data"/i);
      const r = await postAvatar(jar, { name: "a.png", type: "image/png", bytes: await png(20, 20) });
      expect(r.status).toBe(404);
      expect(await storedAvatar(member.id)).toBeNull();
    } finally {
      await setFlag(app.database.db, perlas(), "PROFPIC3", null, { name: "test", reason: "avatar flag done" });
    }
  });

  it("takes a few feedback messages an hour, however many are posted at once", async () => {
    const { jar, member } = await signedIn(lucky());
    let r = await jar.post("/m/set", { intent: "feedback", message: "a".repeat(501) });
    expect(r.status).toBe(400);
    expect(shows(r.body, "The message may be at most 500 characters")).toBe(true);
    r = await jar.post("/m/set", { intent: "feedback", message: "   " });
    expect(shows(r.body, "Write a message first")).toBe(true);

    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        jar.post("/m/set", { intent: "feedback", message: `Parallel message ${i}\nsecond line` }),
      ),
    );
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses.filter((s) => s === 302)).toHaveLength(3);
    expect(statuses.filter((s) => s === 429)).toHaveLength(5);
    const refused = answers.find((a) => a.status === 429)!;
    expect(refused.body).toMatch(/You have sent several messages already; try again in \d+ minutes/);
    const rows = await app.database.db
      .select()
      .from(memberFeedback)
      .where(and(eq(memberFeedback.memberId, member.id), eq(memberFeedback.merchantCode, lucky().merchantCode)));
    expect(rows).toHaveLength(3);
    expect((await jar.get("/m/set?saved=feedback")).body).toContain("Thank you, your feedback was sent.");
  });

  it("lets support staff list feedback per brand with npm run members -- feedback list", async () => {
    const a = await signedIn(lucky());
    const b = await signedIn(perlas());
    expect((await a.jar.post("/m/set", { intent: "feedback", message: "Lucky: the dice game froze\nafter a win" })).status).toBe(
      302,
    );
    expect((await b.jar.post("/m/set", { intent: "feedback", message: "Perlas: love the pearls" })).status).toBe(302);

    const list = await runAdminCommand(app.database.db, app.registry, { command: "members.feedback-list", brand: "lucky-peso" });
    const text = formatAdminResult(list);
    expect(text.ok).toBe(true);
    expect(text.text).toContain(`${a.member.username}`);
    expect(text.text).toContain("    Lucky: the dice game froze\n    after a win");
    expect(text.text).not.toContain("Perlas: love the pearls");

    const later = await runAdminCommand(app.database.db, app.registry, {
      command: "members.feedback-list",
      brand: "perlas-play",
      since: "2999-01-01",
    });
    expect(formatAdminResult(later).text).toBe("perlas-play has no feedback since 2999-01-01.");
    const bad = await runAdminCommand(app.database.db, app.registry, {
      command: "members.feedback-list",
      brand: "perlas-play",
      since: "yesterday",
    });
    expect(bad.ok).toBe(false);
  });

  it("hides the feedback form and answers 404 to its post while FEEDBACK3 is off", async () => {
    const { jar, member } = await signedIn(perlas());
    await setFlag(app.database.db, perlas(), "FEEDBACK3", false, { name: "test", reason: "feedback flag" });
    try {
      expect((await jar.get("/m/set")).body).not.toContain('name="message"');
      expect((await jar.post("/m/set", { intent: "feedback", message: "hello" })).status).toBe(404);
      expect(await app.database.db.select().from(memberFeedback).where(eq(memberFeedback.memberId, member.id))).toHaveLength(0);
    } finally {
      await setFlag(app.database.db, perlas(), "FEEDBACK3", null, { name: "test", reason: "feedback flag done" });
    }
  });
});
