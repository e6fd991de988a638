/**
 * /v1/disputes: the disputes the dispute test cards' charges get (list by charge or PaymentIntent,
 * retrieve, update with evidence and submit, close to accept). What a dispute does is disputes.ts.
 * https://docs.stripe.com/api/disputes
 */
import { Hono } from "hono";
import type Stripe from "stripe";
import type { AppEnv } from "../http/env";
import { endpoint } from "../http/context";
import { type Dispute, acceptDispute, updateDispute } from "../money/disputes";
import { applyMetadata } from "../http/form";
import { listOfPayments } from "../http/lists";

// What each endpoint accepts, checked against the SDK's parameter types for the pinned API version.
const LIST_PARAMS = [
  "charge",
  "payment_intent",
  "created",
  "limit",
  "starting_after",
  "ending_before",
  "expand",
] as const satisfies readonly (keyof Stripe.DisputeListParams)[];
const RETRIEVE_PARAMS = ["expand"] as const satisfies readonly (keyof Stripe.DisputeRetrieveParams)[];
const UPDATE_PARAMS = ["evidence", "metadata", "submit", "expand"] as const satisfies readonly (keyof Stripe.DisputeUpdateParams)[];
const CLOSE_PARAMS = ["expand"] as const satisfies readonly (keyof Stripe.DisputeCloseParams)[];

export const disputeRoutes = new Hono<AppEnv>()
  .get(
    "/v1/disputes",
    endpoint("secret", (call) => listOfPayments<Dispute>(call, "dispute", "/v1/disputes", LIST_PARAMS)),
  )
  .get(
    "/v1/disputes/:id",
    endpoint("secret", async (call) => {
      call.params.allowOnly(RETRIEVE_PARAMS);
      return call.store.require<Dispute>("dispute", call.pathParam("id"), "dispute");
    }),
  )
  .post(
    "/v1/disputes/:id",
    endpoint("secret", async (call) => {
      const p = call.params.allowOnly(UPDATE_PARAMS);
      const id = call.pathParam("id");
      await call.store.lock(id);
      const dispute = await call.store.require<Dispute>("dispute", id, "dispute");
      return updateDispute(call, dispute, {
        evidence: p.object("evidence"),
        metadata: applyMetadata(dispute.metadata, p.metadata()),
        submit: p.boolean("submit") ?? true,
      });
    }),
  )
  .post(
    "/v1/disputes/:id/close",
    endpoint("secret", async (call) => {
      call.params.allowOnly(CLOSE_PARAMS);
      const id = call.pathParam("id");
      await call.store.lock(id);
      return acceptDispute(call, await call.store.require<Dispute>("dispute", id, "dispute"));
    }),
  );
