import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { brandSchema, publicBrand } from "~/brand/schema";
import { createTranslator } from "~/utils/translator";
import perlas from "../../brands/perlas-play";
import { StatusGate } from "./status-gate";
import { TranslationProvider } from "./ui/i18n";

const translator = createTranslator("en", { en: { common: {} } });
const brand = publicBrand(brandSchema.parse(perlas));

const render = (status: 1 | 2) =>
  renderToStaticMarkup(
    <TranslationProvider translator={translator}>
      <StatusGate status={status} brand={brand} clientIp="203.0.113.9" />
    </TranslationProvider>,
  );

describe("<StatusGate>", () => {
  it.each([1, 2] as const)("draws its status-%s icon instead of an emoji, which many phones show as a box", (status) => {
    const html = render(status);
    expect(html).not.toMatch(/\p{Extended_Pictographic}/u);
    expect(html).toMatch(/<svg [^>]*aria-hidden="true"/);
  });

  it("draws a different icon for maintenance and for a closed region", () => {
    const icon = (html: string) => /<svg[\s\S]*?<\/svg>/.exec(html)?.[0];
    expect(icon(render(1))).not.toBe(icon(render(2)));
  });
});
