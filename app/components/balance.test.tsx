import { renderToStaticMarkup } from "react-dom/server";
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from "react-router-dom/server";
import { describe, expect, it } from "vitest";
import { createTranslator } from "~/utils/translator";
import { Balance, BalanceView, MASKED_BALANCE, type BalanceViewProps } from "./balance";
import { TranslationProvider } from "./ui/i18n";

const translator = createTranslator("en", {
  en: {
    common: {
      header: { balance: "Balance" },
      balance: { hide: "Hide balance", show: "Show balance", refresh: "Refresh balance", refreshing: "Refreshing balance" },
    },
  },
});

const wrap = (ui: React.ReactNode) =>
  renderToStaticMarkup(<TranslationProvider translator={translator}>{ui}</TranslationProvider>);

const base: BalanceViewProps = {
  amount: "123456",
  hidden: false,
  refreshing: false,
  hydrated: true,
  here: "/m/gameCenter?category=HOT",
  csrf: "tok",
  size: "sm",
};

/** The text of the element labelled "Balance". */
const amountOf = (html: string) => html.match(/aria-label="Balance"[^>]*>([^<]*)</)?.[1];
const field = (html: string, name: string) => html.match(new RegExp(`name="${name}" value="([^"]*)"`))?.[1];

describe("<BalanceView>", () => {
  it("shows the amount in pesos with a hide button that posts hidden=1", () => {
    const html = wrap(<BalanceView {...base} />);
    expect(amountOf(html)).toBe("₱1,234.56");
    expect(html).toContain('aria-label="Hide balance"');
    expect(html).toContain('aria-pressed="false"');
    expect(field(html, "hidden")).toBe("1");
    expect(field(html, "csrf")).toBe("tok");
    expect(html).not.toContain("animate-spin");
  });

  it("masks the amount when hidden and offers to show it again", () => {
    const html = wrap(<BalanceView {...base} hidden />);
    expect(amountOf(html)).toBe(MASKED_BALANCE);
    expect(MASKED_BALANCE).toBe("₱****");
    expect(html).not.toContain("1,234.56");
    expect(html).toContain('aria-label="Show balance"');
    expect(html).toContain('aria-pressed="true"');
    expect(field(html, "hidden")).toBe("0");
  });

  it("masks the amount while refreshing, spins and disables the refresh button", () => {
    const html = wrap(<BalanceView {...base} refreshing />);
    expect(amountOf(html)).toBe(MASKED_BALANCE);
    expect(html).toContain('aria-busy="true"');
    expect(html).toMatch(/<button type="button"[^>]*disabled=""[^>]*aria-label="Refreshing balance"/);
    expect(html).toContain("animate-spin");
  });

  it("without JavaScript, posts the toggle back to the page and refreshes by reloading it", () => {
    const html = wrap(<BalanceView {...base} hydrated={false} />);
    expect(html).toMatch(/<form method="post" action="\/m\/balance"/);
    expect(field(html, "redirectTo")).toBe("/m/gameCenter?category=HOT");
    expect(html).toMatch(/<a href="\/m\/gameCenter\?category=HOT"[^>]*aria-label="Refresh balance"/);
    expect(html).not.toContain('<button type="button"');
  });
});

describe("<Balance>", () => {
  async function render(hidden: boolean) {
    const element = <Balance balance="50000" hidden={hidden} csrf="tok" />;
    const handler = createStaticHandler([{ path: "*", element }]);
    const context = await handler.query(new Request("http://localhost/m/home?category=RNG"));
    if (context instanceof Response) throw new Error(`unexpected response ${context.status}`);
    return wrap(
      <StaticRouterProvider router={createStaticRouter(handler.dataRoutes, context)} context={context} hydrate={false} />,
    );
  }

  it("renders the server's choice: shown, or masked from the first byte", async () => {
    expect(amountOf(await render(false))).toBe("₱500.00");
    const hidden = await render(true);
    expect(amountOf(hidden)).toBe(MASKED_BALANCE);
    expect(hidden).not.toContain("500.00");
    expect(field(hidden, "redirectTo")).toBe("/m/home?category=RNG");
  });
});
