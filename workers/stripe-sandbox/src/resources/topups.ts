/**
 * /v1/topups: adding funds to the platform's balance from its bank account (create, retrieve, list).
 * What a top-up does over time is topups.ts. https://docs.stripe.com/api/topups
 */
import { Hono } from "hono";
import type Stripe from "stripe";
import type { AppEnv } from "../http/env";
import { endpoint } from "../http/context";
import { invalidRequest, parameterInvalid, parameterMissing } from "../http/errors";
import { type Range, applyMetadata } from "../http/form";
import { ID_PREFIX, newId } from "../store/ids";
import { listObject } from "../http/lists";
import { readPage } from "../store/store";
import { type Topup, settleDueTopups, startTopup, topupFailureOf } from "../money/topups";

/** Parameters of the pinned API version the sandbox takes (a removed one fails to compile). */
const CREATE_PARAMS = [
  "amount",
  "currency",
  "description",
  "metadata",
  "source",
  "statement_descriptor",
  "transfer_group",
  "expand",
] as const satisfies readonly (keyof Stripe.TopupCreateParams)[];
const LIST_PARAMS = ["status", "created", "limit", "starting_after", "ending_before", "expand"] as const satisfies readonly (keyof Stripe.TopupListParams)[];

const STATUSES = ["canceled", "failed", "pending", "succeeded"] as const;

export const topupRoutes = new Hono<AppEnv>()
  .post(
    "/v1/topups",
    endpoint("secret", async (call) => {
      const p = call.params.allowOnly(CREATE_PARAMS);
      const amount = p.integer("amount");
      if (amount === undefined) throw parameterMissing("amount");
      if (amount < 1) throw parameterInvalid("amount", "Invalid positive integer", "parameter_invalid_integer");
      const currency = p.requiredString("currency").toLowerCase();
      // A US platform adds US dollars (https://docs.stripe.com/connect/top-ups#add-funds).
      if (currency !== "usd") throw invalidRequest(`Top-ups are only supported in usd for this account, not ${currency}.`, { param: "currency" });
      const descriptor = p.string("statement_descriptor");
      if (descriptor !== undefined && (descriptor.length > 15 || !/^[\x20-\x7e]*$/.test(descriptor))) {
        throw parameterInvalid("statement_descriptor", "The statement descriptor must be at most 15 ASCII characters.");
      }
      const failure = topupFailureOf(p.string("source"));
      const topup: Topup = {
        id: newId(ID_PREFIX.topup),
        object: "topup",
        amount,
        balance_transaction: null,
        created: call.now,
        currency,
        description: p.string("description") || null,
        expected_availability_date: null,
        failure_code: null,
        failure_message: null,
        initiated_by: "user",
        livemode: false,
        metadata: applyMetadata({}, p.metadata()),
        source: null,
        statement_descriptor: descriptor || null,
        status: "pending",
        transfer_group: p.string("transfer_group") || null,
      };
      return startTopup(call, topup, failure);
    }),
  )
  .get(
    "/v1/topups",
    endpoint("secret", async (call) => {
      const p = call.params.allowOnly(LIST_PARAMS);
      await settleDueTopups(call);
      const filters: Record<string, string | Range> = {};
      const status = p.oneOf("status", STATUSES);
      if (status) filters.status = status;
      const created = p.range("created");
      if (created) filters.created = created;
      return listObject("/v1/topups", await call.store.list<Topup>("topup", filters, readPage(p)));
    }),
  )
  .get(
    "/v1/topups/:id",
    endpoint("secret", async (call) => {
      call.params.allowOnly(["expand"]);
      await settleDueTopups(call);
      return call.store.require<Topup>("topup", call.pathParam("id"), "topup");
    }),
  );
