/**
 * A Pro renewal whose card needs 3-D Secure (docs/decisions/023-pro-renewals.md). Billing charges the
 * renewal off-session; when the bank asks for the cardholder, Stripe leaves the invoice's
 * PaymentIntent `requires_action`, sends `invoice.payment_action_required` and the subscription goes
 * `past_due` (https://docs.stripe.com/billing/subscriptions/webhooks). The product then:
 * - records the invoice on the artist's subscription row, so their private page offers "Confirm
 *   renewal", and texts them a fresh link to that page (once per invoice, however often Billing's
 *   retries ask again);
 * - on the page, hands the browser the invoice's client secret (its `confirmation_secret`), which
 *   runs the bank's challenge with the saved card (no card is typed), then reads the subscription and
 *   the invoice back from Stripe, so Pro is shown on as soon as Stripe says it is paid, webhook or not;
 * - forgets the invoice once it is paid (`invoice.paid` in pro-subscription.ts, or found settled here).
 */
import { and, eq } from "drizzle-orm";
import type Stripe from "stripe";
import type { RenewalConfirmationResponse } from "@jplay/schema/pro-plan";
import { subscriptions } from "@jplay/schema/tables";
import type { Ctx } from "../../platform/context";
import { artistLinkStatement, artistPagePath } from "../../access/index";
import { textRenewalNeedsConfirmation } from "../../texts/index";
import { loadProPlan } from "./pro-plan";
import { storeSubscription, syncSubscriptionFromEvent } from "./pro-subscription";

const subscriptionOfInvoice = (invoice: Stripe.Invoice) => {
  const value = invoice.parent?.subscription_details?.subscription;
  return typeof value === "string" ? value : (value?.id ?? null);
};

/**
 * `invoice.payment_action_required`. `origin` is the product's public origin for the text's link
 * (null where none is known: the text names the page without one). An event that arrives after the
 * renewal was paid (Stripe does not promise order) finds the subscription no longer `past_due` and
 * does nothing.
 */
export async function onRenewalActionRequired(ctx: Ctx, event: Stripe.Event, origin: string | null): Promise<void> {
  const invoice = event.data.object as Stripe.Invoice;
  if (!(await syncSubscriptionFromEvent(ctx, event))) return;
  // A first invoice's challenge runs in the browser that is paying it: nothing to tell.
  if (invoice.billing_reason !== "subscription_cycle" || invoice.status !== "open") return;
  const subscriptionId = subscriptionOfInvoice(invoice);
  if (!subscriptionId) return;
  // The status was just read from Stripe (syncSubscriptionFromEvent): only a renewal still unpaid waits.
  const [row] = await ctx.db
    .update(subscriptions)
    .set({ renewalActionInvoiceId: invoice.id, updatedAt: ctx.now() })
    .where(and(eq(subscriptions.stripeSubscriptionId, subscriptionId), eq(subscriptions.status, "past_due")))
    .returning({ artistId: subscriptions.artistId });
  if (!row) return;
  await textRenewalNeedsConfirmation(ctx, {
    artistId: row.artistId,
    invoiceId: invoice.id,
    amountCents: invoice.amount_due,
    artistPageLink: origin
      ? async (onlyIf) => {
          const { token, statement } = await artistLinkStatement(row.artistId, onlyIf);
          return { url: new URL(artistPagePath(token), origin).href, statement };
        }
      : null,
  });
}

/**
 * `POST /api/artist/{token}/pro/renewal-confirmation`: reads the subscription and the waiting invoice
 * from Stripe, and answers the plan with the client secret the browser confirms while one is still
 * open (null once it is paid, voided or gone: the plan says what Stripe says now).
 */
export async function renewalConfirmation(ctx: Ctx, artistId: string): Promise<RenewalConfirmationResponse> {
  const [row] = await ctx.db.select().from(subscriptions).where(eq(subscriptions.artistId, artistId)).limit(1);
  if (!row?.renewalActionInvoiceId) return { pro: await loadProPlan(ctx, artistId), clientSecret: null };
  const invoiceId = row.renewalActionInvoiceId;
  const [subscription, invoice] = await Promise.all([
    ctx.stripe.subscriptions.retrieve(row.stripeSubscriptionId),
    ctx.stripe.invoices.retrieve(invoiceId, { expand: ["confirmation_secret"] }),
  ]);
  await storeSubscription(ctx, subscription);
  const waiting = invoice.status === "open" && subscriptionOfInvoice(invoice) === row.stripeSubscriptionId && subscription.status === "past_due";
  if (!waiting) {
    await ctx.db
      .update(subscriptions)
      .set({ renewalActionInvoiceId: null, updatedAt: ctx.now() })
      .where(and(eq(subscriptions.id, row.id), eq(subscriptions.renewalActionInvoiceId, invoiceId)));
  }
  return { pro: await loadProPlan(ctx, artistId), clientSecret: waiting ? (invoice.confirmation_secret?.client_secret ?? null) : null };
}
