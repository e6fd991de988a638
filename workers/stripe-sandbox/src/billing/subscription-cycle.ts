/**
 * What time does to a subscription, as Stripe Billing does it
 * (https://docs.stripe.com/billing/subscriptions/overview):
 * - an `incomplete` subscription whose first invoice is still unpaid 23 hours after it was created
 *   becomes `incomplete_expired`: its invoice is voided (and the invoice's PaymentIntent canceled),
 *   and `customer.subscription.updated` says so — Stripe sends no `customer.subscription.deleted` for it;
 * - at the end of a period, a subscription set to `cancel_at_period_end` ends (`canceled`,
 *   `customer.subscription.deleted`); any other one renews: the next period starts, and its invoice is
 *   paid off-session with the subscription's `default_payment_method` (else the customer's
 *   `invoice_settings.default_payment_method`); a decline, or no card to charge, leaves the invoice open
 *   and the subscription `past_due`; so does a card that needs 3-D Secure, whose intent then waits
 *   `requires_action` for the customer (`invoice.payment_action_required` and `invoice.payment_failed`,
 *   https://docs.stripe.com/billing/subscriptions/webhooks);
 * - a `past_due` subscription's renewal invoice is tried again on Billing's retry schedule
 *   (billing.ts RETRY_DAYS_AFTER_FIRST_ATTEMPT) with the card the renewal would use now (a card
 *   replaced since is the one charged); paid, the subscription is `active` again; once the retries are
 *   spent Billing cancels it (`customer.subscription.deleted`, reason `payment_failed`), or marks it
 *   `unpaid`, or leaves it, as BILLING_AFTER_RETRIES says
 *   (https://docs.stripe.com/billing/revenue-recovery/smart-retries).
 * The sandbox has no timer: `runDueSubscriptionWork` does what came due on the sandbox clock when the
 * sandbox is next called (sandbox-app.ts runs it before every API call).
 */
import {
  type Invoice,
  type Subscription,
  cancelNow,
  failedAttempt,
  intentOfInvoice,
  openInvoice,
  periodEndAfter,
  settleInvoiceOf,
  voidInvoice,
} from "./billing";
import { SandboxCall } from "../http/sandbox-call";
import type { SandboxEnv } from "../http/env";
import { type CardFailure, cardErrorBody } from "../http/errors";
import { previousAttributes } from "../events/events";
import { Params } from "../http/form";
import { confirmPayment } from "../money/payment-attempts";
import type { PaymentIntent } from "../money/payment-intent-object";
import { type PaymentMethod, customerOf } from "../money/payment-methods";
import { scheduleDelivery } from "../events/webhooks";
import type { StoredObject } from "../store/store";

/** An unpaid first invoice keeps a subscription `incomplete` this long, then it expires. */
export const INCOMPLETE_EXPIRES_AFTER_SECONDS = 23 * 60 * 60;

/** A clock moved far ahead renews period after period; this bounds one call's work. */
const MAX_PERIODS_PER_RUN = 36;
/** Due subscriptions handled per call; the rest wait for the next call. */
const MAX_SUBSCRIPTIONS_PER_RUN = 25;

const periodEndOf = (subscription: Subscription) => subscription.items.data[0]!.current_period_end;

/** The card Stripe charges a renewal with: the subscription's default, else the customer's. */
export async function renewalPaymentMethod(call: SandboxCall, subscription: Subscription): Promise<string | null> {
  const customer = await call.store.get<{ id: string; object: "customer"; invoice_settings: { default_payment_method: string | null } }>(
    subscription.customer,
    "customer",
  );
  for (const id of [subscription.default_payment_method, customer?.invoice_settings.default_payment_method ?? null]) {
    if (!id) continue;
    const method = await call.store.get<PaymentMethod>(id, "payment_method");
    // A card detached from the customer can no longer pay its invoices.
    if (method && customerOf(method) === subscription.customer) return id;
  }
  return null;
}

/**
 * Starts the next period and tries to pay its invoice off-session. `decline` forces the issuer's
 * answer (the `fail_renewal` test helper). Answers the subscription as it is afterwards.
 */
export async function renewSubscription(call: SandboxCall, subscription: Subscription, decline?: CardFailure): Promise<Subscription> {
  const item = subscription.items.data[0]!;
  const recurring = item.price.recurring!;
  let end = periodEndAfter(subscription.billing_cycle_anchor, recurring);
  for (let period = 2; end <= item.current_period_end; period++) end = periodEndAfter(subscription.billing_cycle_anchor, recurring, period);
  const advanced: Subscription = {
    ...subscription,
    items: { ...subscription.items, data: [{ ...item, current_period_start: item.current_period_end, current_period_end: end }] },
  };
  const { invoice, intent } = openInvoice(call, advanced, "subscription_cycle");
  const renewed: Subscription = { ...advanced, latest_invoice: invoice.id };
  call.store.put(renewed);
  call.emit("customer.subscription.updated", renewed, previousAttributes(subscription, renewed));

  await payRenewal(call, renewed, invoice, intent, decline);
  const after = await call.store.require<Subscription>("subscription", renewed.id, "subscription");
  const paid = await call.store.require<Invoice>("invoice", invoice.id, "invoice");
  if (paid.status === "paid" || after.status === "past_due") return after;
  const pastDue: Subscription = { ...after, status: "past_due" };
  call.store.put(pastDue);
  call.emit("customer.subscription.updated", pastDue, previousAttributes(after, pastDue));
  return pastDue;
}

async function payRenewal(
  call: SandboxCall,
  subscription: Subscription,
  invoice: Invoice,
  intent: PaymentIntent,
  decline: CardFailure | undefined,
): Promise<void> {
  if (decline) {
    const failed: PaymentIntent = { ...intent, last_payment_error: cardErrorBody(decline) };
    call.store.put(failed);
    call.emit("payment_intent.payment_failed", failed);
    await settleInvoiceOf(call, failed);
    return;
  }
  const method = await renewalPaymentMethod(call, subscription);
  if (!method) {
    // Nothing to charge: the attempt fails without reaching a card, and the invoice stays open.
    const failed = failedAttempt(invoice);
    call.store.put(failed);
    call.emit("invoice.payment_failed", failed);
    return;
  }
  const ready: PaymentIntent = { ...intent, payment_method: method, status: "requires_confirmation", last_payment_error: null };
  call.store.put(ready);
  // The issuer's answer is recorded on the intent, its charge and the invoice; nobody waits for it.
  const { intent: settled } = await confirmPayment(call, ready, true, true);
  if (settled.status === "requires_action") {
    // Waiting for the customer's 3-D Secure is a failed attempt too: the invoice stays open, the
    // subscription goes past_due, and Billing retries on its schedule.
    const waiting = failedAttempt(await call.store.require<Invoice>("invoice", invoice.id, "invoice"));
    call.store.put(waiting);
    call.emit("invoice.payment_failed", waiting);
  }
}

/** Ends an `incomplete` subscription whose first invoice went unpaid for 23 hours. */
async function expire(call: SandboxCall, subscription: Subscription): Promise<Subscription> {
  const expiredAt = subscription.created + INCOMPLETE_EXPIRES_AFTER_SECONDS;
  const invoice = subscription.latest_invoice ? await call.store.get<Invoice>(subscription.latest_invoice, "invoice") : null;
  if (invoice?.status === "open") await voidInvoice(call, invoice);
  const expired: Subscription = { ...subscription, status: "incomplete_expired", canceled_at: expiredAt, ended_at: expiredAt };
  call.store.put(expired);
  call.emit("customer.subscription.updated", expired, previousAttributes(subscription, expired));
  return expired;
}

/** The period a `cancel_at_period_end` subscription was paid for is over: it ends. */
function endAtPeriodEnd(call: SandboxCall, subscription: Subscription): Subscription {
  const ended: Subscription = { ...subscription, status: "canceled", ended_at: periodEndOf(subscription) };
  call.store.put(ended);
  call.emit("customer.subscription.deleted", ended, previousAttributes(subscription, ended));
  return ended;
}

/** A `past_due` subscription's open renewal invoice whose next retry is due by `now`, if any. */
async function retryDueInvoice(call: SandboxCall, subscription: Subscription, now: number): Promise<Invoice | null> {
  if (subscription.status !== "past_due" || !subscription.latest_invoice) return null;
  const invoice = await call.store.get<Invoice>(subscription.latest_invoice, "invoice");
  return invoice?.status === "open" && invoice.next_payment_attempt !== null && invoice.next_payment_attempt <= now ? invoice : null;
}

/** Billing's retry of a past-due renewal; once the retries are spent, what the settings say. */
async function retryRenewal(call: SandboxCall, subscription: Subscription, invoice: Invoice): Promise<Subscription> {
  const intent = await intentOfInvoice(call, invoice.id);
  if (!intent) return subscription;
  await payRenewal(call, subscription, invoice, intent, undefined);
  const after = await call.store.require<Subscription>("subscription", subscription.id, "subscription");
  const tried = await call.store.require<Invoice>("invoice", invoice.id, "invoice");
  if (tried.status !== "open" || tried.next_payment_attempt !== null || after.status !== "past_due") return after;
  return await afterRetries(call, after);
}

const AFTER_RETRIES_ID = "sandbox_billing_after_retries";
export const AFTER_RETRIES_ACTIONS = ["cancel", "unpaid", "past_due"] as const;
type AfterRetries = (typeof AFTER_RETRIES_ACTIONS)[number];
interface StoredAfterRetries extends StoredObject {
  object: "billing_settings";
  after_retries: AfterRetries;
}

/** The account's setting changed while the sandbox runs (test helper `billing_settings`); else BILLING_AFTER_RETRIES. */
export function setAfterRetries(call: SandboxCall, action: AfterRetries): void {
  call.store.put<StoredAfterRetries>({ id: AFTER_RETRIES_ID, object: "billing_settings", after_retries: action });
}

/** The renewal's retries are spent: the subscription is canceled, marked unpaid, or left past due. */
async function afterRetries(call: SandboxCall, subscription: Subscription): Promise<Subscription> {
  const stored = await call.store.get<StoredAfterRetries>(AFTER_RETRIES_ID, "billing_settings");
  const action = stored?.after_retries ?? call.env.BILLING_AFTER_RETRIES ?? "cancel";
  if (action === "past_due") return subscription;
  if (action === "unpaid") {
    const unpaid: Subscription = { ...subscription, status: "unpaid" };
    call.store.put(unpaid);
    call.emit("customer.subscription.updated", unpaid, previousAttributes(subscription, unpaid));
    return unpaid;
  }
  return cancelNow(call, subscription, "payment_failed");
}

const isDue = (subscription: Subscription, now: number) =>
  (subscription.status === "incomplete" && subscription.created + INCOMPLETE_EXPIRES_AFTER_SECONDS <= now) ||
  ((subscription.status === "active" || subscription.status === "past_due") && periodEndOf(subscription) <= now);

/** Does everything due for one subscription by `call.now`, in order: a retry due before its period ends first. */
async function catchUp(call: SandboxCall, subscription: Subscription): Promise<void> {
  let current = subscription;
  for (let step = 0; step < MAX_PERIODS_PER_RUN; step++) {
    const retry = await retryDueInvoice(call, current, Math.min(call.now, periodEndOf(current)));
    if (retry) current = await retryRenewal(call, current, retry);
    else if (!isDue(current, call.now)) return;
    else if (current.status === "incomplete") current = await expire(call, current);
    else if (current.cancel_at_period_end) current = endAtPeriodEnd(call, current);
    else current = await renewSubscription(call, current);
  }
}

/**
 * Runs what the sandbox clock made due (expiries, renewals, ends of canceled periods), each
 * subscription in its own commit, and schedules its events' delivery. A subscription another request
 * holds is left for a later call.
 */
export async function runDueSubscriptionWork(env: SandboxEnv, now: number, ctx: { waitUntil(promise: Promise<unknown>): void }): Promise<void> {
  const { results } = await env.DB.prepare(
    `SELECT s.id FROM sandbox_objects s WHERE s.object = 'subscription' AND (
       (json_extract(s.data, '$.status') = 'incomplete' AND json_extract(s.data, '$.created') <= ?1)
       OR (json_extract(s.data, '$.status') IN ('active', 'past_due') AND json_extract(s.data, '$.items.data[0].current_period_end') <= ?2)
       OR (json_extract(s.data, '$.status') = 'past_due' AND EXISTS (
         SELECT 1 FROM sandbox_objects i WHERE i.id = json_extract(s.data, '$.latest_invoice') AND i.object = 'invoice'
           AND json_extract(i.data, '$.status') = 'open' AND json_extract(i.data, '$.next_payment_attempt') <= ?2)))
     ORDER BY s.rowid LIMIT ?3`,
  )
    .bind(now - INCOMPLETE_EXPIRES_AFTER_SECONDS, now, MAX_SUBSCRIPTIONS_PER_RUN)
    .all<{ id: string }>();
  for (const { id } of results) {
    const call = new SandboxCall(env, new Params({}), "secret", null, null, now);
    try {
      await call.store.lock(id);
      const subscription = await call.store.get<Subscription>(id, "subscription");
      if (!subscription || (!isDue(subscription, now) && !(await retryDueInvoice(call, subscription, now)))) continue;
      await catchUp(call, subscription);
      await call.store.commit();
    } catch (error) {
      // Held by a concurrent request (lock_timeout), or a fault: the next call tries again.
      console.warn(JSON.stringify({ level: "warn", msg: "stripe sandbox: due subscription work deferred", subscription: id, error: String(error) }));
      continue;
    } finally {
      await call.store.releaseLocks();
    }
    scheduleDelivery(
      env,
      call.events.map((event) => event.id),
      ctx,
    );
  }
}
