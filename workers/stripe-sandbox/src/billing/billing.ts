/**
 * Stripe Billing's part the product uses: a subscription's invoices, each paid through a
 * PaymentIntent (https://docs.stripe.com/billing/subscriptions/build-subscriptions). When that intent
 * succeeds the invoice becomes paid and an incomplete or past-due subscription active (events
 * `invoice.paid`, `invoice.payment_succeeded`, `customer.subscription.updated`), and with
 * `payment_settings.save_default_payment_method=on_subscription` its card becomes the subscription's
 * `default_payment_method`; when it fails, `invoice.payment_failed`. A voided invoice cancels its
 * intent. Objects carry the fields the product and Stripe's docs rely on. What the clock does to a
 * subscription (renewals, expiry, the end of a canceled period) is in subscription-cycle.ts.
 */
import type { SandboxCall } from "../http/sandbox-call";
import { previousAttributes } from "../events/events";
import { ID_PREFIX, newId, randomToken } from "../store/ids";
import { type PaymentIntent, newPaymentIntent } from "../money/payment-intent-object";
import type { StoredObject } from "../store/store";

export interface Product extends StoredObject {
  object: "product";
  active: boolean;
  created: number;
  description: string | null;
  livemode: false;
  metadata: Record<string, string>;
  name: string;
}

export interface Price extends StoredObject {
  object: "price";
  active: boolean;
  billing_scheme: "per_unit";
  created: number;
  currency: string;
  livemode: false;
  lookup_key: string | null;
  metadata: Record<string, string>;
  nickname: string | null;
  product: string;
  recurring: { interval: "day" | "week" | "month" | "year"; interval_count: number; usage_type: "licensed" } | null;
  type: "one_time" | "recurring";
  unit_amount: number;
}

export type SubscriptionStatus = "incomplete" | "incomplete_expired" | "active" | "past_due" | "canceled" | "unpaid";

export interface CancellationDetails {
  comment: string | null;
  feedback: string | null;
  reason: "cancellation_requested" | "payment_disputed" | "payment_failed" | null;
}

export interface SubscriptionItem {
  id: string;
  object: "subscription_item";
  created: number;
  current_period_start: number;
  current_period_end: number;
  price: Price;
  quantity: number;
  subscription: string;
}

export interface Subscription extends StoredObject {
  object: "subscription";
  billing_cycle_anchor: number;
  cancel_at: number | null;
  cancel_at_period_end: boolean;
  canceled_at: number | null;
  cancellation_details: CancellationDetails;
  collection_method: "charge_automatically";
  created: number;
  currency: string;
  customer: string;
  default_payment_method: string | null;
  ended_at: number | null;
  items: { object: "list"; data: SubscriptionItem[]; has_more: false; url: string };
  latest_invoice: string | null;
  livemode: false;
  metadata: Record<string, string>;
  payment_settings: { payment_method_types: string[] | null; save_default_payment_method: "off" | "on_subscription" | null };
  start_date: number;
  status: SubscriptionStatus;
}

export interface Invoice extends StoredObject {
  object: "invoice";
  amount_due: number;
  amount_paid: number;
  amount_remaining: number;
  attempt_count: number;
  attempted: boolean;
  billing_reason: "subscription_create" | "subscription_cycle";
  collection_method: "charge_automatically";
  created: number;
  currency: string;
  customer: string;
  lines: {
    object: "list";
    data: { id: string; object: "line_item"; amount: number; currency: string; description: string; period: { start: number; end: number } }[];
    has_more: false;
    url: string;
  };
  livemode: false;
  metadata: Record<string, string>;
  /** When Billing will try to pay it again after a failed attempt (dunning), or null. */
  next_payment_attempt: number | null;
  number: string;
  parent: { type: "subscription_details"; quote_details: null; subscription_details: { metadata: Record<string, string>; subscription: string } };
  period_end: number;
  period_start: number;
  status: "draft" | "open" | "paid" | "uncollectible" | "void";
  status_transitions: { finalized_at: number | null; paid_at: number | null; voided_at: number | null; marked_uncollectible_at: number | null };
  total: number;
}

/** Private: which invoice and subscription an intent pays, and which intent pays an invoice. */
interface InvoicePaymentLink extends StoredObject {
  object: "sandbox.invoice_payment";
  invoice: string;
  subscription: string;
  payment_intent: string;
}
const linkByIntent = (intentId: string) => `invpay_pi_${intentId}`;
const linkByInvoice = (invoiceId: string) => `invpay_in_${invoiceId}`;

/**
 * `months` calendar months on from `seconds`, on the same day of the month or the month's last day
 * when it is shorter: a subscription anchored on Jan 31 renews on Feb 28, then Mar 31
 * (https://docs.stripe.com/billing/subscriptions/billing-cycle).
 */
export function addMonth(seconds: number, months = 1): number {
  const date = new Date(seconds * 1000);
  const day = date.getUTCDate();
  date.setUTCDate(1);
  date.setUTCMonth(date.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 0)).getUTCDate();
  date.setUTCDate(Math.min(day, lastDay));
  return Math.floor(date.getTime() / 1000);
}

const DAY_SECONDS = 24 * 60 * 60;

/** The end of the billing period that starts `periods` periods after `anchor`'s period (1 = the first). */
export function periodEndAfter(anchor: number, recurring: NonNullable<Price["recurring"]>, periods = 1): number {
  const n = periods * recurring.interval_count;
  switch (recurring.interval) {
    case "day":
      return anchor + n * DAY_SECONDS;
    case "week":
      return anchor + n * 7 * DAY_SECONDS;
    case "month":
      return addMonth(anchor, n);
    case "year":
      return addMonth(anchor, 12 * n);
  }
}

/** Finalizes an invoice for the subscription's current period, with the PaymentIntent that pays it. */
export function openInvoice(call: SandboxCall, subscription: Subscription, reason: Invoice["billing_reason"]): { invoice: Invoice; intent: PaymentIntent } {
  const item = subscription.items.data[0]!;
  const amount = item.price.unit_amount * item.quantity;
  const id = newId(ID_PREFIX.invoice);
  const period = { start: item.current_period_start, end: item.current_period_end };
  const invoice: Invoice = {
    id,
    object: "invoice",
    amount_due: amount,
    amount_paid: 0,
    amount_remaining: amount,
    attempt_count: 0,
    attempted: false,
    billing_reason: reason,
    collection_method: "charge_automatically",
    created: call.now,
    currency: subscription.currency,
    customer: subscription.customer,
    lines: {
      object: "list",
      data: [{ id: newId("il"), object: "line_item", amount, currency: subscription.currency, description: `${item.quantity} × subscription`, period }],
      has_more: false,
      url: `/v1/invoices/${id}/lines`,
    },
    livemode: false,
    metadata: {},
    next_payment_attempt: null,
    number: `${randomToken(8).toUpperCase()}-0001`,
    parent: { type: "subscription_details", quote_details: null, subscription_details: { metadata: subscription.metadata, subscription: subscription.id } },
    period_end: period.end,
    period_start: period.start,
    status: "open",
    status_transitions: { finalized_at: call.now, paid_at: null, voided_at: null, marked_uncollectible_at: null },
    total: amount,
  };
  // A subscription's invoice saves the card it is paid with for the renewals Stripe charges
  // off-session (the intent's setup_future_usage).
  const intent: PaymentIntent = {
    ...newPaymentIntent(call, {
      amount,
      currency: subscription.currency,
      customer: subscription.customer,
      description: reason === "subscription_create" ? "Subscription creation" : "Subscription update",
      metadata: {},
      paymentMethod: null,
      automaticPaymentMethods: false,
    }),
    setup_future_usage: "off_session",
  };
  const link: InvoicePaymentLink = { id: "", object: "sandbox.invoice_payment", invoice: id, subscription: subscription.id, payment_intent: intent.id };
  call.store.put(invoice);
  call.store.put(intent);
  call.store.put({ ...link, id: linkByIntent(intent.id) });
  call.store.put({ ...link, id: linkByInvoice(id) });
  call.emit("invoice.created", invoice);
  call.emit("invoice.finalized", invoice);
  call.emit("payment_intent.created", intent);
  return { invoice, intent };
}

/** Ends a subscription now (`customer.subscription.deleted`): canceled by request, or by dunning's end. */
export function cancelNow(call: SandboxCall, subscription: Subscription, reason: NonNullable<CancellationDetails["reason"]>): Subscription {
  const canceled: Subscription = {
    ...subscription,
    status: "canceled",
    canceled_at: call.now,
    ended_at: call.now,
    cancellation_details: { ...subscription.cancellation_details, reason },
  };
  call.store.put(canceled);
  call.emit("customer.subscription.deleted", canceled);
  return canceled;
}

/**
 * Billing's retries of a renewal invoice after a failed attempt (Settings → Billing → Manage failed
 * payments), as the sandbox's account has them: a custom schedule of three retries, 3, 5 and 7 days
 * after the invoice's first attempt (https://docs.stripe.com/billing/revenue-recovery/smart-retries).
 * A subscription's first invoice is never retried: it expires with the subscription instead.
 */
export const RETRY_DAYS_AFTER_FIRST_ATTEMPT = [3, 5, 7] as const;

/**
 * Decline codes Billing never retries: "Smart Retries doesn't retry hard declines"
 * (https://docs.stripe.com/billing/revenue-recovery/smart-retries), the issuer having said that the
 * card will not pay again whenever it is tried. An `insufficient_funds` or `generic_decline` is soft:
 * retried on the schedule.
 */
export const HARD_DECLINE_CODES: readonly string[] = [
  "incorrect_number",
  "lost_card",
  "pickup_card",
  "stolen_card",
  "revocation_of_authorization",
  "revocation_of_all_authorizations",
  "authentication_required",
  "closed_account",
  "highest_risk_level",
  "transaction_not_allowed",
  "do_not_try_again",
];

/**
 * The invoice after one more failed attempt: counted, and its next retry (null once they are spent,
 * or at once for a hard decline: the invoice stays open and the subscription past due, unretried).
 */
export function failedAttempt(invoice: Invoice, declineCode?: string | null): Invoice {
  const attempts = invoice.attempt_count + 1;
  const hard = declineCode !== undefined && declineCode !== null && HARD_DECLINE_CODES.includes(declineCode);
  const days = invoice.billing_reason === "subscription_cycle" && !hard ? RETRY_DAYS_AFTER_FIRST_ATTEMPT[attempts - 1] : undefined;
  return { ...invoice, attempt_count: attempts, attempted: true, next_payment_attempt: days === undefined ? null : invoice.created + days * 24 * 60 * 60 };
}

/** `confirmation_secret`, which Stripe includes only when expanded: the client secret of the invoice's intent. */
export async function invoiceConfirmationSecret(call: { store: SandboxCall["store"] }, invoiceId: string) {
  const link = await call.store.get<InvoicePaymentLink>(linkByInvoice(invoiceId), "sandbox.invoice_payment");
  const intent = link ? await call.store.get<PaymentIntent>(link.payment_intent, "payment_intent") : null;
  return intent?.client_secret ? { client_secret: intent.client_secret, type: "payment_intent" } : null;
}

/** The intent that pays an invoice. */
export async function intentOfInvoice(call: { store: SandboxCall["store"] }, invoiceId: string): Promise<PaymentIntent | null> {
  const link = await call.store.get<InvoicePaymentLink>(linkByInvoice(invoiceId), "sandbox.invoice_payment");
  return link ? call.store.get<PaymentIntent>(link.payment_intent, "payment_intent") : null;
}

/**
 * Voids an open invoice (`invoice.voided`); its PaymentIntent is canceled with it, so a browser still
 * holding the intent's client secret can no longer pay it (https://docs.stripe.com/invoicing/overview#void).
 */
export async function voidInvoice(call: SandboxCall, invoice: Invoice): Promise<Invoice> {
  const voided: Invoice = { ...invoice, status: "void", amount_remaining: 0, status_transitions: { ...invoice.status_transitions, voided_at: call.now } };
  call.store.put(voided);
  call.emit("invoice.voided", voided, previousAttributes(invoice, voided));
  const intent = await intentOfInvoice(call, invoice.id);
  if (intent && intent.status !== "succeeded" && intent.status !== "canceled") {
    const canceled: PaymentIntent = { ...intent, status: "canceled", canceled_at: call.now, cancellation_reason: "void_invoice", next_action: null };
    call.store.put(canceled);
    call.emit("payment_intent.canceled", canceled);
  }
  return voided;
}

const paymentMethodIdOf = (intent: PaymentIntent): string | null =>
  typeof intent.payment_method === "string" ? intent.payment_method : (intent.payment_method?.id ?? null);

/**
 * After an intent settles: the invoice it pays (if any) is paid, records a failed attempt, or is
 * announced as waiting for the customer's 3-D Secure (`invoice.payment_action_required`).
 */
export async function settleInvoiceOf(call: SandboxCall, intent: PaymentIntent): Promise<void> {
  const link = await call.store.get<InvoicePaymentLink>(linkByIntent(intent.id), "sandbox.invoice_payment");
  if (!link) return;
  const invoice = await call.store.require<Invoice>("invoice", link.invoice, "invoice");
  if (invoice.status !== "open") return;
  if (intent.status === "succeeded") {
    const paid: Invoice = {
      ...invoice,
      amount_paid: invoice.amount_due,
      amount_remaining: 0,
      attempt_count: invoice.attempt_count + 1,
      attempted: true,
      next_payment_attempt: null,
      status: "paid",
      status_transitions: { ...invoice.status_transitions, paid_at: call.now },
    };
    call.store.put(paid);
    call.emit("invoice.paid", paid, previousAttributes(invoice, paid));
    call.emit("invoice.payment_succeeded", paid);
    const subscription = await call.store.require<Subscription>("subscription", link.subscription, "subscription");
    // Any successful payment of the subscription's invoices saves its card as the default for the
    // next ones when asked to (https://docs.stripe.com/api/subscriptions/create#create_subscription-payment_settings-save_default_payment_method).
    const saveMethod = subscription.payment_settings.save_default_payment_method === "on_subscription";
    const after: Subscription = {
      ...subscription,
      status: ["incomplete", "past_due", "unpaid"].includes(subscription.status) ? "active" : subscription.status,
      default_payment_method: saveMethod ? (paymentMethodIdOf(intent) ?? subscription.default_payment_method) : subscription.default_payment_method,
    };
    const changed = previousAttributes(subscription, after);
    if (changed) {
      call.store.put(after);
      call.emit("customer.subscription.updated", after, changed);
    }
    return;
  }
  if (intent.status === "requires_action") {
    // The customer must complete 3-D Secure to pay it (https://docs.stripe.com/api/events/types).
    call.emit("invoice.payment_action_required", invoice);
    return;
  }
  if (intent.status === "requires_payment_method" && intent.last_payment_error) {
    const failed = failedAttempt(invoice, intent.last_payment_error.decline_code ?? intent.last_payment_error.code);
    call.store.put(failed);
    call.emit("invoice.payment_failed", failed);
  }
}
