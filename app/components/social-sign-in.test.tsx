import { renderToStaticMarkup } from "react-dom/server";
import { TranslationProvider } from "~/components/ui/i18n";
import { createTranslator } from "~/utils/translator";
import { describe, expect, it } from "vitest";
import { SocialSignIn, socialProviders } from "./social-sign-in";

const firebase = {
  apiKey: "AIzaSyA1b2C3d4E5f6G7h8I9j0K_l-MnOpQrStU",
  authDomain: "lucky-peso-ph.firebaseapp.com",
  projectId: "lucky-peso-ph",
  appId: "1:123456789012:web:0a1b2c3d4e5f6a7b",
};

const translator = createTranslator("en", {
  en: { common: { social: { title: "Sign in with", google: "Continue with Google", facebook: "Continue with Facebook" } } },
});

function render(brand: { id: string; firebase: typeof firebase | null }, GOOGLELOGIN3: boolean, FACEBOOKLOGIN3: boolean) {
  return renderToStaticMarkup(
    <TranslationProvider translator={translator}>
      <SocialSignIn brand={brand} flags={{ GOOGLELOGIN3, FACEBOOKLOGIN3 }} onIdToken={() => undefined} />
    </TranslationProvider>,
  );
}

describe("<SocialSignIn>", () => {
  it("renders a labelled group of plain buttons for the providers allowed", () => {
    const html = render({ id: "lucky-peso", firebase }, true, true);
    expect(html).toContain('role="group" aria-label="Sign in with"');
    const buttons = [...html.matchAll(/<button([^>]*)>([\s\S]*?)<\/button>/g)];
    expect(buttons.map((b) => b[2]!.replace(/<[^>]+>/g, ""))).toEqual(["Continue with Google", "Continue with Facebook"]);
    for (const [, attrs] of buttons) {
      expect(attrs).toContain('type="button"');
      expect(attrs).not.toMatch(/\saria-(busy|disabled)=/);
    }
    expect(html).toContain('aria-hidden="true"');
    expect(html).not.toContain('role="alert"');
    expect(html).not.toMatch(/#[0-9a-f]{3,6}\b/i);
    expect(render({ id: "lucky-peso", firebase }, false, true)).not.toContain("Google");
  });

  it("renders nothing without a Firebase config or with both flags off", () => {
    expect(render({ id: "lucky-peso", firebase: null }, true, true)).toBe("");
    expect(render({ id: "lucky-peso", firebase }, false, false)).toBe("");
  });

  it("re-exports the pure rule the buttons follow", () => {
    expect(socialProviders({ firebase }, { GOOGLELOGIN3: false, FACEBOOKLOGIN3: true })).toEqual(["facebook"]);
  });
});
