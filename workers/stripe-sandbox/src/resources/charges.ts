/**
 * /v1/charges: reading the payment attempts PaymentIntents recorded (retrieve, list by intent or
 * customer). Charges are only ever created by confirming an intent. https://docs.stripe.com/api/charges
 */
import { Hono } from "hono";
import type Stripe from "stripe";
import type { AppEnv } from "../http/env";
import type { Charge } from "../money/charges";
import { endpoint } from "../http/context";
import { listObject } from "../http/lists";
import { readPage } from "../store/store";

// What each endpoint accepts, checked against the SDK's parameter types for the pinned API version.
const LIST_PARAMS = [
  "customer",
  "payment_intent",
  "limit",
  "starting_after",
  "ending_before",
  "expand",
  "created",
] as const satisfies readonly (keyof Stripe.ChargeListParams)[];
const RETRIEVE_PARAMS = ["expand"] as const satisfies readonly (keyof Stripe.ChargeRetrieveParams)[];

export const chargeRoutes = new Hono<AppEnv>()
  .get(
    "/v1/charges",
    endpoint("secret", async (call) => {
      call.params.allowOnly(LIST_PARAMS);
      const filters: Record<string, string> = {};
      for (const field of ["customer", "payment_intent"]) {
        const value = call.params.string(field);
        if (value) filters[field] = value;
      }
      return listObject("/v1/charges", await call.store.list<Charge>("charge", filters, readPage(call.params)));
    }),
  )
  .get(
    "/v1/charges/:id",
    endpoint("secret", async (call) => {
      call.params.allowOnly(RETRIEVE_PARAMS);
      return call.store.require<Charge>("charge", call.pathParam("id"), "charge");
    }),
  );
