// Issue 16, item 2: `npm run compliance -- barred …` as support staff run it, through the running server's admin channel.
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { asc } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { barredPersons } from "../../app/db/schema";
import { adminCliBench } from "../setup/admin-cli";
import { TEST_ENGINE } from "../setup/test-db";
import { MAX_COMMAND_BYTES } from "../../server/admin-channel";

const bench = adminCliBench("compliance-cli-");
const { dir } = bench;
/** The CLI in a process of its own, as `npm run compliance -- …` starts it; no DATABASE_URL, so it finds the channel. */
const compliance = (...args: string[]) => bench.run("scripts/compliance.ts", ...args);
const file = (name: string, content: string | Buffer) => {
  const p = path.join(dir, name);
  fs.writeFileSync(p, content);
  return p;
};
const persons = () => bench.database.db.select().from(barredPersons).orderBy(asc(barredPersons.id));

describe(`npm run compliance -- barred on ${TEST_ENGINE}`, () => {
  it("imports a file; the same file imported again changes nothing", async () => {
    const list = file(
      "ndrp.csv",
      'name,birthday,reason,period\r\n"DELA CRUZ, Juan",1985-04-12,NDRP: self-exclusion,2020-01-01..\r\nAna Santos,1979-09-30,Court order,2020-01-01..2021-12-31\r\n',
    );
    const first = await compliance("barred", "import", list, "--by", "officer.one");
    expect(first).toMatchObject({ status: 0, stderr: "" });
    expect(first.stdout).toBe(`${list}: 2 rows: 2 added, 0 updated, 0 unchanged (imported by officer.one).\n`);
    const before = await persons();
    expect(before.map((p) => [p.name, p.importedBy])).toEqual([
      ["DELA CRUZ, Juan", "officer.one"],
      ["Ana Santos", "officer.one"],
    ]);

    const again = await compliance("barred", "import", list, "--by", "officer.two");
    expect(again).toMatchObject({ status: 0, stdout: `${list}: 2 rows: 0 added, 0 updated, 2 unchanged. Nothing changed.\n` });
    expect(await persons()).toEqual(before);

    const listed = await compliance("barred", "list", "--active");
    expect(listed.status).toBe(0);
    expect(listed.stdout).toMatch(
      /^Restricted today \(\d{4}-\d{2}-\d{2}, Manila\): 1\n1985-04-12 {2}2020-01-01\.\. +DELA CRUZ, Juan +NDRP: self-exclusion/,
    );
  }, 60_000);

  it("refuses a bad, missing, oversized or non-UTF-8 file with a one-line reason and exit code 1, importing nothing", async () => {
    const before = await persons();
    const bad = await compliance(
      "barred",
      "import",
      file(
        "bad.csv",
        "name,birthday,reason,period\nMaria Reyes,1980-01-01,NDRP,2020-01-01..\nPedro Reyes,1988-02-30,=1+1,2020-01-01..\n",
      ),
    );
    expect(bad).toMatchObject({ status: 1, stdout: "" });
    expect(bad.stderr).toBe(
      `${path.join(dir, "bad.csv")}: nothing was imported.\nline 3: the birthday "1988-02-30" is not a day written YYYY-MM-DD; the reason starts with "=", as a spreadsheet formula does\n`,
    );
    const missing = await compliance("barred", "import", path.join(dir, "nosuch.csv"));
    expect(missing).toMatchObject({ status: 1, stderr: `${path.join(dir, "nosuch.csv")}: no such file\n` });
    const big = file("big.csv", Buffer.alloc(5 * 1024 * 1024 + 1, "a"));
    expect(await compliance("barred", "import", big)).toMatchObject({
      status: 1,
      stderr: `${big}: 5.0 MB; a list may be at most 5 MB (split it into several files)\n`,
    });
    const latin1 = file(
      "latin1.csv",
      Buffer.from("name,birthday,reason,period\nJos\xe9 Pe\xf1a,1980-01-01,NDRP,2020-01-01..\n", "latin1"),
    );
    expect(await compliance("barred", "import", latin1)).toMatchObject({
      status: 1,
      stderr: `${latin1}: not UTF-8 text (save the CSV as UTF-8)\n`,
    });
    expect(await persons()).toEqual(before);
  }, 60_000);

  it("answers a wrong call with its usage, and a review without a note or of no match with a clear refusal", async () => {
    for (const args of [
      ["barred"],
      ["barred", "import"],
      ["barred", "review", "abc", "--note", "x"],
      ["barred", "review", "1"],
      ["aml"],
    ]) {
      const r = await compliance(...args);
      expect(r.status, args.join(" ")).toBe(1);
      expect(r.stderr, args.join(" ")).toContain("npm run compliance -- barred import <file.csv>");
    }
    expect(await compliance("barred", "review", "424242", "--note", "checked")).toMatchObject({
      status: 1,
      stderr: "There is no match 424242.\n",
    });
    expect(await compliance("barred", "matches", "nosuch")).toMatchObject({
      status: 1,
      stderr: 'Unknown brand "nosuch". Brands: lucky-peso, perlas-play\n',
    });
    expect(await compliance("barred", "matches", "lucky-peso")).toMatchObject({
      status: 0,
      stdout: "No matches (lucky-peso).\n",
    });
  }, 60_000);

  it("takes a 5 MB list over the admin channel, and answers a larger command 413 without reading it", async () => {
    const post = (body: string) =>
      new Promise<{ status: number; body: string }>((resolve, reject) => {
        const req = http.request(
          {
            host: "127.0.0.1",
            port: bench.channel.info.port,
            path: "/admin",
            method: "POST",
            headers: { authorization: `Bearer ${bench.channel.info.token}` },
          },
          (res) => {
            let data = "";
            res.on("data", (c: Buffer) => (data += c.toString("utf8")));
            res.on("end", () => resolve({ status: res.statusCode ?? 0, body: data }));
          },
        );
        req.on("error", reject);
        req.end(body);
      });
    // Quotes and line breaks take two bytes each in JSON: the worst a 5 MB list can grow to.
    const text = `name,birthday,reason,period\n${'"\n'.repeat((5 * 1024 * 1024 - 28) / 2)}`;
    const command = JSON.stringify({ command: "barred.import", file: "quotes.csv", text, by: "o" });
    expect(Buffer.byteLength(command)).toBeGreaterThan(2 * 5 * 1024 * 1024 - 1000);
    const answered = await post(command);
    expect(answered.status).toBe(200);
    expect(JSON.parse(answered.body)).toEqual({
      ok: false,
      error: "quotes.csv: nothing was imported.\nthe file has more than 100000 rows; split it into several files",
    });
    expect((await post(" ".repeat(MAX_COMMAND_BYTES + 1))).status).toBe(413);
  });
});
