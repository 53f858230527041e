import { Form, useNavigation } from "@remix-run/react";
import { useTranslation } from "~/components/ui/i18n";
import { CsrfInput } from "./csrf-input";

/** FREEPLAY3: starts a guest session with play money (spec: a wait message, then home). */
export function FreePlayButton() {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formAction === "/m/freeplay";
  return (
    <Form method="post" action="/m/freeplay">
      <CsrfInput />
      <button
        type="submit"
        disabled={busy}
        className="h-11 w-full rounded-full border border-primary/70 font-semibold text-primary hover:bg-primary/10 disabled:opacity-60"
      >
        {busy ? t("freePlay.starting") : t("freePlay.start")}
      </button>
    </Form>
  );
}
