import { describe, expect, it } from "vitest";
import { sanitiseHtml } from "./sanitise.server";

const IMAGE = `/content-images/${"a".repeat(64)}.png`;

/** Nothing that runs, loads a script or carries a handler survives, whatever the spelling. */
function expectInert(html: string) {
  const lower = html.toLowerCase();
  expect(lower).not.toMatch(/<script|<svg|<iframe|<object|<embed|<form|<style|<math|<template/);
  expect(lower).not.toMatch(/\son[a-z]+\s*=/);
  expect(lower).not.toMatch(/javascript:|vbscript:|data:|expression\(/);
  expect(lower).not.toMatch(/\sstyle=|\sclass=|\sid=/);
}

describe("sanitiseHtml", () => {
  it("keeps the allowed formatting, lists, tables, headings and images", () => {
    const html =
      "<h2>Title</h2><p><strong>a</strong> <em>b</em> <u>c</u> <s>d</s></p><ul><li>x</li></ul><ol><li>y</li></ol>" +
      '<table><thead><tr><th colspan="2">h</th></tr></thead><tbody><tr><td>1</td><td>2</td></tr></tbody></table>' +
      `<blockquote>q</blockquote><hr /><img src="${IMAGE}" alt="promo" width="320" height="120" />`;
    expect(sanitiseHtml(html)).toBe(html);
  });

  it("forces new-tab, no-opener, no-referrer and no-follow on links to other sites", () => {
    expect(sanitiseHtml('<a href="https://example.com/x" target="_self" rel="opener">go</a>')).toBe(
      '<a href="https://example.com/x" target="_blank" rel="noopener noreferrer nofollow">go</a>',
    );
    expect(sanitiseHtml('<a href="mailto:help@example.com">mail</a>')).toBe(
      '<a href="mailto:help@example.com" target="_blank" rel="noopener noreferrer nofollow">mail</a>',
    );
  });

  it("keeps links to the site's own screens in the app, but treats //host as another site", () => {
    expect(sanitiseHtml('<a href="/m/activity" target="_blank">promos</a>')).toBe('<a href="/m/activity">promos</a>');
    expect(sanitiseHtml('<a href="//evil.example/x">x</a>')).not.toContain("evil.example");
  });

  it.each([
    ["an image with onerror", '<img src="https://x.test/a.png" onerror="alert(1)">'],
    ["a tab inside the scheme", '<a href="jav&#x09;ascript:alert(1)">x</a>'],
    ["a newline inside the scheme", '<a href="jav&#x0A;ascript:alert(1)">x</a>'],
    ["an entity-encoded scheme", '<a href="&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1)">x</a>'],
    [
      "a hex entity scheme without semicolons",
      '<a href="&#x6A&#x61&#x76&#x61&#x73&#x63&#x72&#x69&#x70&#x74&#x3A;alert(1)">x</a>',
    ],
    ["an upper-case scheme", '<a href="JAVASCRIPT:alert(1)">x</a>'],
    ["a scheme after spaces", '<a href="  javascript:alert(1)">x</a>'],
    ["vbscript", '<a href="vbscript:msgbox(1)">x</a>'],
    ["a data: link", '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>'],
    ["a data: image", '<img src="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+">'],
    ["svg onload", '<svg onload="alert(1)"><circle r="1"/></svg>'],
    ["nested script tags", "<scr<script>ipt>alert(1)</scr</script>ipt>"],
    ["a plain script", "<script>alert(1)</script><p>ok</p>"],
    ["a style expression", '<p style="width: expression(alert(1))">x</p>'],
    ["a style tag", "<style>body{background:url(javascript:alert(1))}</style>"],
    ["an iframe", '<iframe src="https://evil.example"></iframe>'],
    ["an object", '<object data="https://evil.example/x.swf"></object>'],
    ["a form", '<form action="https://evil.example"><input name="p"></form>'],
    ["a body onload", '<body onload="alert(1)">x</body>'],
    ["a mouse handler", '<div onmouseover="alert(1)">x</div>'],
    ["class and id", '<p class="btn-primary" id="root">x</p>'],
    ["an unquoted handler", "<img src=x onerror=alert(1)//>"],
    ["a meta refresh", '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">'],
    ["a math link", '<math><mi xlink:href="javascript:alert(1)">x</mi></math>'],
  ])("renders %s inert", (_name, hostile) => {
    expectInert(sanitiseHtml(hostile));
  });

  it("drops script content with the tag, so no text of it shows", () => {
    expect(sanitiseHtml("<script>alert(1)</script><p>ok</p>")).toBe("<p>ok</p>");
    expect(sanitiseHtml("<p>a<svg><text>b</text></svg>c</p>")).toBe("<p>ac</p>");
  });

  it("loads images only over http(s) or from the published images", () => {
    expect(sanitiseHtml('<img src="https://cdn.example/a.png" alt="a">')).toBe('<img src="https://cdn.example/a.png" alt="a" />');
    expect(sanitiseHtml('<img src="/brands/x/logo.svg">')).toBe("");
    expect(sanitiseHtml('<img src="/content-images/../admin.png">')).toBe("");
    expect(sanitiseHtml('<img src="ftp://example.com/a.png">')).toBe("");
  });

  it("resolves image files named beside the content to their stored URL", () => {
    const html = sanitiseHtml('<img src="promo.png" alt="p">', {
      resolveImage: (src) => (src === "promo.png" ? IMAGE : undefined),
    });
    expect(html).toBe(`<img src="${IMAGE}" alt="p" />`);
  });

  it("keeps only numeric image dimensions", () => {
    expect(sanitiseHtml(`<img src="${IMAGE}" width="100%" height="50">`)).toBe(`<img src="${IMAGE}" alt="" height="50" />`);
  });
});
