import express from "express";
import type { Db } from "~/db/client.server";
import { checkoutIsOpen, completeSandboxCheckout, findSandboxCheckout } from "~/integrations/payments/sandbox.server";
import { formatPeso } from "~/utils/money";

/**
 * The sandbox gateway's hosted checkout page, as a provider would serve it on its own
 * domain: no JavaScript, its own plain look (not the brand's: it is someone else's page),
 * and in English like the provider pages it stands for.
 */

const CHECKOUT_ID = /^cs_sbx_[0-9a-f]{24}$/;

const CHANNELS: Record<string, string> = {
  gcash: "GCash",
  maya: "Maya",
  qrph: "QR Ph",
  online_banking: "Online banking",
  otc: "Over the counter",
};

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

const CSS = `
*{box-sizing:border-box}
body{margin:0;min-height:100vh;background:#eef1f5;color:#1d2433;font-family:system-ui,-apple-system,sans-serif;display:flex;justify-content:center;align-items:flex-start}
main{width:100%;max-width:26rem;margin:2rem 1rem;background:#fff;border-radius:12px;box-shadow:0 2px 12px rgba(0,0,0,.08);padding:1.5rem}
.banner{margin:-1.5rem -1.5rem 1.25rem;padding:.75rem 1.5rem;border-radius:12px 12px 0 0;background:#fff4d6;color:#6b4e00;font-weight:600;font-size:.9rem}
h1{font-size:1.1rem;margin:0 0 1rem}
dl{display:grid;grid-template-columns:auto 1fr;gap:.5rem 1rem;margin:0 0 1.5rem}
dt{color:#5b6577}
dd{margin:0;text-align:right;overflow-wrap:anywhere}
.amount{font-size:1.75rem;font-weight:700;text-align:center;margin:0 0 1.25rem}
form{margin:0 0 .75rem}
button,a.button{display:block;width:100%;padding:.85rem;border-radius:8px;border:1px solid #c7cdd8;background:#fff;color:#1d2433;font-size:1rem;font-weight:600;text-align:center;text-decoration:none;cursor:pointer}
button.pay{background:#1f6feb;border-color:#1f6feb;color:#fff}
button.fail{color:#b42318;border-color:#f1b5ae}
p{line-height:1.5;color:#3d4657}
`;

function page(res: express.Response, status: number, title: string, content: string) {
  const nonce = escapeHtml(String(res.locals.nonce ?? ""));
  res.setHeader("Cache-Control", "no-store");
  res.status(status).type("html").send(`<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)} | Sandbox payment</title>
<style nonce="${nonce}">${CSS}</style>
</head>
<body>
<main>
<div class="banner">Sandbox payment — no real money moves</div>
<h1>${escapeHtml(title)}</h1>
${content}
</main>
</body>
</html>`);
}

const notFound = (res: express.Response) =>
  page(res, 404, "Checkout not found", "<p>This checkout does not exist. Go back to the merchant and start again.</p>");

function closed(res: express.Response, returnUrl: string | undefined) {
  page(
    res,
    409,
    "This checkout is already completed",
    `<p>This checkout was already paid, declined or has expired; nothing was changed.</p>${
      returnUrl ? `<a class="button" href="${escapeHtml(returnUrl)}">Return to the merchant</a>` : ""
    }`,
  );
}

/** The host the browser posted from, by Origin or else Referer; null when neither says. */
function postedFrom(req: express.Request): string | null {
  const source = req.get("origin") ?? req.get("referer");
  if (!source || source === "null") return null;
  try {
    return new URL(source).host.toLowerCase();
  } catch {
    return null;
  }
}

export function sandboxGatewayRouter(opts: { db: Db; trustProxy: boolean; now?: () => Date }): express.Router {
  const { db } = opts;
  const now = opts.now ?? (() => new Date());
  const router = express.Router();

  router.get("/checkout/:id", async (req, res, next) => {
    try {
      const id = req.params.id;
      const row = CHECKOUT_ID.test(id) ? await findSandboxCheckout(db, id) : null;
      if (!row) return notFound(res);
      if (!checkoutIsOpen(row, now())) return closed(res, row.details.returnUrl);
      const action = (name: string) => `/sandbox-gateway/checkout/${escapeHtml(row.id)}/${name}`;
      page(
        res,
        200,
        "Complete your payment",
        `<p class="amount">${escapeHtml(formatPeso(row.amount.toString()))}</p>
<dl>
<dt>Merchant</dt><dd>${escapeHtml(row.details.description ?? row.merchantCode)}</dd>
<dt>Channel</dt><dd>${escapeHtml(CHANNELS[row.details.channel ?? ""] ?? row.details.channel ?? "")}</dd>
<dt>Reference</dt><dd>${escapeHtml(row.reference)}</dd>
</dl>
<form method="post" action="${action("pay")}"><button class="pay" type="submit">Pay</button></form>
<form method="post" action="${action("fail")}"><button class="fail" type="submit">Fail</button></form>
<form method="post" action="${action("abandon")}"><button type="submit">Abandon</button></form>`,
      );
    } catch (err) {
      next(err);
    }
  });

  router.post("/checkout/:id/:action", async (req, res, next) => {
    try {
      const { id, action } = req.params;
      // The provider guards its own page: a post must come from a page of this host.
      const host = (
        (opts.trustProxy && req.get("x-forwarded-host")?.split(",")[0]?.trim()) ||
        req.get("host") ||
        ""
      ).toLowerCase();
      if (!host || postedFrom(req) !== host) {
        return page(res, 403, "Request refused", "<p>This form can only be sent from the checkout page itself.</p>");
      }
      if (!CHECKOUT_ID.test(id) || !["pay", "fail", "abandon"].includes(action)) return notFound(res);
      if (action === "abandon") {
        const row = await findSandboxCheckout(db, id);
        if (!row) return notFound(res);
        if (!checkoutIsOpen(row, now())) return closed(res, row.details.returnUrl);
        // Left open on purpose: the merchant's order expires as it would when a customer walks away.
        return res.redirect(303, row.details.cancelUrl);
      }
      const outcome = await completeSandboxCheckout(db, id, action === "pay" ? "pay" : "fail", now());
      if (outcome.done) return res.redirect(303, outcome.row.details.returnUrl);
      if (outcome.reason === "unknown") return notFound(res);
      closed(res, (await findSandboxCheckout(db, id))?.details.returnUrl);
    } catch (err) {
      next(err);
    }
  });

  return router;
}
