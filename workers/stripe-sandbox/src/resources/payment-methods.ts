/**
 * /v1/payment_methods: create (also with the publishable key, as Stripe.js does), retrieve,
 * update metadata, attach / detach, and the lists per customer. https://docs.stripe.com/api/payment_methods
 */
import { Hono } from "hono";
import type Stripe from "stripe";
import type { AppEnv } from "../http/env";
import { requireSecretKey } from "../http/auth";
import { setupOutcome } from "../money/cards";
import { endpoint } from "../http/context";
import type { SandboxCall } from "../http/sandbox-call";
import { cardError, invalidRequest, parameterMissing } from "../http/errors";
import { previousAttributes } from "../events/events";
import { applyMetadata } from "../http/form";
import { listObject } from "../http/lists";
import {
  PAYMENT_METHOD_PARAMS,
  type PaymentMethod,
  attachToCustomer,
  createCardPaymentMethod,
  customerOf,
  loadPaymentMethod,
  loadVault,
  withCardErrors,
} from "../money/payment-methods";
import { readPage } from "../store/store";
import { type Customer, loadCustomer } from "./customers";

// What each endpoint accepts, checked against the SDK's parameter types for the pinned API version.
const CREATE_PARAMS = [...PAYMENT_METHOD_PARAMS, "customer", "payment_method"] as const satisfies readonly (keyof Stripe.PaymentMethodCreateParams)[];
const LIST_PARAMS = [
  "customer",
  "type",
  "limit",
  "starting_after",
  "ending_before",
  "expand",
  "allow_redisplay",
] as const satisfies readonly (keyof Stripe.PaymentMethodListParams)[];
/** The customer is in the path. */
const CUSTOMER_LIST_PARAMS = [
  "type",
  "limit",
  "starting_after",
  "ending_before",
  "expand",
  "allow_redisplay",
] as const satisfies readonly (keyof Stripe.CustomerListPaymentMethodsParams)[];
const CUSTOMER_RETRIEVE_PARAMS = ["expand"] as const satisfies readonly (keyof Stripe.CustomerRetrievePaymentMethodParams)[];
const RETRIEVE_PARAMS = ["expand"] as const satisfies readonly (keyof Stripe.PaymentMethodRetrieveParams)[];
const UPDATE_PARAMS = ["metadata", "allow_redisplay", "expand"] as const satisfies readonly (keyof Stripe.PaymentMethodUpdateParams)[];
const ATTACH_PARAMS = ["customer", "expand"] as const satisfies readonly (keyof Stripe.PaymentMethodAttachParams)[];
const DETACH_PARAMS = ["expand"] as const satisfies readonly (keyof Stripe.PaymentMethodDetachParams)[];

async function listFor(call: SandboxCall, customerId: string | undefined, url: string) {
  const type = call.params.string("type");
  if (type && type !== "card") return listObject(url, { data: [], hasMore: false });
  const filters: Record<string, string> = customerId ? { customer: customerId } : {};
  return listObject(url, await call.store.list<PaymentMethod>("payment_method", filters, readPage(call.params)));
}

export const paymentMethodRoutes = new Hono<AppEnv>()
  .post(
    "/v1/payment_methods",
    endpoint("publishable", async (call) => {
      call.params.allowOnly(CREATE_PARAMS);
      if (call.params.has("customer") || call.params.has("payment_method")) requireSecretKey(call.key);
      return withCardErrors(() => createCardPaymentMethod(call, call.params));
    }),
  )
  .get(
    "/v1/payment_methods",
    endpoint("secret", async (call) => {
      call.params.allowOnly(LIST_PARAMS);
      const customer = call.params.string("customer");
      if (customer) await loadCustomer(call, customer, "customer");
      return listFor(call, customer, "/v1/payment_methods");
    }),
  )
  .get(
    "/v1/customers/:id/payment_methods",
    endpoint("secret", async (call) => {
      call.params.allowOnly(CUSTOMER_LIST_PARAMS);
      const customer = await loadCustomer(call, call.pathParam("id"));
      return listFor(call, customer.id, `/v1/customers/${customer.id}/payment_methods`);
    }),
  )
  .get(
    "/v1/customers/:id/payment_methods/:pm",
    endpoint("secret", async (call) => {
      call.params.allowOnly(CUSTOMER_RETRIEVE_PARAMS);
      const customer = await loadCustomer(call, call.pathParam("id"));
      const method = await loadPaymentMethod(call, call.pathParam("pm"));
      if (customerOf(method) !== customer.id)
        throw invalidRequest(`No such PaymentMethod: '${method.id}'`, { code: "resource_missing", status: 404, param: "id" });
      return method;
    }),
  )
  .get(
    "/v1/payment_methods/:id",
    endpoint("secret", async (call) => {
      call.params.allowOnly(RETRIEVE_PARAMS);
      return loadPaymentMethod(call, call.pathParam("id"));
    }),
  )
  .post(
    "/v1/payment_methods/:id",
    endpoint("secret", async (call) => {
      call.params.allowOnly(UPDATE_PARAMS);
      const before = await loadPaymentMethod(call, call.pathParam("id"));
      const redisplay = call.params.oneOf("allow_redisplay", ["always", "limited", "unspecified"] as const);
      const after: PaymentMethod = {
        ...before,
        metadata: applyMetadata(before.metadata ?? {}, call.params.metadata()),
        ...(redisplay ? { allow_redisplay: redisplay } : {}),
      };
      const previous = previousAttributes(before, after);
      call.store.put(after);
      if (previous) call.emit("payment_method.updated", after, previous);
      return after;
    }),
  )
  .post(
    "/v1/payment_methods/:id/attach",
    endpoint("secret", async (call) => {
      call.params.allowOnly(ATTACH_PARAMS);
      const customerId = call.params.string("customer");
      if (!customerId) throw parameterMissing("customer");
      const customer: Customer = await loadCustomer(call, customerId, "customer");
      const method = await loadPaymentMethod(call, call.pathParam("id"));
      await call.store.lock(method.id);
      const owner = customerOf(method);
      if (owner === customer.id) return method;
      if (owner) throw invalidRequest("The payment method you provided has already been attached to a customer.", { param: "payment_method" });
      // Attaching verifies the card with the issuer, as on Stripe: declining cards fail here.
      const outcome = setupOutcome((await loadVault(call, method.id)).behaviour, true);
      if (outcome.kind === "decline") throw cardError(outcome.failure);
      return attachToCustomer(call, method, customer.id);
    }),
  )
  .post(
    "/v1/payment_methods/:id/detach",
    endpoint("secret", async (call) => {
      call.params.allowOnly(DETACH_PARAMS);
      const method = await loadPaymentMethod(call, call.pathParam("id"));
      await call.store.lock(method.id);
      const owner = customerOf(method);
      if (!owner)
        throw invalidRequest("The payment method you provided is not attached to a customer so detachment is impossible.", { param: "payment_method" });
      const detached: PaymentMethod = { ...method, customer: null };
      call.store.put(detached);
      call.emit("payment_method.detached", detached, { customer: owner });
      // Stripe clears a customer's default when its card goes away.
      const customer = await call.store.get<Customer>(owner, "customer");
      if (customer && customer.invoice_settings.default_payment_method === method.id) {
        const updated: Customer = { ...customer, invoice_settings: { ...customer.invoice_settings, default_payment_method: null } };
        call.store.put(updated);
        call.emit("customer.updated", updated, { invoice_settings: customer.invoice_settings });
      }
      return detached;
    }),
  );
