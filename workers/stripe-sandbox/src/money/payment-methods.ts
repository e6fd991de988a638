/**
 * Card PaymentMethods: built from card details the way Stripe stores them (brand, last4, expiry,
 * fingerprint — never the number), attached to customers, and found again when an intent is
 * confirmed. What a card will do later (decline, 3-D Secure) lives in a private vault row beside it.
 */
import type Stripe from "stripe";
import type { SandboxCall } from "../http/sandbox-call";
import { type CardBehaviour, CardValidationError, TEST_PAYMENT_METHODS, behaviourOf, validateCard } from "./cards";
import { cardError, invalidRequest, parameterMissing, resourceMissing } from "../http/errors";
import { Params } from "../http/form";
import { ID_PREFIX, newId } from "../store/ids";
import type { StoredObject } from "../store/store";

export type PaymentMethod = Stripe.PaymentMethod;

/** The sandbox's private knowledge of a card: how it behaves, and whether it was saved for off-session use. */
export interface CardVault extends StoredObject {
  object: "sandbox.card_vault";
  payment_method: string;
  behaviour: CardBehaviour;
  set_up_for_off_session: boolean;
}

export const vaultId = (paymentMethodId: string) => `vault_${paymentMethodId}`;

/** What creating a card PaymentMethod takes, checked against the SDK's type for the pinned API version. */
export const PAYMENT_METHOD_PARAMS = [
  "type",
  "card",
  "billing_details",
  "metadata",
  "allow_redisplay",
  "expand",
] as const satisfies readonly (keyof Stripe.PaymentMethodCreateParams)[];

function billingDetails(params: Params | undefined): Stripe.PaymentMethod.BillingDetails {
  const address = params?.object("address");
  return {
    address: {
      city: address?.string("city") ?? null,
      country: address?.string("country") ?? null,
      line1: address?.string("line1") ?? null,
      line2: address?.string("line2") ?? null,
      postal_code: address?.string("postal_code") ?? null,
      state: address?.string("state") ?? null,
    },
    email: params?.string("email") || null,
    name: params?.string("name") || null,
    phone: params?.string("phone") || null,
    tax_id: null,
  };
}

/**
 * Creates a card PaymentMethod from `card[number|exp_month|exp_year|cvc]` (plus `billing_details`,
 * `metadata`). Invalid details throw CardValidationError; callers turn it into Stripe's 402.
 */
export async function createCardPaymentMethod(call: SandboxCall, params: Params): Promise<PaymentMethod> {
  const type = params.requiredString("type");
  if (type !== "card") throw invalidRequest(`The Stripe sandbox supports only card PaymentMethods, not '${type}'.`, { param: params.name("type") });
  const card = params.object("card");
  if (!card) throw parameterMissing(params.name("card"));
  const valid = await validateCard(
    { number: card.string("number"), exp_month: card.integer("exp_month"), exp_year: card.integer("exp_year"), cvc: card.string("cvc") },
    call.today,
  );
  const id = newId(ID_PREFIX.payment_method);
  const method: PaymentMethod = {
    id,
    object: "payment_method",
    allow_redisplay: params.oneOf("allow_redisplay", ["always", "limited", "unspecified"] as const) ?? "unspecified",
    billing_details: billingDetails(params.object("billing_details")),
    card: {
      brand: valid.brand,
      checks: { address_line1_check: null, address_postal_code_check: null, cvc_check: card.string("cvc") ? "pass" : null },
      country: "US",
      display_brand: valid.brand,
      exp_month: valid.exp_month,
      exp_year: valid.exp_year,
      fingerprint: valid.fingerprint,
      funding: "credit",
      generated_from: null,
      last4: valid.last4,
      networks: { available: [valid.brand], preferred: null },
      regulated_status: "unregulated",
      three_d_secure_usage: { supported: true },
      wallet: null,
    },
    created: call.now,
    customer: null,
    customer_account: null,
    livemode: false,
    metadata: params.metadata()?.set ?? {},
    type: "card",
  };
  const vault: CardVault = {
    id: vaultId(id),
    object: "sandbox.card_vault",
    payment_method: id,
    behaviour: behaviourOf(valid.number),
    set_up_for_off_session: false,
  };
  call.store.put(method);
  call.store.put(vault);
  return method;
}

/** Stripe's `pm_card_visa`-style test ids: a fresh PaymentMethod each time, like Stripe. */
async function createTestPaymentMethod(call: SandboxCall, number: string): Promise<PaymentMethod> {
  const nextYear = String(call.today.getUTCFullYear() + 1);
  return createCardPaymentMethod(call, new Params({ type: "card", card: { number, exp_month: "12", exp_year: nextYear, cvc: "123" } }));
}

export async function loadPaymentMethod(call: SandboxCall, id: string, param = "id"): Promise<PaymentMethod> {
  const testNumber = TEST_PAYMENT_METHODS[id];
  if (testNumber) return createTestPaymentMethod(call, testNumber);
  return call.store.require<PaymentMethod>("payment_method", id, "PaymentMethod", param);
}

export async function loadVault(call: SandboxCall, paymentMethodId: string): Promise<CardVault> {
  const vault = await call.store.get<CardVault>(vaultId(paymentMethodId), "sandbox.card_vault");
  if (!vault) throw new Error(`PaymentMethod ${paymentMethodId} has no vault entry`);
  return vault;
}

export const customerOf = (method: PaymentMethod): string | null => (typeof method.customer === "string" ? method.customer : (method.customer?.id ?? null));

/** Attaches and emits `payment_method.attached` (the caller has checked the card). */
export function attachToCustomer(call: SandboxCall, method: PaymentMethod, customerId: string): PaymentMethod {
  const attached: PaymentMethod = { ...method, customer: customerId };
  call.store.put(attached);
  call.emit("payment_method.attached", attached);
  return attached;
}

/** Turns card validation into Stripe's 402 card_error for endpoints with no intent involved. */
export async function withCardErrors<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof CardValidationError) throw cardError(error.failure);
    throw error;
  }
}

/**
 * The PaymentMethod an intent is confirmed with: new card details (`payment_method_data`), a
 * PaymentMethod id, or the one already on the intent. A browser may use only unattached cards or
 * the intent's own customer's.
 */
export async function paymentMethodForIntent(
  call: SandboxCall,
  intent: { customer: string | { id: string } | null; payment_method: string | { id: string } | null },
): Promise<PaymentMethod | null> {
  const data = call.params.object("payment_method_data");
  let method: PaymentMethod | null = null;
  if (data) {
    method = await createCardPaymentMethod(call, data);
  } else {
    const id = call.params.string("payment_method") || (typeof intent.payment_method === "string" ? intent.payment_method : intent.payment_method?.id);
    if (id) method = await loadPaymentMethod(call, id, "payment_method");
  }
  if (!method) return null;
  const owner = customerOf(method);
  const intentCustomer = typeof intent.customer === "string" ? intent.customer : (intent.customer?.id ?? null);
  if (owner && owner !== intentCustomer) {
    if (call.key === "publishable") throw resourceMissing("PaymentMethod", method.id, "payment_method");
    throw invalidRequest(
      `The provided PaymentMethod ${method.id} is attached to another Customer. To use it, the intent's customer must be the one the PaymentMethod is attached to.`,
      { param: "payment_method" },
    );
  }
  return method;
}
