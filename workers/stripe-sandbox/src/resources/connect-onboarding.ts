/**
 * The sandbox's hosted onboarding page: what Stripe's Connect onboarding is locally. The browser
 * arrives from an Account Link URL, sees a short form (a debit card, prefilled with Stripe's Visa
 * debit test card; the taxpayer id a W-9 certifies, prefilled with Stripe's test id) and **Complete
 * onboarding**; submitting it adds the card, accepts the terms, gives the tax details, makes the
 * account able to receive transfers and payouts, emits `account.updated` (delivered as a signed
 * webhook) and redirects to the link's `return_url`. **Finish without tax details** (a checkbox,
 * `without_tax_details=on`) leaves them out: the account then keeps `individual.id_number` in
 * `requirements.currently_due` and payouts disabled, as Stripe does, until a later onboarding link
 * gives them. A form posted without the `tax_id` field gives Stripe's test id, as the prefilled
 * page would. No API key: like Stripe's page, the
 * unguessable, single-use link is the credential. Expired or used links go to `refresh_url`.
 */
import { Hono, type Context } from "hono";
import type { AppEnv } from "../http/env";
import { sandboxNow } from "../store/clock";
import { CardValidationError } from "../money/cards";
import {
  type Account,
  DEFAULT_DEBIT_CARD,
  NotDebitCardError,
  TEST_TAX_ID,
  TaxIdError,
  debitCardFor,
  validTaxId,
  withExternalCard,
  withReadiness,
  withTaxId,
} from "../connect/connect-accounts";
import { SandboxCall } from "../http/sandbox-call";
import { previousAttributes } from "../events/events";
import { Params, bodyText } from "../http/form";
import { type OnboardingLink, linkUsable } from "../connect/onboarding-links";
import { scheduleDelivery } from "../events/webhooks";

const escapeHtml = (text: string) =>
  text.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;").replaceAll('"', "&quot;").replaceAll("'", "&#39;");

function page(title: string, body: string, status: 200 | 400 | 404 = 200): Response {
  const html = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>${escapeHtml(title)} – Stripe sandbox</title>
<style>
  body { font-family: system-ui, sans-serif; background: #f6f9fc; color: #1a1f36; margin: 0; }
  main { max-width: 28rem; margin: 3rem auto; background: #fff; padding: 2rem; border-radius: 12px; box-shadow: 0 2px 8px rgba(0,0,0,.08); }
  label { display: block; font-weight: 600; margin: 1rem 0 .25rem; }
  input { width: 100%; box-sizing: border-box; font-size: 1rem; padding: .6rem; border: 1px solid #8792a2; border-radius: 6px; }
  button { margin-top: 1.5rem; width: 100%; font-size: 1rem; font-weight: 600; padding: .75rem; color: #fff; background: #533afd; border: 0; border-radius: 6px; cursor: pointer; }
  button:focus-visible, input:focus-visible { outline: 3px solid #0a2540; outline-offset: 2px; }
  .note { color: #425466; font-size: .9rem; }
  .error { color: #a4142f; background: #fde8ec; padding: .75rem; border-radius: 6px; }
  label.check { display: flex; gap: .5rem; align-items: center; font-weight: 400; }
  label.check input { width: auto; }
</style>
</head>
<body><main>${body}</main></body>
</html>`;
  return new Response(html, { status, headers: { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store", "Referrer-Policy": "no-referrer" } });
}

interface FormValues {
  cardNumber: string;
  taxId: string;
  withoutTaxDetails: boolean;
}

const PREFILLED: FormValues = { cardNumber: DEFAULT_DEBIT_CARD, taxId: "000-00-0000", withoutTaxDetails: false };

function onboardingForm(link: OnboardingLink, values: FormValues, error?: { field: "card" | "tax"; message: string }): Response {
  const { cardNumber } = values;
  const errorHtml = error?.field === "card" ? `<p id="card-error" class="error" role="alert">${escapeHtml(error.message)}</p>` : "";
  const taxErrorHtml = error?.field === "tax" ? `<p id="tax-error" class="error" role="alert">${escapeHtml(error.message)}</p>` : "";
  return page(
    "Set up payouts",
    `<h1>Set up payouts</h1>
<p class="note">Stripe sandbox: this page stands in for Stripe's hosted Connect onboarding. Nothing leaves this computer.</p>
<form method="post">
  <label for="card-number">Debit card number</label>
  <input id="card-number" name="card_number" inputmode="numeric" autocomplete="off" required value="${escapeHtml(cardNumber)}"${error?.field === "card" ? ' aria-invalid="true" aria-describedby="card-error"' : ""}>
  <p class="note">Payouts are sent to this debit card. Test card: ${DEFAULT_DEBIT_CARD}.</p>
  ${errorHtml}
  <label for="tax-id">Taxpayer ID (SSN or ITIN, for your W-9)</label>
  <input id="tax-id" name="tax_id" inputmode="numeric" autocomplete="off" value="${escapeHtml(values.taxId)}"${error?.field === "tax" ? ' aria-invalid="true" aria-describedby="tax-error"' : ""}>
  <p class="note">Tax details for US tax reporting. Test ID: 000-00-0000.</p>
  ${taxErrorHtml}
  <label class="check"><input type="checkbox" name="without_tax_details"${values.withoutTaxDetails ? " checked" : ""}> Finish without tax details</label>
  <p class="note">Stripe then keeps payouts off until the tax details are given.</p>
  <button type="submit">Complete onboarding</button>
</form>
<p class="note">Account ${escapeHtml(link.account)}</p>`,
    error ? 400 : 200,
  );
}

const notFound = () => page("Link not found", "<h1>Link not found</h1><p>This onboarding link does not exist.</p>", 404);

async function loadLink(c: Context<AppEnv>): Promise<{ call: SandboxCall; link: OnboardingLink | null }> {
  const form = c.req.method === "POST" ? Params.fromForm(await bodyText(c.req)) : new Params({});
  const call = new SandboxCall(c.env, form, "secret", c.get("requestId") ?? null, null, await sandboxNow(c.env.DB));
  const link = await call.store.get<OnboardingLink>(c.req.param("link") ?? "", "sandbox.account_link");
  return { call, link };
}

export const connectOnboardingRoutes = new Hono<AppEnv>()
  .get("/connect/onboarding/:link", async (c) => {
    const { call, link } = await loadLink(c);
    if (!link) return notFound();
    if (!linkUsable(link, call.now)) return c.redirect(link.refresh_url, 303);
    return onboardingForm(link, PREFILLED);
  })
  .post("/connect/onboarding/:link", async (c) => {
    const { call, link } = await loadLink(c);
    if (!link) return notFound();
    if (!linkUsable(link, call.now)) return c.redirect(link.refresh_url, 303);
    const number = call.params.string("card_number") ?? "";
    const withoutTaxDetails = call.params.string("without_tax_details") !== undefined;
    const taxIdGiven = call.params.string("tax_id");
    const values: FormValues = { cardNumber: number, taxId: taxIdGiven ?? "", withoutTaxDetails };
    let taxDetails = false;
    if (!withoutTaxDetails) {
      try {
        validTaxId(taxIdGiven ?? TEST_TAX_ID);
        taxDetails = true;
      } catch (error) {
        if (error instanceof TaxIdError)
          return onboardingForm(link, values, {
            field: "tax",
            message: "This taxpayer ID is not valid: it has 9 digits. Check it, or finish without tax details.",
          });
        throw error;
      }
    }
    await call.store.lock(link.account);
    try {
      const before = await call.store.require<Account>("account", link.account, "account");
      let card;
      try {
        card = await debitCardFor(before.id, number, call.today);
      } catch (error) {
        if (error instanceof NotDebitCardError)
          return onboardingForm(link, values, { field: "card", message: "This card is not a debit card. Payouts need a debit card." });
        if (error instanceof CardValidationError)
          return onboardingForm(link, values, { field: "card", message: "This card number is not valid. Check it and try again." });
        throw error;
      }
      const ip = c.req.header("CF-Connecting-IP") ?? "127.0.0.1";
      const given = withExternalCard(taxDetails ? withTaxId(before) : before, card);
      const after = withReadiness({
        ...given,
        tos_acceptance: { date: call.now, ip, user_agent: c.req.header("User-Agent") ?? null },
        details_submitted: true,
      });
      call.store.put(after);
      call.store.put({ ...link, used: true });
      const previous = previousAttributes(before, after);
      if (previous) call.emit("account.updated", after, previous);
      await call.store.commit();
      scheduleDelivery(
        c.env,
        call.events.map((event) => event.id),
        c.executionCtx,
      );
      return c.redirect(link.return_url, 303);
    } finally {
      await call.store.releaseLocks();
    }
  });
