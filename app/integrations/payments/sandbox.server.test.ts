import { describe, expect, it } from "vitest";
import { PAYOUT_REJECTED_MESSAGE, webhookEvent } from "./sandbox-events.server";
import { payoutIsRejected } from "./sandbox.server";

const checkout = {
  id: "cs_sbx_0123456789abcdef01234567",
  reference: "DABCDEFGH12345678",
  currency: "PHP",
  paymentId: "pay_sbx_1",
};
const at = new Date("2026-03-01T08:00:00Z");

describe("the sandbox's webhook bodies", () => {
  it("copy PayMongo's event envelope for a paid checkout", () => {
    const { eventId, body } = webhookEvent("checkout_session.payment.paid", { ...checkout, amount: 150_050n }, { createdAt: at });
    expect(eventId).toMatch(/^evt_sbx_[0-9a-f]{24}$/);
    expect(JSON.parse(body)).toEqual({
      data: {
        id: eventId,
        type: "event",
        attributes: {
          type: "checkout_session.payment.paid",
          livemode: false,
          created_at: 1772352000,
          updated_at: 1772352000,
          data: {
            id: checkout.id,
            type: "checkout_session",
            attributes: {
              amount: 150050,
              currency: "PHP",
              reference_number: checkout.reference,
              status: "paid",
              payments: [
                {
                  id: "pay_sbx_1",
                  type: "payment",
                  attributes: { amount: 150050, currency: "PHP", status: "paid", paid_at: 1772352000 },
                },
              ],
            },
          },
        },
      },
    });
  });

  it("write amounts as JSON integers from bigint, exactly, beyond what a double holds", () => {
    const { body } = webhookEvent(
      "payout.paid",
      { ...checkout, id: "po_sbx_1", amount: 9_007_199_254_740_993n },
      { createdAt: at },
    );
    expect(body).toContain('"amount":9007199254740993,');
    expect(body).not.toContain("\\u0000");
  });

  it("carry the failure message on failed events and no payments", () => {
    const { body } = webhookEvent(
      "payout.failed",
      { ...checkout, id: "po_sbx_1", amount: 100n, paymentId: null },
      {
        createdAt: at,
        failedMessage: PAYOUT_REJECTED_MESSAGE,
      },
    );
    const inner = JSON.parse(body).data.attributes.data;
    expect(inner).toMatchObject({
      id: "po_sbx_1",
      type: "payout",
      attributes: { status: "failed", failed_message: PAYOUT_REJECTED_MESSAGE },
    });
    expect(inner.attributes.payments).toBeUndefined();
  });
});

describe("the payout failure rule", () => {
  it("fails exactly the destinations ending in 0000", () => {
    expect(payoutIsRejected("09171230000")).toBe(true);
    expect(payoutIsRejected("0000")).toBe(true);
    expect(payoutIsRejected("09170000123")).toBe(false);
    expect(payoutIsRejected("0917123000")).toBe(false);
  });
});
