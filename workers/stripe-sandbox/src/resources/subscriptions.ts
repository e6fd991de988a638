/**
 * /v1/subscriptions and /v1/invoices: create (with `payment_behavior=default_incomplete` the first
 * invoice waits for the browser to confirm its PaymentIntent — `latest_invoice.confirmation_secret`),
 * retrieve, list, update (`cancel_at_period_end`, metadata), cancel (DELETE), and read invoices.
 * Paying and failing live in billing.ts; renewals, expiry and the end of a canceled period in
 * subscription-cycle.ts. https://docs.stripe.com/api/subscriptions, https://docs.stripe.com/api/invoices
 */
import { Hono } from "hono";
import type Stripe from "stripe";
import type { AppEnv } from "../http/env";
import {
  type CancellationDetails,
  type Invoice,
  type Price,
  type Subscription,
  cancelNow,
  intentOfInvoice,
  openInvoice,
  periodEndAfter,
} from "../billing/billing";
import { renewalPaymentMethod } from "../billing/subscription-cycle";
import type { SandboxCall } from "../http/sandbox-call";
import { endpoint } from "../http/context";
import { invalidRequest, parameterMissing } from "../http/errors";
import { answer, confirmPayment, readOffSession } from "../money/payment-attempts";
import type { PaymentIntent } from "../money/payment-intent-object";
import { previousAttributes } from "../events/events";
import { applyMetadata } from "../http/form";
import { ID_PREFIX, newId } from "../store/ids";
import { listObject } from "../http/lists";
import { readPage } from "../store/store";
import { defaultPaymentMethod, loadCustomer } from "./customers";

// What each endpoint accepts, checked against the SDK's parameter types for the pinned API version.
const CREATE_PARAMS = [
  "customer",
  "items",
  "payment_behavior",
  "payment_settings",
  "metadata",
  "description",
  "default_payment_method",
  "expand",
] as const satisfies readonly (keyof Stripe.SubscriptionCreateParams)[];
const PAYMENT_SETTINGS_PARAMS = [
  "save_default_payment_method",
  "payment_method_types",
] as const satisfies readonly (keyof Stripe.SubscriptionCreateParams.PaymentSettings)[];
const LIST_PARAMS = [
  "customer",
  "status",
  "price",
  "limit",
  "starting_after",
  "ending_before",
  "expand",
] as const satisfies readonly (keyof Stripe.SubscriptionListParams)[];
const RETRIEVE_PARAMS = ["expand"] as const satisfies readonly (keyof Stripe.SubscriptionRetrieveParams)[];
const CANCEL_PARAMS = ["expand", "invoice_now", "prorate", "cancellation_details"] as const satisfies readonly (keyof Stripe.SubscriptionCancelParams)[];
const INVOICE_LIST_PARAMS = [
  "customer",
  "subscription",
  "status",
  "limit",
  "starting_after",
  "ending_before",
  "expand",
] as const satisfies readonly (keyof Stripe.InvoiceListParams)[];
const INVOICE_RETRIEVE_PARAMS = ["expand"] as const satisfies readonly (keyof Stripe.InvoiceRetrieveParams)[];
const INVOICE_PAY_PARAMS = ["payment_method", "off_session", "expand"] as const satisfies readonly (keyof Stripe.InvoicePayParams)[];
const UPDATE_PARAMS = [
  "cancel_at_period_end",
  "cancellation_details",
  "default_payment_method",
  "metadata",
  "expand",
] as const satisfies readonly (keyof Stripe.SubscriptionUpdateParams)[];
const ENDED: Subscription["status"][] = ["canceled", "incomplete_expired"];
const FEEDBACK = ["customer_service", "low_quality", "missing_features", "other", "switched_service", "too_complex", "too_expensive", "unused"] as const;

/** `cancellation_details[comment|feedback]` as given (empty clears); Stripe sets `reason` itself. */
function readCancellationDetails(call: SandboxCall, current: CancellationDetails): CancellationDetails {
  const details = call.params.object("cancellation_details")?.allowOnly(["comment", "feedback"]);
  if (!details) return current;
  const comment = details.string("comment");
  const feedback = details.string("feedback");
  if (feedback && !(FEEDBACK as readonly string[]).includes(feedback)) {
    throw invalidRequest(`Invalid cancellation_details[feedback]: must be one of ${FEEDBACK.join(", ")}`, { param: "cancellation_details[feedback]" });
  }
  return {
    ...current,
    ...(comment !== undefined ? { comment: comment || null } : {}),
    ...(feedback !== undefined ? { feedback: feedback || null } : {}),
  };
}

/**
 * `cancel_at_period_end=true` keeps the subscription until the period it was paid for ends (then
 * subscription-cycle.ts cancels it); `false` before then resumes it
 * (https://docs.stripe.com/billing/subscriptions/cancel#cancel-at-end-of-cycle). Stripe records the
 * request: `cancel_at` is the period's end, `canceled_at` the time of the latest request.
 */
function withCancelAtPeriodEnd(call: SandboxCall, subscription: Subscription, atPeriodEnd: boolean): Subscription {
  if (!atPeriodEnd) {
    return {
      ...subscription,
      cancel_at_period_end: false,
      cancel_at: null,
      canceled_at: null,
      cancellation_details: { ...subscription.cancellation_details, reason: null },
    };
  }
  return {
    ...subscription,
    cancel_at_period_end: true,
    cancel_at: subscription.items.data[0]!.current_period_end,
    canceled_at: call.now,
    cancellation_details: { ...subscription.cancellation_details, reason: "cancellation_requested" },
  };
}

export const subscriptionRoutes = new Hono<AppEnv>()
  .post(
    "/v1/subscriptions",
    endpoint("secret", async (call) => {
      const p = call.params.allowOnly(CREATE_PARAMS);
      const customerId = p.string("customer");
      if (!customerId) throw parameterMissing("customer");
      const customer = await loadCustomer(call, customerId, "customer");
      const behaviour =
        p.oneOf("payment_behavior", ["default_incomplete", "allow_incomplete", "error_if_incomplete", "pending_if_incomplete"] as const) ?? "allow_incomplete";
      if (behaviour !== "default_incomplete") {
        throw invalidRequest("The Stripe sandbox supports only payment_behavior=default_incomplete (the browser confirms the first payment).", {
          param: "payment_behavior",
        });
      }
      const items = p.raw.items;
      if (!Array.isArray(items) || items.length !== 1) throw invalidRequest("The Stripe sandbox supports exactly one subscription item.", { param: "items" });
      const item = items[0];
      const priceId = typeof item === "object" && !Array.isArray(item) && typeof item.price === "string" ? item.price : undefined;
      if (!priceId) throw parameterMissing("items[0][price]");
      const price = await call.store.require<Price>("price", priceId, "price", "items[0][price]");
      if (!price.recurring) throw invalidRequest(`The price specified (${price.id}) is not recurring.`, { param: "items[0][price]" });
      const settings = p.object("payment_settings")?.allowOnly(PAYMENT_SETTINGS_PARAMS);
      const save = settings?.oneOf("save_default_payment_method", ["off", "on_subscription"] as const) ?? "off";
      const id = newId(ID_PREFIX.subscription);
      const periodEnd = periodEndAfter(call.now, price.recurring);
      let subscription: Subscription = {
        id,
        object: "subscription",
        billing_cycle_anchor: call.now,
        cancel_at: null,
        cancel_at_period_end: false,
        canceled_at: null,
        cancellation_details: { comment: null, feedback: null, reason: null },
        collection_method: "charge_automatically",
        created: call.now,
        currency: price.currency,
        customer: customer.id,
        default_payment_method: null,
        ended_at: null,
        items: {
          object: "list",
          data: [
            {
              id: newId("si"),
              object: "subscription_item",
              created: call.now,
              current_period_start: call.now,
              current_period_end: periodEnd,
              price,
              quantity: 1,
              subscription: id,
            },
          ],
          has_more: false,
          url: `/v1/subscription_items?subscription=${id}`,
        },
        latest_invoice: null,
        livemode: false,
        metadata: applyMetadata({}, p.metadata()),
        payment_settings: { payment_method_types: settings?.strings("payment_method_types") ?? null, save_default_payment_method: save },
        start_date: call.now,
        status: "incomplete",
      };
      const { invoice } = openInvoice(call, subscription, "subscription_create");
      subscription = { ...subscription, latest_invoice: invoice.id };
      call.store.put(subscription);
      call.emit("customer.subscription.created", subscription);
      return subscription;
    }),
  )
  .get(
    "/v1/subscriptions",
    endpoint("secret", async (call) => {
      call.params.allowOnly(LIST_PARAMS);
      const filters: Record<string, string> = {};
      const customer = call.params.string("customer");
      if (customer) filters.customer = customer;
      const status = call.params.string("status");
      if (status && status !== "all") filters.status = status;
      const page = await call.store.list<Subscription>("subscription", filters, readPage(call.params));
      // Stripe leaves canceled subscriptions out unless asked for them.
      return listObject("/v1/subscriptions", { ...page, data: status ? page.data : page.data.filter((s) => s.status !== "canceled") });
    }),
  )
  .get(
    "/v1/subscriptions/:id",
    endpoint("secret", async (call) => {
      call.params.allowOnly(RETRIEVE_PARAMS);
      return call.store.require<Subscription>("subscription", call.pathParam("id"), "subscription");
    }),
  )
  .post(
    "/v1/subscriptions/:id",
    endpoint("secret", async (call) => {
      const p = call.params.allowOnly(UPDATE_PARAMS);
      await call.store.lock(call.pathParam("id"));
      const subscription = await call.store.require<Subscription>("subscription", call.pathParam("id"), "subscription");
      const atPeriodEnd = p.boolean("cancel_at_period_end");
      if (ENDED.includes(subscription.status) && atPeriodEnd !== undefined) {
        throw invalidRequest("A canceled subscription can only update its cancellation_details and metadata.", { param: "cancel_at_period_end" });
      }
      if (subscription.status === "incomplete" && (atPeriodEnd !== undefined || p.has("cancellation_details"))) {
        // https://docs.stripe.com/api/subscriptions/object#subscription_object-status
        throw invalidRequest("A subscription with status incomplete can only update its metadata and default_source.", {
          param: atPeriodEnd !== undefined ? "cancel_at_period_end" : "cancellation_details",
        });
      }
      let updated: Subscription = {
        ...subscription,
        metadata: applyMetadata(subscription.metadata, p.metadata()),
        cancellation_details: readCancellationDetails(call, subscription.cancellation_details),
      };
      // https://docs.stripe.com/api/subscriptions/update#update_subscription-default_payment_method: it must belong to the subscription's customer.
      const defaultMethod = p.string("default_payment_method");
      if (defaultMethod !== undefined) {
        if (ENDED.includes(subscription.status))
          throw invalidRequest("A canceled subscription can only update its cancellation_details and metadata.", { param: "default_payment_method" });
        if (subscription.status === "incomplete")
          throw invalidRequest("A subscription with status incomplete can only update its metadata and default_source.", { param: "default_payment_method" });
        updated = { ...updated, default_payment_method: await defaultPaymentMethod(call, subscription.customer, defaultMethod, "default_payment_method") };
      }
      if (atPeriodEnd !== undefined) updated = withCancelAtPeriodEnd(call, updated, atPeriodEnd);
      const changed = previousAttributes(subscription, updated);
      if (changed) {
        call.store.put(updated);
        call.emit("customer.subscription.updated", updated, changed);
      }
      return updated;
    }),
  )
  .delete(
    // Cancels at once (https://docs.stripe.com/api/subscriptions/cancel).
    "/v1/subscriptions/:id",
    endpoint("secret", async (call) => {
      call.params.allowOnly(CANCEL_PARAMS);
      await call.store.lock(call.pathParam("id"));
      const subscription = await call.store.require<Subscription>("subscription", call.pathParam("id"), "subscription");
      if (ENDED.includes(subscription.status)) {
        throw invalidRequest(`A canceled subscription can only update its cancellation_details and metadata.`, { code: "resource_missing" });
      }
      return cancelNow(call, subscription, "cancellation_requested");
    }),
  )
  .get(
    "/v1/invoices",
    endpoint("secret", async (call) => {
      call.params.allowOnly(INVOICE_LIST_PARAMS);
      const filters: Record<string, string> = {};
      for (const [param, field] of [
        ["customer", "customer"],
        ["subscription", "parent.subscription_details.subscription"],
        ["status", "status"],
      ] as const) {
        const value = call.params.string(param);
        if (value) filters[field] = value;
      }
      return listObject("/v1/invoices", await call.store.list<Invoice>("invoice", filters, readPage(call.params)));
    }),
  )
  .get(
    "/v1/invoices/:id",
    endpoint("secret", async (call) => {
      call.params.allowOnly(INVOICE_RETRIEVE_PARAMS);
      return call.store.require<Invoice>("invoice", call.pathParam("id"), "invoice");
    }),
  )
  .post(
    // Pays an open invoice now, outside Billing's retry schedule: with `payment_method` (attached to
    // the invoice's customer) or the card a renewal would use; a decline answers the card error and
    // counts as a failed attempt (https://docs.stripe.com/api/invoices/pay).
    "/v1/invoices/:id/pay",
    endpoint("secret", async (call) => {
      const p = call.params.allowOnly(INVOICE_PAY_PARAMS);
      await call.store.lock(call.pathParam("id"));
      const invoice = await call.store.require<Invoice>("invoice", call.pathParam("id"), "invoice");
      if (invoice.status !== "open")
        throw invalidRequest(invoice.status === "paid" ? "Invoice is already paid" : `You can only pay an open invoice; this one is ${invoice.status}.`);
      const intent = await intentOfInvoice(call, invoice.id);
      if (!intent) throw invalidRequest("This invoice has nothing to pay.");
      const subscription = await call.store.require<Subscription>("subscription", invoice.parent.subscription_details.subscription, "subscription");
      const given = p.string("payment_method");
      const method = given ? await defaultPaymentMethod(call, invoice.customer, given, "payment_method") : await renewalPaymentMethod(call, subscription);
      if (!method) throw invalidRequest("This customer has no attached payment source or default payment method.");
      await call.store.lock(intent.id);
      const ready: PaymentIntent = { ...intent, payment_method: method, status: "requires_confirmation", last_payment_error: null };
      call.store.put(ready);
      answer(await confirmPayment(call, ready, readOffSession(call) ?? false));
      return call.store.require<Invoice>("invoice", invoice.id, "invoice");
    }),
  );
