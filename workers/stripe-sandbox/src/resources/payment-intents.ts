/**
 * /v1/payment_intents: create (optionally confirming at once), retrieve, list, confirm, cancel and
 * the sandbox-only 3-D Secure /authenticate; what an attempt does lives in payment-attempts.ts.
 * https://docs.stripe.com/api/payment_intents
 */
import { Hono } from "hono";
import type Stripe from "stripe";
import type { AppEnv } from "../http/env";
import { endpoint } from "../http/context";
import type { SandboxCall } from "../http/sandbox-call";
import { invalidRequest, parameterMissing, unexpectedState } from "../http/errors";
import { applyMetadata } from "../http/form";
import { BROWSER_CONFIRM_PARAMS, CONFIRM_PARAMS, loadIntentFor, readAllowedPaymentMethodTypes, readAuthenticationOutcome } from "../money/intents";
import { listObject } from "../http/lists";
import { type PaymentIntent, newPaymentIntent } from "../money/payment-intent-object";
import { answer, authenticatePayment, confirmPayment, readOffSession, withConfirmParams } from "../money/payment-attempts";
import { loadPaymentMethod } from "../money/payment-methods";
import { refuseRemovedPaymentMethodTypes } from "../http/removed-params";
import { readPage } from "../store/store";
import { customerParam } from "./customers";

// What each endpoint accepts, checked against the SDK's parameter types for the pinned API version.

/** Parameters both create (with confirm=true) and confirm read. */
const CONFIRM_TIME_PARAMS = [
  "off_session",
  "setup_future_usage",
  "receipt_email",
  "error_on_requires_action",
  "capture_method",
] as const satisfies readonly (keyof Stripe.PaymentIntentCreateParams & keyof Stripe.PaymentIntentConfirmParams)[];

const CREATE_PARAMS = [
  ...CONFIRM_TIME_PARAMS,
  "amount",
  "currency",
  "customer",
  "description",
  "metadata",
  "payment_method",
  "payment_method_data",
  "allowed_payment_method_types",
  "payment_method_options",
  "automatic_payment_methods",
  "confirm",
  "confirmation_method",
  "statement_descriptor",
  "statement_descriptor_suffix",
  "return_url",
  "use_stripe_sdk",
  "mandate_data",
  "transfer_group",
  "expand",
] as const satisfies readonly (keyof Stripe.PaymentIntentCreateParams)[];
const LIST_PARAMS = [
  "customer",
  "limit",
  "starting_after",
  "ending_before",
  "expand",
  "created",
] as const satisfies readonly (keyof Stripe.PaymentIntentListParams)[];
const RETRIEVE_PARAMS = ["client_secret", "expand"] as const satisfies readonly (keyof Stripe.PaymentIntentRetrieveParams)[];
const PAYMENT_CONFIRM_PARAMS = [...CONFIRM_PARAMS, ...CONFIRM_TIME_PARAMS] as const satisfies readonly (keyof Stripe.PaymentIntentConfirmParams)[];
const CANCEL_PARAMS = ["cancellation_reason", "expand"] as const satisfies readonly (keyof Stripe.PaymentIntentCancelParams)[];

const CANCELABLE = ["requires_payment_method", "requires_capture", "requires_confirmation", "requires_action", "processing"];

/** Stripe's minimum charge amounts for the common currencies (in the smallest unit). */
const MINIMUM_AMOUNT: Record<string, number> = { usd: 50, eur: 50, gbp: 30, cad: 50, aud: 50 };
const MAXIMUM_AMOUNT = 99_999_999;

function readAmount(call: SandboxCall, currency: string): number {
  const amount = call.params.integer("amount");
  if (amount === undefined) throw parameterMissing("amount");
  const minimum = MINIMUM_AMOUNT[currency] ?? 1;
  if (amount < minimum) {
    throw invalidRequest(`Amount must be at least ${minimum} ${currency} (in the smallest currency unit).`, { param: "amount", code: "amount_too_small" });
  }
  if (amount > MAXIMUM_AMOUNT) throw invalidRequest(`Amount must be no more than ${MAXIMUM_AMOUNT}.`, { param: "amount", code: "amount_too_large" });
  return amount;
}

function readCurrency(call: SandboxCall): string {
  const currency = call.params.string("currency")?.toLowerCase();
  if (!currency) throw parameterMissing("currency");
  if (!/^[a-z]{3}$/.test(currency)) throw invalidRequest(`Invalid currency: ${currency}.`, { param: "currency" });
  return currency;
}

export const paymentIntentRoutes = new Hono<AppEnv>()
  .post(
    "/v1/payment_intents",
    endpoint("secret", async (call) => {
      refuseRemovedPaymentMethodTypes(call.params);
      const p = call.params.allowOnly(CREATE_PARAMS);
      const currency = readCurrency(call);
      const amount = readAmount(call, currency);
      const customer = await customerParam(call);
      const types = readAllowedPaymentMethodTypes(call);
      const automatic = p.object("automatic_payment_methods")?.boolean("enabled");
      const confirm = p.boolean("confirm") ?? false;
      const offSession = readOffSession(call);
      if (offSession !== undefined && !confirm) throw invalidRequest("off_session can only be used when confirm=true.", { param: "off_session" });
      if (p.has("payment_method_data") && !confirm)
        throw invalidRequest("payment_method_data can only be used with confirm=true.", { param: "payment_method_data" });
      const methodId = p.string("payment_method");
      const method = methodId ? await loadPaymentMethod(call, methodId, "payment_method") : null;
      const intent: PaymentIntent = withConfirmParams(
        call,
        newPaymentIntent(call, {
          amount,
          currency,
          customer,
          description: p.string("description") || null,
          metadata: applyMetadata({}, p.metadata()),
          paymentMethod: method?.id ?? null,
          automaticPaymentMethods: !(types || automatic === false),
          allowedPaymentMethodTypes: types ? ["card"] : null,
          confirmationMethod: p.oneOf("confirmation_method", ["automatic", "manual"] as const) ?? "automatic",
          statementDescriptor: p.string("statement_descriptor") || null,
          statementDescriptorSuffix: p.string("statement_descriptor_suffix") || null,
          transferGroup: p.string("transfer_group") || null,
        }),
      );
      call.store.put(intent);
      call.emit("payment_intent.created", intent);
      return confirm ? answer(await confirmPayment(call, intent, offSession ?? false)) : intent;
    }),
  )
  .get(
    "/v1/payment_intents",
    endpoint("secret", async (call) => {
      call.params.allowOnly(LIST_PARAMS);
      const customer = call.params.string("customer");
      const created = call.params.range("created");
      const page = await call.store.list<PaymentIntent>(
        "payment_intent",
        { ...(customer ? { customer } : {}), ...(created ? { created } : {}) },
        readPage(call.params),
      );
      return listObject("/v1/payment_intents", page);
    }),
  )
  .get(
    "/v1/payment_intents/:id",
    endpoint("publishable", async (call) => {
      call.params.allowOnly(RETRIEVE_PARAMS);
      return loadIntentFor<PaymentIntent>(call, "payment_intent");
    }),
  )
  .post(
    "/v1/payment_intents/:id/confirm",
    endpoint("publishable", async (call) => {
      refuseRemovedPaymentMethodTypes(call.params);
      call.params.allowOnly([...PAYMENT_CONFIRM_PARAMS, ...BROWSER_CONFIRM_PARAMS]);
      readAllowedPaymentMethodTypes(call);
      await call.store.lock(call.pathParam("id"));
      const intent = await loadIntentFor<PaymentIntent>(call, "payment_intent");
      // A browser confirming is the cardholder, present: never off-session.
      const offSession = call.key === "secret" ? (readOffSession(call) ?? false) : false;
      return answer(await confirmPayment(call, intent, offSession));
    }),
  )
  .post(
    // Sandbox-only: the cardholder's answer to the 3-D Secure challenge (the bank's page on Stripe).
    "/v1/payment_intents/:id/authenticate",
    endpoint("publishable", async (call) => {
      const outcome = readAuthenticationOutcome(call);
      await call.store.lock(call.pathParam("id"));
      const intent = await loadIntentFor<PaymentIntent>(call, "payment_intent");
      return authenticatePayment(call, intent, outcome);
    }),
  )
  .post(
    "/v1/payment_intents/:id/cancel",
    endpoint("secret", async (call) => {
      call.params.allowOnly(CANCEL_PARAMS);
      const reason = call.params.oneOf("cancellation_reason", ["duplicate", "fraudulent", "requested_by_customer", "abandoned"] as const) ?? null;
      await call.store.lock(call.pathParam("id"));
      const intent = await loadIntentFor<PaymentIntent>(call, "payment_intent");
      if (!CANCELABLE.includes(intent.status)) {
        throw unexpectedState(
          "payment_intent",
          `You cannot cancel this PaymentIntent because it has a status of ${intent.status}. Only a PaymentIntent with one of the following statuses may be canceled: ${CANCELABLE.join(", ")}.`,
        );
      }
      const canceled: PaymentIntent = { ...intent, status: "canceled", canceled_at: call.now, cancellation_reason: reason, next_action: null };
      call.store.put(canceled);
      call.emit("payment_intent.canceled", canceled);
      return canceled;
    }),
  );
