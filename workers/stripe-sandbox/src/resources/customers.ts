/**
 * /v1/customers: create, retrieve, update (phone, email, metadata, the default payment method),
 * delete and list. https://docs.stripe.com/api/customers
 */
import { Hono } from "hono";
import type Stripe from "stripe";
import type { AppEnv } from "../http/env";
import { endpoint } from "../http/context";
import type { SandboxCall } from "../http/sandbox-call";
import { cardError, invalidRequest, resourceMissing } from "../http/errors";
import { previousAttributes } from "../events/events";
import { applyMetadata } from "../http/form";
import { ID_PREFIX, newId, randomToken } from "../store/ids";
import { listObject } from "../http/lists";
import { setupOutcome } from "../money/cards";
import { type PaymentMethod, attachToCustomer, customerOf, loadPaymentMethod, loadVault } from "../money/payment-methods";
import { readPage } from "../store/store";
import { loadTestClock } from "../billing/test-clocks";

export type Customer = Stripe.Customer;

// What each endpoint accepts, checked against the SDK's parameter types for the pinned API version.
const WRITABLE = [
  "description",
  "email",
  "metadata",
  "name",
  "phone",
  "invoice_settings",
  "preferred_locales",
  "expand",
] as const satisfies readonly (keyof Stripe.CustomerCreateParams & keyof Stripe.CustomerUpdateParams)[];
const CREATE_PARAMS = [...WRITABLE, "payment_method", "test_clock"] as const satisfies readonly (keyof Stripe.CustomerCreateParams)[];
const UPDATE_PARAMS = WRITABLE satisfies readonly (keyof Stripe.CustomerUpdateParams)[];
const INVOICE_SETTINGS_PARAMS = ["default_payment_method", "footer"] as const satisfies readonly (keyof Stripe.CustomerUpdateParams.InvoiceSettings)[];
const LIST_PARAMS = ["email", "limit", "starting_after", "ending_before", "expand", "created"] as const satisfies readonly (keyof Stripe.CustomerListParams)[];
const RETRIEVE_PARAMS = ["expand"] as const satisfies readonly (keyof Stripe.CustomerRetrieveParams)[];
/** Deleting takes no parameters. */
const DELETE_PARAMS = [] as const satisfies readonly (keyof Stripe.CustomerDeleteParams)[];

export async function loadCustomer(call: SandboxCall, id: string, param = "id"): Promise<Customer> {
  const found = await call.store.get<Customer | Stripe.DeletedCustomer>(id, "customer");
  if (!found || found.deleted) throw resourceMissing("customer", id, param);
  return found;
}

/** Resolves an optional `customer` parameter to an existing customer id. */
export async function customerParam(call: SandboxCall): Promise<string | null> {
  const id = call.params.string("customer");
  if (!id) return null;
  return (await loadCustomer(call, id, "customer")).id;
}

/**
 * A default payment method (`invoice_settings[default_payment_method]`, a subscription's
 * `default_payment_method`) must name a card attached to the customer; "" clears it.
 */
export async function defaultPaymentMethod(
  call: SandboxCall,
  customerId: string,
  id: string,
  param = "invoice_settings[default_payment_method]",
): Promise<string | null> {
  if (id === "") return null;
  const method = await call.store.get<PaymentMethod>(id, "payment_method");
  if (!method) throw resourceMissing("PaymentMethod", id, param);
  if (customerOf(method) !== customerId) {
    throw invalidRequest(`The customer does not have a payment method with the ID ${id}. The payment method must be attached to the customer.`, { param });
  }
  return id;
}

function applyWritable(call: SandboxCall, customer: Customer): Customer {
  const p = call.params;
  const next: Customer = { ...customer, metadata: applyMetadata(customer.metadata, p.metadata()) };
  for (const field of ["description", "email", "name", "phone"] as const) {
    const value = p.string(field);
    if (value !== undefined) next[field] = value === "" ? null : value;
  }
  const locales = p.strings("preferred_locales");
  if (locales) next.preferred_locales = locales;
  return next;
}

export const customerRoutes = new Hono<AppEnv>()
  .post(
    "/v1/customers",
    endpoint("secret", async (call) => {
      call.params.allowOnly(CREATE_PARAMS);
      const clock = call.params.string("test_clock");
      const testClock = clock ? (await loadTestClock(call, clock, "test_clock")).id : null;
      const id = newId(ID_PREFIX.customer);
      let customer: Customer = applyWritable(call, {
        id,
        object: "customer",
        address: null,
        balance: 0,
        created: call.now,
        currency: null,
        default_source: null,
        delinquent: false,
        description: null,
        discount: null,
        email: null,
        invoice_prefix: randomToken(8).toUpperCase(),
        invoice_settings: { custom_fields: null, default_payment_method: null, footer: null, rendering_options: null },
        livemode: false,
        metadata: {},
        name: null,
        next_invoice_sequence: 1,
        phone: null,
        preferred_locales: [],
        shipping: null,
        tax_exempt: "none",
        test_clock: testClock,
      });
      call.store.put(customer);
      call.emit("customer.created", customer);
      const methodId = call.params.string("payment_method");
      if (methodId) {
        const method = await loadPaymentMethod(call, methodId, "payment_method");
        const outcome = setupOutcome((await loadVault(call, method.id)).behaviour, true);
        if (outcome.kind === "decline") throw cardError(outcome.failure);
        attachToCustomer(call, method, id);
      }
      const invoiceDefault = call.params.object("invoice_settings")?.string("default_payment_method");
      if (invoiceDefault !== undefined) {
        customer = {
          ...customer,
          invoice_settings: { ...customer.invoice_settings, default_payment_method: await defaultPaymentMethod(call, id, invoiceDefault) },
        };
        call.store.put(customer);
      }
      return customer;
    }),
  )
  .get(
    "/v1/customers",
    endpoint("secret", async (call) => {
      call.params.allowOnly(LIST_PARAMS);
      const email = call.params.string("email");
      const page = await call.store.list<Customer>("customer", email ? { email } : {}, readPage(call.params));
      return listObject("/v1/customers", page);
    }),
  )
  .get(
    "/v1/customers/:id",
    endpoint("secret", async (call) => {
      call.params.allowOnly(RETRIEVE_PARAMS);
      const id = call.pathParam("id");
      const found = await call.store.get<Customer | Stripe.DeletedCustomer>(id, "customer");
      if (!found) throw resourceMissing("customer", id);
      return found;
    }),
  )
  .post(
    "/v1/customers/:id",
    endpoint("secret", async (call) => {
      call.params.allowOnly(UPDATE_PARAMS);
      const before = await loadCustomer(call, call.pathParam("id"));
      await call.store.lock(before.id);
      const after = applyWritable(call, before);
      const settings = call.params.object("invoice_settings");
      if (settings) {
        settings.allowOnly(INVOICE_SETTINGS_PARAMS);
        const method = settings.string("default_payment_method");
        const footer = settings.string("footer");
        after.invoice_settings = {
          ...after.invoice_settings,
          ...(method !== undefined ? { default_payment_method: await defaultPaymentMethod(call, before.id, method) } : {}),
          ...(footer !== undefined ? { footer: footer || null } : {}),
        };
      }
      const previous = previousAttributes(before, after);
      call.store.put(after);
      if (previous) call.emit("customer.updated", after, previous);
      return after;
    }),
  )
  .delete(
    "/v1/customers/:id",
    endpoint("secret", async (call) => {
      call.params.allowOnly(DELETE_PARAMS);
      const customer = await loadCustomer(call, call.pathParam("id"));
      const deleted: Stripe.DeletedCustomer = { id: customer.id, object: "customer", deleted: true };
      call.store.put(deleted);
      call.emit("customer.deleted", customer);
      return deleted;
    }),
  );
