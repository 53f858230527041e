import sanitizeHtml from "sanitize-html";

/** Where published images are served from (app/routes/content-images.$file.ts). */
export const CONTENT_IMAGE_PATH = "/content-images/";

export interface SanitiseOptions {
  /**
   * Turns an image source the operator wrote (a file beside the content file) into the URL it was
   * stored under; an answer of undefined leaves the source to the rules below.
   */
  resolveImage?: (src: string) => string | undefined;
}

const ALLOWED_TAGS = [
  "p",
  "br",
  "strong",
  "b",
  "em",
  "i",
  "u",
  "s",
  "ul",
  "ol",
  "li",
  "h1",
  "h2",
  "h3",
  "h4",
  "a",
  "img",
  "span",
  "div",
  "table",
  "thead",
  "tbody",
  "tr",
  "td",
  "th",
  "blockquote",
  "hr",
];

/** An image comes from the web over HTTP(S) or from this site's own published images; nothing else loads. */
function imageSourceAllowed(src: string): boolean {
  if (src.startsWith(CONTENT_IMAGE_PATH)) return /^\/content-images\/[0-9a-f]{64}\.(png|jpg|webp|gif)$/.test(src);
  return /^https?:\/\/[^/\s]/i.test(src);
}

/** A site path ("/m/activity") stays in the app; "//host" is another site and is treated as such. */
const isSitePath = (href: string) => href.startsWith("/") && !href.startsWith("//");

const dimension = (v: string | undefined) => (v !== undefined && /^\d{1,4}$/.test(v) ? v : undefined);

/**
 * Operator HTML (announcements, promotions) as it may be stored and shown: an explicit allow-list
 * of tags and attributes, no style, class or id (the theme styles the content, and ids could
 * clash with the page's), links only to http, https, mailto or this site, images only from
 * http(s) or this site's published images. Script, style, iframe, object, form and svg are
 * dropped with their content. Links to other sites open in a new tab without an opener or referrer
 * and pass no ranking; links to this site's own screens stay in the app (a new tab would leave an
 * installed web app).
 */
export function sanitiseHtml(dirty: string, options: SanitiseOptions = {}): string {
  return sanitizeHtml(dirty, {
    allowedTags: ALLOWED_TAGS,
    allowedAttributes: {
      a: ["href", "target", "rel"],
      img: ["src", "alt", "width", "height"],
      td: ["colspan", "rowspan"],
      th: ["colspan", "rowspan"],
    },
    allowedSchemes: ["http", "https", "mailto"],
    allowedSchemesByTag: { img: ["http", "https"] },
    allowedSchemesAppliedToAttributes: ["href", "src"],
    allowProtocolRelative: false,
    allowedStyles: {},
    disallowedTagsMode: "discard",
    nonTextTags: ["script", "style", "textarea", "option", "noscript", "iframe", "object", "svg", "math", "template"],
    transformTags: {
      a: (tagName, attribs): sanitizeHtml.Tag => {
        const href = attribs.href?.trim();
        if (href === undefined || href === "") return { tagName, attribs: {} };
        if (isSitePath(href)) return { tagName, attribs: { href } };
        return { tagName, attribs: { href, target: "_blank", rel: "noopener noreferrer nofollow" } };
      },
      img: (tagName, attribs): sanitizeHtml.Tag => {
        const raw = attribs.src?.trim() ?? "";
        const src = options.resolveImage?.(raw) ?? raw;
        const out: Record<string, string> = { src, alt: attribs.alt ?? "" };
        const width = dimension(attribs.width);
        const height = dimension(attribs.height);
        if (width) out.width = width;
        if (height) out.height = height;
        return { tagName, attribs: out };
      },
    },
    exclusiveFilter: (frame) => frame.tag === "img" && !imageSourceAllowed(frame.attribs.src ?? ""),
  });
}
