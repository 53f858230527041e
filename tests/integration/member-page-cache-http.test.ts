import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { members } from "../../app/db/schema";
import { seedBrandIfEmpty } from "../../app/db/seed/load.server";
import { createMember } from "../../app/domain/accounts/members.server";
import { createSession } from "../../app/domain/accounts/sessions.server";
import { listNotices, markNoticeRead } from "../../app/domain/content/content.server";
import { setFlag } from "../../app/domain/site/flags.server";
import type { Reply } from "../setup/http";
import { Jar } from "../setup/jar";
import { fund } from "../setup/seamless-client";
import { servedApp } from "../setup/test-server";
import { TEST_ENGINE } from "../setup/test-db";

/**
 * The member page cache (ADR 0023): a member's lobby page is kept for their session and what of
 * theirs it shows, so a second look costs no rendering; any change of theirs (balance, favourites,
 * unread announcements, name, balance mask) or of the site shows on the very next request, and no
 * one ever gets another's page.
 */
const app = servedApp();
const lucky = () => app.registry.byId.get("lucky-peso")!;

const nonceOf = (r: Reply) => /'nonce-([^']+)'/.exec(String(r.headers["content-security-policy"]))?.[1] ?? "";
const csrfFields = (r: Reply) => [...r.body.matchAll(/name="csrf" value="([^"]+)"/g)].map((m) => m[1]);
const cacheState = (r: Reply) => r.headers["x-page-cache"] ?? "none";
const balanceShown = (r: Reply) => /aria-label="Balance"[^>]*>([^<]+)</.exec(r.body)?.[1];
const heartIntent = (r: Reply, nodeId: number) =>
  new RegExp(`name="nodeId" value="${nodeId}"/><input type="hidden" name="intent" value="(add|remove)"`).exec(r.body)?.[1];

let seq = 0;
async function member() {
  const m = await createMember(app.database.db, lucky(), { username: `mcache${++seq}x`, password: "goodpass12" });
  const jar = new Jar(app.port);
  jar.cookies.set("__Host-sid", await createSession(app.database.db, lucky(), m.id));
  // The first page of a session shows the login pop-ups and marks them shown; the pages after it are the lobby's.
  await jar.get("/m/home");
  return { id: m.id, username: m.username, jar };
}

/** Asks until the page comes from the cache (a rendering for another version may be in flight). */
async function kept(jar: Jar, path = "/m/home"): Promise<Reply> {
  for (let i = 0; i < 5; i++) {
    const r = await jar.get(path);
    if (cacheState(r) === "hit") return r;
  }
  throw new Error(`${path} never came from the cache`);
}

beforeAll(async () => {
  await seedBrandIfEmpty(app.database.db, lucky());
});

describe(`the member page cache on ${TEST_ENGINE}`, () => {
  it("answers a member's second look with the page rendered for them, with this answer's nonce and token", async () => {
    const ana = await member();
    const first = await ana.jar.get("/m/home");
    expect(first.status).toBe(200);
    expect(cacheState(first)).toBe("miss");
    const again = await kept(ana.jar);
    expect(again.body).toContain(ana.username);
    expect(String(again.headers["cache-control"])).toBe("private, no-store");
    const nonce = nonceOf(again);
    expect(nonce).not.toBe(nonceOf(first));
    expect(new Set([...again.body.matchAll(/nonce="([^"]+)"/g)].map((m) => m[1]))).toEqual(new Set([nonce]));
    expect(new Set(csrfFields(again))).toEqual(new Set([ana.jar.csrf()]));
    // Apart from the nonce, the kept page is the page rendered for this member.
    expect(again.body.replaceAll(nonce, "N")).toBe(first.body.replaceAll(nonceOf(first), "N"));
    // The game centre and a category are kept as well.
    expect(cacheState(await kept(ana.jar, "/m/gameCenter?category=FISH"))).toBe("hit");
  });

  it("shows a new balance, favourite, read announcement, name and balance mask on the next request", async () => {
    const ben = await member();
    await kept(ben.jar);

    await fund(app.database.db, lucky(), ben.id, 123_456n);
    const funded = await ben.jar.get("/m/home");
    expect(cacheState(funded)).toBe("miss");
    expect(balanceShown(funded)).toBe("₱1,234.56");
    expect(balanceShown(await kept(ben.jar))).toBe("₱1,234.56");

    const nodeId = Number(/name="nodeId" value="(\d+)"/.exec(funded.body)![1]);
    expect(heartIntent(funded, nodeId)).toBe("add");
    expect((await ben.jar.post("/m/favourites", { nodeId: String(nodeId), intent: "add", js: "1" })).status).toBe(200);
    const liked = await ben.jar.get("/m/home");
    expect(cacheState(liked)).toBe("miss");
    expect(heartIntent(liked, nodeId)).toBe("remove");
    expect(heartIntent(await kept(ben.jar), nodeId)).toBe("remove");
    expect((await ben.jar.post("/m/favourites", { nodeId: String(nodeId), intent: "remove", js: "1" })).status).toBe(200);
    expect(heartIntent(await ben.jar.get("/m/home"), nodeId)).toBe("add");

    const reader = { memberId: ben.id, type: 0 };
    const unread = (await listNotices(app.database.db, lucky(), "en", reader)).filter((n) => !n.read);
    expect(unread.length).toBeGreaterThan(0);
    const badge = (r: Reply) => />Unread announcements: (\d+)</.exec(r.body)?.[1];
    expect(badge(await kept(ben.jar))).toBe(String(unread.length));
    await markNoticeRead(app.database.db, lucky(), reader, unread[0]!.id);
    const read = await ben.jar.get("/m/home");
    expect(cacheState(read)).toBe("miss");
    expect(badge(read)).toBe(unread.length > 1 ? String(unread.length - 1) : undefined);

    await app.database.db.update(members).set({ nickname: "Benny Boy" }).where(eq(members.id, ben.id));
    const renamed = await ben.jar.get("/m/home");
    expect(cacheState(renamed)).toBe("miss");
    expect(renamed.body).toContain("Benny Boy");

    ben.jar.cookies.set("balance_hidden", "1");
    const masked = await ben.jar.get("/m/home");
    expect(cacheState(masked)).toBe("miss");
    expect(balanceShown(masked)).not.toBe("₱1,234.56");
  });

  it("renders afresh after a flag change, and renders the pages that read more of the member every time", async () => {
    const cy = await member();
    await kept(cy.jar);
    await setFlag(app.database.db, lucky(), "REG3", false, { name: "Ana (support)", reason: "member page cache test" });
    expect(cacheState(await cy.jar.get("/m/home"))).toBe("miss");
    await setFlag(app.database.db, lucky(), "REG3", null, { name: "Ana (support)", reason: "member page cache test" });
    for (const path of ["/m/gameCenter?type=RECENT", "/m/home?panel=invite"]) {
      await cy.jar.get(path);
      expect(cacheState(await cy.jar.get(path)), path).toBe("none");
    }
    // A toast is shown once: its page is rendered, and the next one may be kept again.
    await cy.jar.post("/m/favourites", { nodeId: "1", intent: "add", redirectTo: "/m/home" });
    expect(cy.jar.cookies.has("toast")).toBe(true);
    const toast = await cy.jar.get("/m/home");
    expect(cacheState(toast)).toBe("none");
    expect(cy.jar.cookies.has("toast")).toBe(false);
  });

  it("never gives one member's page to another, or to a visitor, with many asking at once", async () => {
    const people = await Promise.all([member(), member(), member()]);
    const asks = Array.from({ length: 24 }, (_, i) => people[i % people.length]!);
    const pages = await Promise.all(asks.map((p) => p.jar.get("/m/home")));
    for (const [i, page] of pages.entries()) {
      const me = asks[i]!;
      expect(page.status).toBe(200);
      expect(page.body).toContain(me.username);
      for (const other of people) if (other !== me) expect(page.body).not.toContain(other.username);
      expect(new Set(csrfFields(page))).toEqual(new Set([me.jar.csrf()]));
    }
    expect(new Set(pages.map(nonceOf)).size).toBe(pages.length);
    // Each member's page is rendered once, however many of their requests arrive together.
    expect(pages.filter((p) => cacheState(p) === "miss").length).toBe(people.length);
    expect(pages.filter((p) => cacheState(p) === "hit").length).toBe(pages.length - people.length);
    const visitor = await new Jar(app.port).get("/m/home");
    for (const p of people) expect(visitor.body).not.toContain(p.username);
  });
});
