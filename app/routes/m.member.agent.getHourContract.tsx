import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData, useRouteLoaderData } from "@remix-run/react";
import { ContractScreen } from "~/components/agents/contract-screen";
import type { RootData } from "~/components/root-data";
import { contractAction, contractLoader } from "./m.member.agent.contract.server";

/** The hourly salary contract page (issue 17): one loader, action and screen shared by the three kinds. */
export const loader = ({ request, context }: LoaderFunctionArgs) => contractLoader(request, context, "hourly_salary");

export const action = ({ request, context }: ActionFunctionArgs) => contractAction(request, context, "hourly_salary");

export default function HourContract() {
  const d = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const root = useRouteLoaderData("root") as RootData | undefined;
  // A refused accept answers with the terms as they now stand.
  return <ContractScreen view={reply?.view ?? d.view} error={reply?.error ?? null} csrf={root?.csrf ?? ""} />;
}
