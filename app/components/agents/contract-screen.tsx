import { Form } from "@remix-run/react";
import { PageHeading } from "~/components/content/page-heading";
import { buttonClass } from "~/components/ui/button";
import { ErrorList } from "~/components/ui/field";
import { useTranslation } from "~/components/ui/i18n";
import { GiftIcon, HourglassIcon, ShieldCheckIcon } from "~/components/ui/icons";
import { Link } from "~/components/ui/link";
import { SubmitButton } from "~/components/ui/submit-button";
import { formatPeso } from "~/utils/money";
import { formatRate } from "./format";
import { CONTRACT_TITLES, type ContractPageView, type ContractTermsView } from "./types";

const card = "rounded-card border border-line bg-surface p-4";

function TierTable({ terms, caption }: { terms: ContractTermsView; caption: string }) {
  const { t } = useTranslation();
  const th = "px-2 py-2 text-left font-semibold text-muted";
  return (
    <div className="-mx-1 overflow-x-auto">
      <table className="w-full min-w-[19rem] text-xs tabular-nums" data-testid="tier-table">
        <caption className="sr-only">{caption}</caption>
        <thead className="border-b border-line/60">
          <tr>
            <th scope="col" className={th}>
              {t("agent.contract.tier")}
            </th>
            <th scope="col" className={th}>
              {t("agent.contract.minTurnover")}
            </th>
            <th scope="col" className={th}>
              {t("agent.contract.minActivePlayers")}
            </th>
            <th scope="col" className={th}>
              {t("agent.contract.minNetLoss")}
            </th>
            <th scope="col" className={`${th} text-right`}>
              {t("agent.contract.rate")}
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-line/40">
          {terms.tiers.map((tier, i) => (
            <tr key={i} data-tier={i + 1}>
              <th scope="row" className="px-2 py-2 text-left font-semibold">
                {i + 1}
              </th>
              <td className="px-2 py-2">{formatPeso(tier.minTurnover)}</td>
              <td className="px-2 py-2">{tier.minActivePlayers}</td>
              {/* A net-loss minimum of 0 asks nothing (ADR 0037). */}
              <td className="px-2 py-2">{tier.minNetLoss === "0" ? "—" : formatPeso(tier.minNetLoss)}</td>
              <td className="px-2 py-2 text-right font-bold text-prize">{formatRate(tier.rateBp)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function TermsSummary({ view, terms }: { view: ContractPageView; terms: ContractTermsView }) {
  const { t } = useTranslation();
  return (
    <dl className="grid grid-cols-2 gap-3 text-sm">
      <div>
        <dt className="text-xs text-muted">{t("agent.contract.version")}</dt>
        <dd className="font-semibold" data-testid="contract-version">
          {terms.version}
        </dd>
      </div>
      <div>
        <dt className="text-xs text-muted">{t("agent.contract.period")}</dt>
        <dd className="font-semibold">{t(`agent.contract.periods.${terms.period}`)}</dd>
      </div>
      <div className="col-span-2">
        <dt className="sr-only">{t("agent.contract.base")}</dt>
        <dd className="text-xs text-muted">
          {t(view.kind === "dividend" ? "agent.contract.baseNetLoss" : "agent.contract.baseTurnover")}
        </dd>
      </div>
    </dl>
  );
}

/**
 * A contract page (daily salary, dividend or hourly salary): the offer waiting, with its tiers and
 * an Accept form that carries the version shown, and the contract in force. A plain post, so it
 * works without JavaScript; `error` is a locale key the action answered with, `csrf` the page's token
 * (the root loader's, handed down by the route: this folder reads nothing of the shell's).
 */
export function ContractScreen({ view, error, csrf }: { view: ContractPageView; error: string | null; csrf: string }) {
  const { t } = useTranslation();
  const title = t(CONTRACT_TITLES[view.kind]);
  return (
    <div className="space-y-4 px-4 pt-4" data-testid="contract-page" data-kind={view.kind}>
      <PageHeading title={title} back="/m/agent/home" backLabel={t("agent.contract.back")} />
      {view.offer ? (
        <section
          aria-labelledby="offer-title"
          className="space-y-4 rounded-card border border-primary/60 bg-surface p-4 shadow-xl"
          data-testid="contract-offer"
        >
          <div className="flex items-start gap-3">
            <span className="btn-primary flex h-10 w-10 shrink-0 items-center justify-center rounded-2xl">
              <HourglassIcon width={20} height={20} />
            </span>
            <div className="min-w-0">
              <h2 id="offer-title" className="text-base font-bold">
                {t("agent.contract.offerTitle")}
              </h2>
              <p className="text-xs text-muted">{t("agent.contract.offeredAt", { date: view.offer.offeredAt })}</p>
            </div>
          </div>
          <ErrorList id="contract-error" errors={error ? [error] : null} />
          <TermsSummary view={view} terms={view.offer} />
          <TierTable terms={view.offer} caption={t("agent.contract.tiersOf", { version: view.offer.version })} />
          <p className="text-xs text-muted">{t("agent.contract.acceptNote")}</p>
          <Form method="post" replace>
            <input type="hidden" name="csrf" value={csrf} />
            <input type="hidden" name="intent" value="accept" />
            <input type="hidden" name="version" value={view.offer.version} />
            <SubmitButton size="lg">{t("agent.contract.accept")}</SubmitButton>
          </Form>
        </section>
      ) : error ? (
        <ErrorList id="contract-error" errors={[error]} />
      ) : null}
      {view.inForce ? (
        <section aria-labelledby="in-force-title" className={`${card} space-y-3`} data-testid="contract-in-force">
          <div className="flex items-start gap-3">
            <span className="flex h-10 w-10 shrink-0 items-center justify-center rounded-2xl bg-success/15 text-success">
              <ShieldCheckIcon width={20} height={20} />
            </span>
            <div className="min-w-0">
              <h2 id="in-force-title" className="text-base font-bold">
                {t("agent.contract.inForceTitle")}
              </h2>
              <p className="text-xs text-muted">{t("agent.contract.acceptedAt", { date: view.inForce.acceptedAt })}</p>
            </div>
          </div>
          <TermsSummary view={view} terms={view.inForce} />
          <details className="group">
            <summary className="flex h-11 cursor-pointer list-none items-center text-sm font-semibold text-primary">
              {t("agent.contract.showTiers")}
            </summary>
            <TierTable terms={view.inForce} caption={t("agent.contract.tiersOf", { version: view.inForce.version })} />
          </details>
        </section>
      ) : null}
      {!view.offer && !view.inForce ? (
        <section className={`${card} flex flex-col items-center gap-3 py-10 text-center`} data-testid="contract-empty">
          <span className="flex h-14 w-14 items-center justify-center rounded-full bg-surface-3 text-muted">
            <GiftIcon width={28} height={28} />
          </span>
          <p className="font-semibold">{t("agent.contract.emptyTitle")}</p>
          <p className="text-sm text-muted">{t("agent.contract.emptyBody")}</p>
          <Link to="/m/agent/home" className={buttonClass("primary", "md", "px-6")}>
            {t("agent.contract.back")}
          </Link>
        </section>
      ) : null}
    </div>
  );
}
