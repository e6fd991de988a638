/**
 * /v1/events: what happened, newest first, filterable by type and by whether webhooks were
 * delivered (`delivery_success`) and by time (`created[gte]` and the other bounds): what a product
 * reads to find events its endpoint missed. https://docs.stripe.com/api/events/list
 * Events on a connected account belong to that account: the platform reads them with the
 * `Stripe-Account` header, and its own list and retrieve never show them
 * (https://docs.stripe.com/connect/webhooks). Both render events in the account's default API version
 * (events.ts, inAccountDefaultVersion), whatever Stripe-Version the request sends.
 */
import { Hono } from "hono";
import type Stripe from "stripe";
import type { AppEnv } from "../http/env";
import { requireConnectedAccount } from "../connect/connected-account";
import { endpoint } from "../http/context";
import type { SandboxCall } from "../http/sandbox-call";
import { invalidRequest, resourceMissing } from "../http/errors";
import type { Range } from "../http/form";
import { type SandboxEvent, inAccountDefaultVersion, withoutBookkeeping } from "../events/events";
import { listObject } from "../http/lists";
import { readPage } from "../store/store";

// What each endpoint accepts, checked against the SDK's parameter types for the pinned API version.
const LIST_PARAMS = [
  "type",
  "types",
  "delivery_success",
  "limit",
  "starting_after",
  "ending_before",
  "expand",
  "created",
] as const satisfies readonly (keyof Stripe.EventListParams)[];
const RETRIEVE_PARAMS = ["expand"] as const satisfies readonly (keyof Stripe.EventRetrieveParams)[];

/** Whose events a request reads: the connected account it acts as, or (null) the platform's own. */
async function ownerOf(call: SandboxCall): Promise<string | null> {
  if (call.actingAccount) await requireConnectedAccount(call.store, call.actingAccount);
  return call.actingAccount;
}

export const eventRoutes = new Hono<AppEnv>()
  .get(
    "/v1/events",
    endpoint("secret", async (call) => {
      call.params.allowOnly(LIST_PARAMS);
      const filters: Record<string, string | number | readonly string[] | Range | null> = { account: await ownerOf(call) };
      const type = call.params.string("type");
      const types = call.params.strings("types");
      if (type && types) throw invalidRequest("You may only specify one of these parameters: type, types.", { param: "types" });
      if (type) filters.type = type;
      if (types) filters.type = types;
      const delivered = call.params.boolean("delivery_success");
      // Not delivered: still waiting at one endpoint or more (pending_webhooks counts them).
      if (delivered !== undefined) filters.pending_webhooks = delivered ? 0 : { gte: 1 };
      const created = call.params.range("created");
      if (created) filters.created = created;
      const page = await call.store.list<SandboxEvent>("event", filters, readPage(call.params));
      return listObject("/v1/events", { ...page, data: page.data.map((event) => inAccountDefaultVersion(withoutBookkeeping(event))) });
    }),
  )
  .get(
    "/v1/events/:id",
    endpoint("secret", async (call) => {
      call.params.allowOnly(RETRIEVE_PARAMS);
      const owner = await ownerOf(call);
      const event = await call.store.require<SandboxEvent>("event", call.pathParam("id"), "event");
      if ((event.account ?? null) !== owner) throw resourceMissing("event", event.id);
      return inAccountDefaultVersion(withoutBookkeeping(event));
    }),
  );
