import { describe, expect, it } from "vitest";
import { profileFileName, stableUuid, webclipProfile, xmlEscape } from "./webclip-profile.server";

type Plist = string | number | boolean | Buffer | Plist[] | { [key: string]: Plist };

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };

/**
 * A strict reader for the property lists Apple's tools write (the XML declaration, the plist
 * DOCTYPE, then elements without attributes besides plist's version): it fails on anything that
 * is not well-formed XML, a raw `<` or `&` in text, an unknown entity or an unclosed element.
 */
function readPlist(xml: string): Plist {
  const head =
    /^<\?xml version="1\.0" encoding="UTF-8"\?>\n<!DOCTYPE plist PUBLIC "-\/\/Apple\/\/DTD PLIST 1\.0\/\/EN" "http:\/\/www\.apple\.com\/DTDs\/PropertyList-1\.0\.dtd">\n<plist version="1\.0">/;
  const m = head.exec(xml);
  if (!m) throw new Error("no plist header");
  const rest = xml.slice(m[0].length);
  const end = rest.lastIndexOf("</plist>");
  if (end < 0 || rest.slice(end + "</plist>".length).trim() !== "") throw new Error("no </plist> at the end");
  const tokens = [...rest.slice(0, end).matchAll(/<(\/?)([a-zA-Z]+)(\/?)>|([^<]+)|(<)/g)];
  let i = 0;
  const text = (raw: string) => {
    if (/&(?!(amp|lt|gt|quot|apos|#[0-9]+);)/.test(raw)) throw new Error(`a raw & in ${JSON.stringify(raw)}`);
    if (raw.includes(">") && raw.includes("]]>")) throw new Error("]]> in text");
    return raw.replace(/&(amp|lt|gt|quot|apos);/g, (_, e: string) => ENTITIES[e]!);
  };
  const skipSpace = () => {
    while (i < tokens.length && tokens[i]![4] !== undefined && tokens[i]![4]!.trim() === "") i++;
  };
  const close = (name: string) => {
    skipSpace();
    const t = tokens[i++];
    if (!t || t[1] !== "/" || t[2] !== name) throw new Error(`</${name}> expected`);
  };
  const content = (name: string): string => {
    let out = "";
    while (tokens[i] && tokens[i]![4] !== undefined) out += text(tokens[i++]![4]!);
    close(name);
    return out;
  };
  const value = (): Plist => {
    skipSpace();
    const t = tokens[i++];
    if (!t || t[5]) throw new Error("a stray <");
    if (!t[2] || t[1]) throw new Error(`an element expected, got ${t[0]}`);
    const name = t[2];
    if (t[3]) {
      if (name === "true") return true;
      if (name === "false") return false;
      throw new Error(`<${name}/>`);
    }
    switch (name) {
      case "string":
        return content("string");
      case "integer":
        return Number(content("integer"));
      case "data":
        return Buffer.from(content("data").replace(/\s+/g, ""), "base64");
      case "array": {
        const items: Plist[] = [];
        for (;;) {
          skipSpace();
          if (tokens[i]?.[1] === "/") break;
          items.push(value());
        }
        close("array");
        return items;
      }
      case "dict": {
        const dict: Record<string, Plist> = {};
        for (;;) {
          skipSpace();
          if (tokens[i]?.[1] === "/") break;
          const k = tokens[i++];
          if (k?.[2] !== "key" || k[1]) throw new Error("<key> expected");
          const name = content("key");
          if (name in dict) throw new Error(`key ${name} twice`);
          dict[name] = value();
        }
        close("dict");
        return dict;
      }
      default:
        throw new Error(`<${name}> is no plist element`);
    }
  };
  const root = value();
  skipSpace();
  if (i !== tokens.length) throw new Error("content after the root dict");
  return root;
}

const PNG = Buffer.from("89504e470d0a1a0a0000000d49484452", "hex");
const input = {
  brandId: "lucky-peso",
  displayName: "Lucky Peso",
  url: "https://luckypeso.ph/m/home?source=webclip",
  icon: PNG,
  description: "Adds Lucky Peso to your home screen.",
};

describe("the web clip profile", () => {
  it("is a Configuration profile with one managed web clip, full screen and removable", () => {
    const plist = readPlist(webclipProfile(input)) as Record<string, Plist>;
    expect(plist).toMatchObject({
      PayloadType: "Configuration",
      PayloadVersion: 1,
      PayloadDisplayName: "Lucky Peso",
      PayloadOrganization: "Lucky Peso",
      PayloadIdentifier: "ph.casino.lucky-peso.webclip-profile",
      PayloadRemovalDisallowed: false,
      PayloadDescription: "Adds Lucky Peso to your home screen.",
    });
    const content = plist.PayloadContent as Record<string, Plist>[];
    expect(content).toHaveLength(1);
    expect(content[0]).toMatchObject({
      PayloadType: "com.apple.webClip.managed",
      PayloadVersion: 1,
      PayloadIdentifier: "ph.casino.lucky-peso.webclip-profile.clip",
      Label: "Lucky Peso",
      URL: "https://luckypeso.ph/m/home?source=webclip",
      IsRemovable: true,
      FullScreen: true,
    });
    expect((content[0]!.Icon as Buffer).equals(PNG)).toBe(true);
  });

  it("keeps its UUIDs from one build to the next, different per brand and per payload", () => {
    const uuids = (brandId: string) => {
      const plist = readPlist(webclipProfile({ ...input, brandId })) as Record<string, Plist>;
      return [plist.PayloadUUID, (plist.PayloadContent as Record<string, Plist>[])[0]!.PayloadUUID] as string[];
    };
    const lucky = uuids("lucky-peso");
    expect(uuids("lucky-peso")).toEqual(lucky);
    const perlas = uuids("perlas-play");
    expect(new Set([...lucky, ...perlas]).size).toBe(4);
    for (const u of [...lucky, ...perlas])
      expect(u).toMatch(/^[0-9A-F]{8}-[0-9A-F]{4}-5[0-9A-F]{3}-[89AB][0-9A-F]{3}-[0-9A-F]{12}$/);
  });

  it("escapes every value: a brand called A&B <Casino> and a URL with a query", () => {
    const xml = webclipProfile({
      ...input,
      displayName: `A&B <Casino> "VIP" 'PH'`,
      url: "https://ab.example/m/home?source=webclip&x=<1>",
      description: "</string><key>Evil</key><string>",
    });
    expect(xml).not.toContain("<Casino>");
    expect(xml).toContain("<string>A&amp;B &lt;Casino&gt; &quot;VIP&quot; &apos;PH&apos;</string>");
    const plist = readPlist(xml) as Record<string, Plist>;
    const clip = (plist.PayloadContent as Record<string, Plist>[])[0]!;
    expect(clip.Label).toBe(`A&B <Casino> "VIP" 'PH'`);
    expect(clip.URL).toBe("https://ab.example/m/home?source=webclip&x=<1>");
    expect(clip.PayloadDescription).toBe("</string><key>Evil</key><string>");
    expect(Object.keys(clip)).not.toContain("Evil");
  });

  it("leaves the icon out when the brand has none", () => {
    const clip = (
      (readPlist(webclipProfile({ ...input, icon: null })) as Record<string, Plist>).PayloadContent as Record<string, Plist>[]
    )[0]!;
    expect(clip).not.toHaveProperty("Icon");
    expect(clip.Label).toBe("Lucky Peso");
  });

  it("refuses to read what is not well-formed (the reader the tests above rely on)", () => {
    const good = webclipProfile(input);
    expect(() => readPlist(good.replace("<string>Lucky Peso</string>", "<string>A&B</string>"))).toThrow(/raw &/);
    expect(() => readPlist(good.replace("</dict>", ""))).toThrow();
    expect(() => readPlist(good.replace("<string>Lucky Peso</string>", "<string>a < b</string>"))).toThrow();
  });
});

describe("xmlEscape", () => {
  it("drops the control characters XML 1.0 cannot carry", () => {
    expect(xmlEscape("a\u0000b\u001Fc\td\n")).toBe("abc\td\n");
    expect(xmlEscape("Perlas 🦪 Play")).toBe("Perlas 🦪 Play");
  });
});

describe("stableUuid", () => {
  it("is RFC 4122 version 5: the URL namespace's example gives the known answer", () => {
    // uuid.uuid5(uuid.NAMESPACE_URL, "https://example.com/") in Python.
    expect(stableUuid("https://example.com/")).toBe("DD2C1780-811A-5296-81C5-178A0EF488BC");
  });
});

describe("profileFileName", () => {
  it("is the brand id, nothing a header could be bent with", () => {
    expect(profileFileName("lucky-peso")).toBe("lucky-peso.mobileconfig");
    expect(profileFileName('x";\r\nSet-Cookie: a=b')).toBe("xSet-Cookieab.mobileconfig");
    expect(profileFileName("")).toBe("app.mobileconfig");
  });
});
