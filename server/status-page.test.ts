import { describe, expect, it } from "vitest";
import { renderStatusPage } from "./status-page";

const brand = { id: "lucky-peso", displayName: 'Lucky <Peso> & "Co"', themeColor: "#1a1203" };

describe("renderStatusPage", () => {
  it("names the brand in its colours, in the player's language, under the response's nonce", () => {
    const html = renderStatusPage({
      kind: "outage",
      brand,
      themeCss: ":root{--primary:#f5c542}",
      lng: "zh",
      nonce: "n0nce",
      href: "/m/home?x=1&y=2",
    });
    expect(html).toContain('<html lang="zh-CN"');
    expect(html).toContain("<title>服务不可用 | Lucky &lt;Peso&gt; &amp; &quot;Co&quot;</title>");
    expect(html).toContain('<meta name="theme-color" content="#1a1203">');
    expect(html).toContain('<style nonce="n0nce">:root{--primary:#f5c542}');
    expect(html).toContain("我们遇到了技术问题");
    expect(html).toContain('<a href="/m/home?x=1&amp;y=2">重试</a>');
    expect(html).not.toContain("<script");
  });

  it("falls back to English texts and no brand for a host no brand serves", () => {
    const html = renderStatusPage({ kind: "tooLarge", brand: null, themeCss: "", lng: "en", nonce: "n", href: "/m/home" });
    expect(html).toContain("<title>Request not understood</title>");
    expect(html).toContain("What was sent is too large.");
    expect(html).not.toContain("theme-color");
    expect(html).not.toContain("<img");
  });
});
