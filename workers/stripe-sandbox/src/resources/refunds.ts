/**
 * /v1/refunds: refunding a succeeded charge, by the charge or its PaymentIntent (create, retrieve,
 * list by charge or PaymentIntent). What a refund does is refunds.ts. https://docs.stripe.com/api/refunds
 */
import { Hono } from "hono";
import type Stripe from "stripe";
import type { AppEnv } from "../http/env";
import type { Charge } from "../money/charges";
import { endpoint } from "../http/context";
import { invalidRequest } from "../http/errors";
import { applyMetadata } from "../http/form";
import { listOfPayments } from "../http/lists";
import { type Refund, chargeOfIntent, createRefund } from "../money/refunds";

// What each endpoint accepts, checked against the SDK's parameter types for the pinned API version.
const CREATE_PARAMS = ["charge", "payment_intent", "amount", "reason", "metadata", "expand"] as const satisfies readonly (keyof Stripe.RefundCreateParams)[];
const LIST_PARAMS = [
  "charge",
  "payment_intent",
  "created",
  "limit",
  "starting_after",
  "ending_before",
  "expand",
] as const satisfies readonly (keyof Stripe.RefundListParams)[];
const RETRIEVE_PARAMS = ["expand"] as const satisfies readonly (keyof Stripe.RefundRetrieveParams)[];

const REASONS = ["duplicate", "fraudulent", "requested_by_customer"] as const satisfies readonly Stripe.RefundCreateParams.Reason[];

export const refundRoutes = new Hono<AppEnv>()
  .post(
    "/v1/refunds",
    endpoint("secret", async (call) => {
      const p = call.params.allowOnly(CREATE_PARAMS);
      const chargeId = p.string("charge");
      const intentId = p.string("payment_intent");
      if (!chargeId && !intentId)
        throw invalidRequest("One of the following params should be provided for this request: payment_intent or charge.", { code: "parameter_missing" });
      let charge = chargeId ? await call.store.require<Charge>("charge", chargeId, "charge", "charge") : await chargeOfIntent(call, intentId!);
      if (chargeId && intentId && charge.payment_intent !== intentId) {
        throw invalidRequest(`The charge ${chargeId} does not belong to the PaymentIntent ${intentId}.`, { param: "payment_intent" });
      }
      // Two refunds of one charge at once cannot both take what remains.
      await call.store.lock(charge.id);
      charge = await call.store.require<Charge>("charge", charge.id, "charge", "charge");
      return createRefund(call, { charge, amount: p.integer("amount"), reason: p.oneOf("reason", REASONS) ?? null, metadata: applyMetadata({}, p.metadata()) });
    }),
  )
  .get(
    "/v1/refunds",
    endpoint("secret", (call) => listOfPayments<Refund>(call, "refund", "/v1/refunds", LIST_PARAMS)),
  )
  .get(
    "/v1/refunds/:id",
    endpoint("secret", async (call) => {
      call.params.allowOnly(RETRIEVE_PARAMS);
      return call.store.require<Refund>("refund", call.pathParam("id"), "refund");
    }),
  );
