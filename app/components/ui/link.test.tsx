import { Link as RemixLink, type LinkProps } from "@remix-run/react";
import { describe, expect, it } from "vitest";
import { renderOnServer as render } from "../../../tests/setup/server-render";
import { Link, onServer } from "./link";

const cases: Array<[string, LinkProps]> = [
  ["a game tile", { to: "/m/game/100035", className: "group block", "aria-label": "Play Barong Fortune", children: "Barong" }],
  [
    "a path with a query",
    { to: "/m/login?redirectTo=%2Fm%2Fhome", className: "tile-heart", children: <span className="heart-mark" /> },
  ],
  [
    "navigation-only props",
    { to: "/m/home", replace: true, preventScrollReset: true, state: { from: 1 }, viewTransition: true, children: "Home" },
  ],
  ["discovery off", { to: "/m/notice", discover: "none", tabIndex: -1, "aria-hidden": true, children: "Notices" }],
];

describe("Link on the server (ADR 0021)", () => {
  it("runs where these tests run: on the server", () => {
    expect(onServer).toBe(true);
  });

  it.each(cases)("writes %s as Remix's Link does", async (_name, props) => {
    const ours = await render(<Link {...props} />);
    const remix = await render(<RemixLink {...props} />);
    expect(ours).toContain("<a ");
    expect(ours).toBe(remix);
  });

  it.each<[string, LinkProps]>([
    ["a relative path", { to: "../help", children: "Help" }],
    ["another site", { to: "https://example.com/x", children: "Out" }],
    ["a protocol-relative address", { to: "//example.com/x", children: "Out" }],
    ["a document reload", { to: "/m/logout", reloadDocument: true, children: "Out" }],
    ["an object address", { to: { pathname: "/m/help", search: "?a=1" }, children: "Help" }],
  ])("leaves %s to Remix's Link", async (_name, props) => {
    expect(await render(<Link {...props} />)).toBe(await render(<RemixLink {...props} />));
  });
});
