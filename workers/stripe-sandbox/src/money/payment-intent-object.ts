/**
 * A new PaymentIntent object as Stripe creates it (https://docs.stripe.com/api/payment_intents/object),
 * shared by `POST /v1/payment_intents` and the intents invoices create for their payment.
 */
import type { SandboxCall } from "../http/sandbox-call";
import { ID_PREFIX, newClientSecret, newId } from "../store/ids";
import type Stripe from "stripe";

export type PaymentIntent = Stripe.PaymentIntent;

export interface PaymentIntentInit {
  amount: number;
  currency: string;
  customer: string | null;
  description: string | null;
  metadata: Record<string, string>;
  paymentMethod: string | null;
  automaticPaymentMethods: boolean;
  /** What `allowed_payment_method_types` left (the sandbox has only cards). */
  allowedPaymentMethodTypes?: string[] | null;
  confirmationMethod?: "automatic" | "manual";
  statementDescriptor?: string | null;
  statementDescriptorSuffix?: string | null;
  transferGroup?: string | null;
}

export function newPaymentIntent(call: SandboxCall, init: PaymentIntentInit): PaymentIntent {
  const id = newId(ID_PREFIX.payment_intent);
  return {
    id,
    object: "payment_intent",
    allowed_payment_method_types: init.allowedPaymentMethodTypes ?? null,
    amount: init.amount,
    amount_capturable: 0,
    amount_received: 0,
    application: null,
    application_fee_amount: null,
    automatic_payment_methods: init.automaticPaymentMethods ? { allow_redirects: "always", enabled: true } : null,
    canceled_at: null,
    cancellation_reason: null,
    capture_method: "automatic_async",
    client_secret: newClientSecret(id),
    confirmation_method: init.confirmationMethod ?? "automatic",
    created: call.now,
    currency: init.currency,
    customer: init.customer,
    customer_account: null,
    description: init.description,
    excluded_payment_method_types: null,
    last_payment_error: null,
    latest_charge: null,
    livemode: false,
    managed_payments: null,
    metadata: init.metadata,
    next_action: null,
    on_behalf_of: null,
    payment_method: init.paymentMethod,
    payment_method_configuration_details: null,
    payment_method_options: { card: { installments: null, mandate_options: null, network: null, request_three_d_secure: "automatic" } },
    payment_method_types: ["card"],
    payment_record: null,
    processing: null,
    receipt_email: null,
    review: null,
    setup_future_usage: null,
    shipping: null,
    source: null,
    statement_descriptor: init.statementDescriptor ?? null,
    statement_descriptor_suffix: init.statementDescriptorSuffix ?? null,
    status: init.paymentMethod ? "requires_confirmation" : "requires_payment_method",
    transfer_data: null,
    transfer_group: init.transferGroup ?? null,
  };
}
