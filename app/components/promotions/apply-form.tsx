import { Form } from "@remix-run/react";
import { useState } from "react";
import { useEnteredBeforeHydration } from "~/components/ui/entered-before-hydration";
import { CsrfInput } from "~/components/csrf-input";
import { useTranslation } from "~/components/ui/i18n";
import { SubmitButton } from "~/components/ui/submit-button";

export interface ApplyError {
  key: string;
  params?: Record<string, string | number>;
}

/**
 * The application form: a plain multipart post (it works without JavaScript). The limits shown
 * are checked again, by content, on the server; the counter only helps while typing.
 */
export function ApplyForm({
  action,
  limits,
  error,
}: {
  action: string;
  limits: { commentChars: number; images: number; imageMegabytes: number };
  error: ApplyError | null;
}) {
  const { t } = useTranslation();
  const [length, setLength] = useState(0);
  const comment = useEnteredBeforeHydration<HTMLTextAreaElement, number>((el) => [...el.value].length, setLength);
  const over = length > limits.commentChars;
  return (
    <Form method="post" action={action} encType="multipart/form-data" className="space-y-4" replace>
      <CsrfInput />
      <h2 className="font-bold">{t("promotions.apply.title")}</h2>
      <div className="space-y-1">
        <label htmlFor="apply-comment" className="text-sm font-medium">
          {t("promotions.apply.comment")}
        </label>
        <textarea
          ref={comment}
          id="apply-comment"
          name="comment"
          rows={3}
          onChange={(e) => setLength([...e.target.value].length)}
          aria-describedby="apply-comment-count"
          className="w-full rounded-xl border border-line bg-surface-2 px-3 py-2 text-sm text-text placeholder:text-muted focus:border-primary focus:outline-none"
          placeholder={t("promotions.apply.commentPlaceholder")}
        />
        <p id="apply-comment-count" className={`text-right text-xs ${over ? "text-danger" : "text-muted"}`}>
          {t("promotions.apply.commentCount", { count: length, max: limits.commentChars })}
        </p>
      </div>
      <div className="space-y-1">
        <label htmlFor="apply-images" className="text-sm font-medium">
          {t("promotions.apply.images")}
        </label>
        <input
          id="apply-images"
          name="images"
          type="file"
          multiple
          accept="image/png,image/jpeg"
          aria-describedby="apply-images-hint"
          className="block w-full text-sm text-muted file:mr-3 file:rounded-full file:border-0 file:bg-surface-3 file:px-4 file:py-2 file:text-sm file:font-semibold file:text-text"
        />
        <p id="apply-images-hint" className="text-xs text-muted">
          {t("promotions.apply.imagesHint", { count: limits.images, size: limits.imageMegabytes })}
        </p>
      </div>
      {error ? (
        <p role="alert" className="rounded-xl bg-danger/10 px-3 py-2 text-sm font-medium text-danger">
          {t(error.key, error.params)}
        </p>
      ) : null}
      <SubmitButton busyLabel={t("promotions.apply.sending")}>{t("promotions.apply.submit")}</SubmitButton>
    </Form>
  );
}
