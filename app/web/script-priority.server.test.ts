import { describe, expect, it } from "vitest";
import { lowPriorityModulePreloads } from "./script-priority.server";

/** Everything a stream gives out when `chunks` go in, as one string. */
async function through(chunks: Array<string | Uint8Array>): Promise<string> {
  const stream = lowPriorityModulePreloads();
  const out: Buffer[] = [];
  stream.on("data", (b: Buffer) => out.push(b));
  const ended = new Promise((resolve, reject) => {
    stream.on("end", resolve);
    stream.on("error", reject);
  });
  for (const c of chunks) stream.write(typeof c === "string" ? Buffer.from(c) : c);
  stream.end();
  await ended;
  return Buffer.concat(out).toString("utf8");
}

const PAGE =
  '<head><link rel="stylesheet" href="/assets/t.css"/><link rel="modulepreload" href="/assets/a.js"/>' +
  '<title>Lucky Peso ₱ 🎰</title></head><body><link rel="modulepreload" href="/assets/b.js"/>' +
  '<link rel="preload" as="image" href="/art/x.svg"/></body>';
const EXPECTED = PAGE.replaceAll('<link rel="modulepreload"', '<link rel="modulepreload" fetchpriority="low"');

describe("lowPriorityModulePreloads", () => {
  it("asks for every module preload at low priority and leaves everything else as it was", async () => {
    expect(await through([PAGE])).toBe(EXPECTED);
    expect(EXPECTED.match(/fetchpriority="low"/g)).toHaveLength(2);
    expect(EXPECTED).toContain('<link rel="stylesheet" href="/assets/t.css"/>');
    expect(EXPECTED).toContain('<link rel="preload" as="image" href="/art/x.svg"/>');
  });

  it("rewrites a preload cut anywhere between two chunks, and keeps characters cut between chunks whole", async () => {
    const bytes = Buffer.from(PAGE);
    for (let cut = 1; cut < bytes.length; cut++) {
      expect(await through([bytes.subarray(0, cut), bytes.subarray(cut)])).toBe(EXPECTED);
    }
  });

  it("works byte by byte, and gives out a page ending in part of a preload as it came", async () => {
    const bytes = Buffer.from(PAGE);
    expect(await through([...bytes].map((b) => Uint8Array.of(b)))).toBe(EXPECTED);
    expect(await through(["<p>x</p>", "<link rel=", '"module'])).toBe('<p>x</p><link rel="module');
  });
});
