import { useTranslation } from "~/components/ui/i18n";

export interface ApplicationView {
  id: number;
  status: "applying" | "issued" | "rejected";
  comment: string;
  images: number;
  /** Formatted pesos, when issued. */
  bonus: string | null;
  date: string;
}

const TONE: Record<ApplicationView["status"], string> = {
  applying: "bg-accent/15 text-accent",
  issued: "bg-success/15 text-success",
  rejected: "bg-danger/15 text-danger",
};

/** The member's own applications for this promotion, with the activity statuses of spec §3. */
export function ApplicationList({ applications }: { applications: ApplicationView[] }) {
  const { t } = useTranslation();
  if (applications.length === 0) return null;
  return (
    <section aria-labelledby="my-applications" className="space-y-2">
      <h2 id="my-applications" className="font-bold">
        {t("promotions.mine")}
      </h2>
      <ul className="space-y-2">
        {applications.map((a) => (
          <li key={a.id} className="rounded-xl border border-line/60 bg-surface px-3 py-2 text-sm">
            <div className="flex items-center justify-between gap-2">
              <span className="text-xs text-muted">{t("promotions.appliedOn", { date: a.date })}</span>
              <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${TONE[a.status]}`}>
                {t(`promotions.status.${a.status}`)}
              </span>
            </div>
            {a.comment ? <p className="mt-1 break-words">{a.comment}</p> : null}
            <p className="mt-1 text-xs text-muted">
              {t("promotions.imageCount", { count: a.images })}
              {a.bonus ? ` · ${t("promotions.bonus", { amount: a.bonus })}` : null}
            </p>
          </li>
        ))}
      </ul>
    </section>
  );
}
