/**
 * Charges: the record of each payment attempt on a PaymentIntent, succeeded or failed, with
 * Stripe's `outcome` (approved, issuer decline, Radar block). A succeeded charge's funds, less
 * Stripe's fee, enter the platform balance (balance.ts). https://docs.stripe.com/api/charges/object
 */
import type Stripe from "stripe";
import { creditCharge } from "./balance";
import type { SandboxCall } from "../http/sandbox-call";
import type { CardFailure } from "../http/errors";
import { ID_PREFIX, newId, randomToken } from "../store/ids";
import type { PaymentMethod } from "./payment-methods";

export type Charge = Stripe.Charge;

/** `bypassPending`: the card's funds are available at once (test card 4000 0000 0000 0077). */
export type ChargeResult = { status: "succeeded"; bypassPending?: boolean } | { status: "failed"; failure: CardFailure; blocked: boolean };

function outcomeOf(result: ChargeResult): Stripe.Charge.Outcome {
  const base = { advice_code: null, network_advice_code: null, network_decline_code: null };
  if (result.status === "succeeded") {
    return {
      ...base,
      network_status: "approved_by_network",
      reason: null,
      risk_level: "normal",
      risk_score: 32,
      seller_message: "Payment complete.",
      type: "authorized",
    };
  }
  if (result.blocked) {
    return {
      ...base,
      network_status: "not_sent_to_network",
      reason: "highest_risk_level",
      risk_level: "highest",
      risk_score: 95,
      seller_message: "Stripe blocked this payment as too risky.",
      type: "blocked",
    };
  }
  const code = result.failure.decline_code ?? result.failure.code;
  return {
    ...base,
    advice_code: result.failure.advice_code ?? null,
    network_status: "declined_by_network",
    reason: code,
    risk_level: "normal",
    risk_score: 32,
    seller_message:
      code === "generic_decline" ? "The bank did not return any further details with this decline." : `The bank returned the decline code \`${code}\`.`,
    type: "issuer_declined",
  };
}

export interface ChargedIntent {
  id: string;
  amount: number;
  currency: string;
  customer: string | null;
  description: string | null;
  metadata: Record<string, string>;
  receipt_email: string | null;
  statement_descriptor: string | null;
  statement_descriptor_suffix: string | null;
}

/** Builds and stores the charge, emitting `charge.succeeded` / `charge.failed`. */
export function recordCharge(call: SandboxCall, intent: ChargedIntent, method: PaymentMethod, result: ChargeResult): Charge {
  const succeeded = result.status === "succeeded";
  const card = method.card!;
  const id = newId(ID_PREFIX.charge);
  const funds =
    result.status === "succeeded"
      ? creditCharge(call, { id, amount: intent.amount, currency: intent.currency, description: intent.description }, result.bypassPending ?? false)
      : null;
  const charge: Charge = {
    id,
    object: "charge",
    amount: intent.amount,
    amount_captured: succeeded ? intent.amount : 0,
    amount_refunded: 0,
    application: null,
    application_fee: null,
    application_fee_amount: null,
    balance_transaction: funds?.id ?? null,
    billing_details: method.billing_details,
    calculated_statement_descriptor: intent.statement_descriptor ?? "JPLAY",
    captured: succeeded,
    created: call.now,
    currency: intent.currency,
    customer: intent.customer,
    description: intent.description,
    disputed: false,
    failure_balance_transaction: null,
    failure_code: succeeded ? null : result.failure.code,
    failure_message: succeeded ? null : result.failure.message,
    fraud_details: {},
    livemode: false,
    metadata: { ...intent.metadata },
    on_behalf_of: null,
    outcome: outcomeOf(result),
    paid: succeeded,
    payment_intent: intent.id,
    payment_method: method.id,
    payment_method_details: {
      type: "card",
      card: {
        amount_authorized: succeeded ? intent.amount : null,
        authorization_code: succeeded ? randomToken(6).toUpperCase() : null,
        brand: card.brand,
        checks: card.checks,
        country: card.country,
        electronic_commerce_indicator: null,
        exp_month: card.exp_month,
        exp_year: card.exp_year,
        fingerprint: card.fingerprint ?? null,
        funding: card.funding,
        installments: null,
        last4: card.last4,
        mandate: null,
        network: card.brand,
        network_transaction_id: succeeded ? randomToken(15) : null,
        regulated_status: "unregulated",
        three_d_secure: null,
        transaction_link_id: null,
        wallet: null,
      },
    },
    receipt_email: intent.receipt_email,
    receipt_number: null,
    receipt_url: null,
    refunded: false,
    review: null,
    shipping: null,
    source: null,
    source_transfer: null,
    statement_descriptor: intent.statement_descriptor,
    statement_descriptor_suffix: intent.statement_descriptor_suffix,
    status: succeeded ? "succeeded" : "failed",
    transfer_data: null,
    transfer_group: null,
  };
  call.store.put(charge);
  call.emit(succeeded ? "charge.succeeded" : "charge.failed", charge);
  return charge;
}
