import crypto from "node:crypto";
import { count, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { memberDeclarations } from "../../app/db/schema";
import { findMemberByUsername } from "../../app/domain/accounts/members.server";
import { memberDeclarationsOf } from "../../app/domain/compliance/declarations.server";
import { runMemberCommand } from "../../app/domain/support/member-commands.server";
import { formatAdminResult } from "../../scripts/lib/format";
import { Jar } from "../setup/jar";
import { registrationFields } from "../setup/registration";
import { TEST_ENGINE } from "../setup/test-db";
import { servedApp } from "../setup/test-server";

/**
 * Issue 16, item 1: what a player declares at registration (the brand's minimum age, not a barred
 * person) is stored with its time and the exact text they were shown, in their language, and its
 * version; a form shown before the text changed is sent back to be read again.
 */
const app = servedApp();
const lucky = () => app.registry.byId.get("lucky-peso")!;
const perlas = () => app.registry.byId.get("perlas-play")!;

const registration = (username: string) => registrationFields(username);
const versionOf = (text: string) => crypto.createHash("sha256").update(text, "utf8").digest("hex").slice(0, 16);
const declarationCount = async () => Number((await app.database.db.select({ n: count() }).from(memberDeclarations))[0]!.n);

describe(`the registration declaration on ${TEST_ENGINE}`, () => {
  it("is stored with the member: when, in which words and language, and the text's version", async () => {
    const jar = new Jar(app.port);
    const page = await jar.get("/m/register");
    const shown =
      "I am at least 21 years old, I am not a government official, a member of the military or police, a gaming employee or a restricted person, and I agree to the terms and conditions and the responsible gaming policy.";
    expect(page.body).toContain(shown);
    expect(page.body).toContain(`<input type="hidden" name="declarationVersion" value="${versionOf(shown)}"/>`);

    const before = Date.now();
    const reg = await jar.post("/m/register", registration("declared01"));
    expect(reg.status).toBe(302);
    const member = (await findMemberByUsername(app.database.db, lucky(), "declared01"))!;
    const [declaration, ...more] = await memberDeclarationsOf(app.database.db, lucky(), member.id);
    expect(more).toEqual([]);
    expect(declaration).toMatchObject({
      kind: "registration",
      // Lucky Peso's default language (Taglish), whose missing texts are English.
      language: "ty",
      text: shown,
      textVersion: versionOf(shown),
      minimumAge: 21,
    });
    expect(declaration!.declaredAt.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(declaration!.declaredAt.getTime()).toBeLessThanOrEqual(Date.now() + 1000);

    // Support staff see it with the member.
    const shownToStaff = await runMemberCommand(app.database.db, lucky(), {
      command: "members.show",
      brand: "lucky-peso",
      user: "declared01",
    });
    expect(formatAdminResult(shownToStaff).text).toContain(
      `at registration (21+, ty, text version ${versionOf(shown)}): "${shown}"`,
    );
  });

  it("keeps the words of the language the page was shown in, and each brand's minimum age", async () => {
    const jar = new Jar(app.port, "perlas.localhost");
    await jar.get("/m/register");
    expect((await jar.post("/m/language", { lng: "zh", redirectTo: "/m/register" })).status).toBe(302);
    const page = await jar.get("/m/register");
    const shown = `本人已年满 ${perlas().minimumAge} 岁，并非政府官员、军人或警察、博彩从业人员或受限制人士，且同意条款与条件及负责任博彩政策。`;
    expect(page.body).toContain(shown);
    // Perlas Play asks for a mobile number as well.
    const reg = await jar.post("/m/register", { ...registration("declared02"), mobileNum: "09171234500" });
    expect(reg.status, reg.body.match(/<li>[^<]*<\/li>/g)?.join(" ")).toBe(302);
    const member = (await findMemberByUsername(app.database.db, perlas(), "declared02"))!;
    expect(await memberDeclarationsOf(app.database.db, perlas(), member.id)).toMatchObject([
      { language: "zh", text: shown, textVersion: versionOf(shown), minimumAge: perlas().minimumAge },
    ]);
    // Never across brands.
    expect(await memberDeclarationsOf(app.database.db, lucky(), member.id)).toEqual([]);
  });

  it("sends a form shown before the text changed back to be read again, and registers no one", async () => {
    const declarations = await declarationCount();
    for (const version of ["0123456789abcdef", "", "<script>x</script>", "f".repeat(65)]) {
      const jar = new Jar(app.port);
      await jar.get("/m/register");
      const r = await jar.post("/m/register", { ...registration("stale0001"), declarationVersion: version });
      expect(r.status, version).toBe(400);
      expect(r.body).toContain("The declaration has changed since this page was opened. Please read it again and confirm it.");
    }
    expect(await findMemberByUsername(app.database.db, lucky(), "stale0001")).toBeNull();
    expect(await declarationCount()).toBe(declarations);
    // A post without the page (no version at all) is refused the same way.
    const bare = new Jar(app.port);
    await bare.get("/m/login");
    const r = await bare.post("/m/register", registration("stale0002"));
    expect(r.status).toBe(400);
    expect(await findMemberByUsername(app.database.db, lucky(), "stale0002")).toBeNull();
  });

  it("is refused by the database when it names no member or an unknown kind", async () => {
    const member = (await findMemberByUsername(app.database.db, lucky(), "declared01"))!;
    const row = {
      merchantCode: lucky().merchantCode,
      memberId: member.id,
      kind: "registration",
      textVersion: "0123456789abcdef",
      language: "en",
      text: "x",
      minimumAge: 21,
    };
    await expect(app.database.db.insert(memberDeclarations).values({ ...row, kind: "marketing" })).rejects.toThrow();
    await expect(app.database.db.insert(memberDeclarations).values({ ...row, memberId: 999_999 })).rejects.toThrow();
    await expect(app.database.db.insert(memberDeclarations).values({ ...row, textVersion: "nothex" })).rejects.toThrow();
    await expect(app.database.db.insert(memberDeclarations).values({ ...row, minimumAge: 16 })).rejects.toThrow();
    expect(
      (await app.database.db.select().from(memberDeclarations).where(eq(memberDeclarations.textVersion, "0123456789abcdef")))
        .length,
    ).toBe(0);
  });
});
