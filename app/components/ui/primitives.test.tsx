import type { ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
// The data router that @remix-run/react's hooks and links run inside (its dependency, not the app's).
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from "react-router-dom/server";
import { describe, expect, it } from "vitest";
import { createTranslator } from "~/utils/translator";
import { TranslationProvider } from "./i18n";
import { Dialog } from "./dialog";
import { Sheet, SheetClose } from "./sheet";
import { SubmitButton } from "./submit-button";
import { TabLinks, useTabHref } from "./tabs";

const translator = createTranslator("en", { en: { common: { form: { pleaseWait: "Please wait…" } } } });

async function render(element: ReactNode, url = "/m/page") {
  const handler = createStaticHandler([{ path: "*", element }]);
  const context = await handler.query(new Request(`http://localhost${url}`));
  if (context instanceof Response) throw new Error(`unexpected response ${context.status}`);
  return renderToStaticMarkup(
    <TranslationProvider translator={translator}>
      <StaticRouterProvider router={createStaticRouter(handler.dataRoutes, context)} context={context} hydrate={false} />
    </TranslationProvider>,
  );
}

describe("<SubmitButton>", () => {
  it("is a plain submit button that keeps its name and value while idle", async () => {
    const html = await render(
      <SubmitButton name="intent" value="password">
        Log in
      </SubmitButton>,
    );
    expect(html).toMatch(/^<button type="submit" name="intent" value="password" class="[^"]*btn-primary[^"]*">Log in<\/button>$/);
  });

  it("is disabled, aria-busy and says so while busy", async () => {
    const html = await render(<SubmitButton busy>Save</SubmitButton>);
    expect(html).toContain('disabled=""');
    expect(html).toContain('aria-busy="true"');
    expect(html).toContain(">Please wait…</button>");
  });

  it("can keep its label while busy, and be disabled for a reason of its own without being busy", async () => {
    expect(
      await render(
        <SubmitButton busy busyLabel={null}>
          Continue as ana
        </SubmitButton>,
      ),
    ).toContain(">Continue as ana</button>");
    const blocked = await render(<SubmitButton disabled>Create account</SubmitButton>);
    expect(blocked).toContain('disabled=""');
    expect(blocked).not.toContain("aria-busy");
  });
});

describe("<Dialog>", () => {
  it("is a modal alertdialog named by its heading and described by its message, with a cancel link", async () => {
    const html = await render(
      <Dialog title="Log out?" description="You will need to log in again." cancel={{ to: "/m/home", label: "Cancel" }}>
        <button type="submit">Log out</button>
      </Dialog>,
    );
    const labelledBy = html.match(/aria-labelledby="([^"]+)"/)![1];
    const describedBy = html.match(/aria-describedby="([^"]+)"/)![1];
    expect(html).toContain('role="alertdialog" aria-modal="true"');
    expect(html).toContain(`<h1 id="${labelledBy}"`);
    expect(html).toContain(`<p id="${describedBy}"`);
    expect(html).toMatch(/<a [^>]*href="\/m\/home"[^>]*>Cancel<\/a><button type="submit">Log out<\/button>/);
  });

  it("has no description reference without a description", async () => {
    const html = await render(
      <Dialog title="Members only" cancel={{ to: "/m/home", label: "Cancel" }}>
        <a href="/m/register">Register now</a>
      </Dialog>,
    );
    expect(html).not.toContain("aria-describedby");
  });
});

describe("<TabLinks> and useTabHref", () => {
  function Tabs() {
    const href = useTabHref();
    return (
      <TabLinks
        label="Log in with"
        tabs={[
          { to: href({ method: "" }), label: "Username", current: false },
          { to: href({ method: "sms" }), label: "Mobile number", current: true },
        ]}
      />
    );
  }

  it("is a labelled navigation whose current link carries aria-current, keeping the other parameters", async () => {
    const html = await render(<Tabs />, "/m/login?redirectTo=%2Fm%2Fhome&method=sms");
    expect(html).toContain('<nav aria-label="Log in with"');
    expect(html).toMatch(/<a [^>]*href="\/m\/login\?redirectTo=%2Fm%2Fhome"[^>]*>Username<\/a>/);
    expect(html).toMatch(
      /<a [^>]*aria-current="page"[^>]*href="\/m\/login\?redirectTo=%2Fm%2Fhome&amp;method=sms"[^>]*>Mobile number<\/a>/,
    );
    expect(html).not.toContain('role="tab');
  });

  it("drops the query when no parameter is left", async () => {
    expect(await render(<Tabs />, "/m/login?method=sms")).toMatch(/href="\/m\/login"[^>]*>Username/);
  });
});

describe("<Sheet>", () => {
  it("is a modal dialog named by its heading, with a mask and a close link outside and inside", async () => {
    const html = await render(
      <Sheet side="bottom" closeTo="/m/home" closeLabel="Close" labelledBy="invite-title">
        <SheetClose />
        <h2 id="invite-title">Invite friends</h2>
      </Sheet>,
      "/m/home?panel=invite",
    );
    expect(html).toContain('role="dialog" aria-modal="true" aria-labelledby="invite-title"');
    const [outside, inside] = html.split("<section");
    const linkAttributes = (part = "") => [...part.matchAll(/<a ([^>]*)>/g)].map((m) => m[1]!);
    const [mask] = linkAttributes(outside);
    const [close] = linkAttributes(inside);
    for (const link of [mask, close]) expect(link).toContain('href="/m/home"');
    expect(close).toContain('aria-label="Close"');
    // The mask is for pointers only, out of the tab order and hidden from screen readers (outside the
    // dialog, it would be page content in no landmark); keyboard and screen reader users get the close link inside.
    expect(mask).toContain('tabindex="-1"');
    expect(mask).toContain('aria-hidden="true"');
    expect(mask).not.toContain("aria-label");
    expect(close).not.toContain("tabindex");
  });

  it("refuses a close link outside a sheet", async () => {
    await expect(render(<SheetClose />)).rejects.toThrow(/inside a <Sheet>/);
  });
});
