// Issue 16, item 3: `npm run kyc -- …` as support staff run it, through the running server's admin channel.
import fs from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { kycSubmissions } from "../../app/db/schema";
import { createMember } from "../../app/domain/accounts/members.server";
import { submitKyc } from "../../app/domain/compliance/kyc.server";
import { adminCliBench } from "../setup/admin-cli";
import { TEST_ENGINE } from "../setup/test-db";
import { picture } from "./kyc-fixtures";

const bench = adminCliBench("kyc-cli-");
const { dir } = bench;
/** The CLI in a process of its own, as `npm run kyc -- …` starts it; no DATABASE_URL, so it finds the channel. */
const kyc = (...args: string[]) => bench.run("scripts/kyc.ts", ...args);

let seq = 0;
async function waiting() {
  const brand = bench.registry.byId.get("lucky-peso")!;
  const m = await createMember(bench.database.db, brand, {
    username: `kycli${++seq}x${process.pid % 1000}`,
    password: "goodpass12",
  });
  const r = await submitKyc(bench.database.db, brand, m, {
    idType: "passport",
    idNumber: "p1234567a",
    idPhoto: { bytes: await picture("jpeg", 400, 300) },
    selfie: { bytes: await picture("png", 300, 400) },
  });
  if (!r.ok) throw new Error(JSON.stringify(r));
  return { username: m.username, id: r.id };
}

describe(`npm run kyc on ${TEST_ENGINE}`, () => {
  it("lists the waiting ones, writes one's pictures for review, rejects with a reason, approves once", async () => {
    const a = await waiting();
    const b = await waiting();
    const list = await kyc("list", "lucky-peso");
    expect(list).toMatchObject({ status: 0, stderr: "" });
    expect(list.stdout).toMatch(/^Identity verifications of lucky-peso waiting for review, oldest first:\n/);
    expect(list.stdout.indexOf(a.username)).toBeLessThan(list.stdout.indexOf(b.username));
    expect(list.stdout).toMatch(new RegExp(`^\\S+\\s+${a.id}\\s+${a.username}\\s+passport\\s+pending$`, "m"));

    const out = path.join(dir, "review");
    const show = await kyc("show", "lucky-peso", String(a.id), "--out", out);
    expect(show).toMatchObject({ status: 0, stderr: "" });
    expect(show.stdout).toContain(`ID:        passport P1234567A`);
    const photo = path.join(out, `kyc-${a.id}-id-photo.jpg`);
    const selfie = path.join(out, `kyc-${a.id}-selfie.png`);
    expect(fs.statSync(photo).mode & 0o777).toBe(0o600);
    expect(await sharp(fs.readFileSync(photo)).metadata()).toMatchObject({ format: "jpeg", width: 400, height: 300 });
    expect(await sharp(fs.readFileSync(selfie)).metadata()).toMatchObject({ format: "png", width: 300, height: 400 });

    const noReason = await kyc("reject", "lucky-peso", String(a.id));
    expect(noReason.status).toBe(1);
    expect(noReason.stderr).toContain("--reason is required");
    const rejected = await kyc(
      "reject",
      "lucky-peso",
      String(a.id),
      "--reason",
      "The selfie does not show your face clearly.",
      "--by",
      "officer.one",
    );
    expect(rejected).toMatchObject({ status: 0, stderr: "" });
    expect(rejected.stdout).toBe(
      `Identity verification ${a.id} of ${a.username} rejected (by officer.one); the player reads: The selfie does not show your face clearly.\n`,
    );
    const late = await kyc("approve", "lucky-peso", String(a.id), "--by", "officer.two");
    expect(late.status).toBe(1);
    expect(late.stderr).toContain(`was already rejected by officer.one; nothing changed.`);

    const approved = await kyc("approve", "lucky-peso", String(b.id), "--by", "officer.two");
    expect(approved).toMatchObject({ status: 0, stderr: "" });
    expect(approved.stdout).toContain(
      `Identity verification ${b.id} of ${b.username} approved (by officer.two: identity documents checked).`,
    );
    const [row] = await bench.database.db.select().from(kycSubmissions).where(eq(kycSubmissions.id, b.id));
    expect(row).toMatchObject({ state: "approved", reviewedBy: "officer.two" });
    expect((await kyc("list", "lucky-peso")).stdout).toBe("lucky-peso has no identity verifications waiting.\n");
    expect((await kyc("list", "lucky-peso", "--all")).stdout).toContain(`${b.username}`);
  });

  it("answers mistakes with the usage or a clear error, and changes nothing", async () => {
    const a = await waiting();
    for (const args of [
      [],
      ["list"],
      ["approve", "lucky-peso"],
      ["approve", "lucky-peso", "12x"],
      ["frobnicate", "lucky-peso"],
    ]) {
      const r = await kyc(...args);
      expect(r.status, args.join(" ")).toBe(1);
      expect(r.stderr, args.join(" ")).toContain("Usage:");
    }
    const unknown = await kyc("approve", "nowhere", String(a.id));
    expect(unknown.status).toBe(1);
    expect(unknown.stderr).toContain('Unknown brand "nowhere"');
    const abroad = await kyc("approve", "perlas-play", String(a.id));
    expect(abroad.stderr).toContain(`No identity verification ${a.id} in perlas-play.`);
    const [row] = await bench.database.db.select().from(kycSubmissions).where(eq(kycSubmissions.id, a.id));
    expect(row!.state).toBe("pending");
  });
});
