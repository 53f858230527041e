import type { LoaderFunctionArgs } from "@remix-run/node";
import { data } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { AffiliateCard } from "~/components/agents/affiliate-card";
import { Downline, TeamTrail } from "~/components/agents/downline";
import { Earnings, SettlementLines } from "~/components/agents/earnings";
import { TeamKpi } from "~/components/agents/team-kpi";
import { PageHeading } from "~/components/content/page-heading";
import { useTranslation } from "~/components/ui/i18n";
import { agentHomeData } from "./m.agent.home.server";

const NO_STORE = { "Cache-Control": "private, no-store" };

/** The agent centre (issue 17): AFFMAN3 and an agent's session; see m.agent.home.server.ts. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  return data(await agentHomeData(request, context), { headers: NO_STORE });
}

export default function AgentHome() {
  const d = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const under = d.query.under;
  return (
    <div className="space-y-5 px-4 pt-4" data-testid="agent-home">
      <PageHeading title={t("titles.agentHome")} back="/m/member/home" backLabel={t("agent.back")} />
      {d.own ? <AffiliateCard code={d.own.affiliate.code} link={d.own.affiliate.link} /> : null}
      <TeamTrail query={d.query} trail={d.trail} />
      <TeamKpi
        query={d.query}
        ranges={d.ranges}
        kpi={d.kpi}
        title={under ? t("agent.kpi.titleOf", { name: under }) : t("agent.kpi.title")}
      />
      {d.own ? <Earnings earnings={d.own.earnings} rangeLabel={t(`agent.range.${d.query.range}`)} /> : null}
      <Downline query={d.query} downline={d.downline} own={!under} />
      {d.own ? <SettlementLines lines={d.own.settlements} /> : null}
    </div>
  );
}
