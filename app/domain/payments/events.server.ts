import type { Brand, GatewayId } from "~/brand/schema";
import type { Db } from "~/db/client.server";
import { settlePaymentEvent } from "./deposits.server";
import type { GatewayEvent } from "./ports";
import { settlePayoutEvent } from "./payouts.server";

export type EventOutcome = "settled" | "duplicate" | "unknown" | "mismatch" | "ignored";

/** A verified gateway event, applied to the order or withdrawal it is about. */
export async function applyGatewayEvent(db: Db, brand: Brand, gateway: GatewayId, event: GatewayEvent): Promise<EventOutcome> {
  switch (event.type) {
    case "payment.paid":
    case "payment.failed":
      return settlePaymentEvent(db, brand, gateway, event);
    case "payout.paid":
    case "payout.failed":
      return settlePayoutEvent(db, brand, gateway, event);
    case "ignored":
      return "ignored";
  }
}
