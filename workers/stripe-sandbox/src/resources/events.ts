/**
 * /v1/events: what happened, newest first, filterable by type and by whether webhooks were
 * delivered (`delivery_success`) and by time (`created[gte]` and the other bounds): what a product
 * reads to find events its endpoint missed. https://docs.stripe.com/api/events/list
 */
import { Hono } from "hono";
import type Stripe from "stripe";
import type { AppEnv } from "../env";
import { endpoint } from "../context";
import { invalidRequest } from "../errors";
import type { Range } from "../form";
import { type SandboxEvent, withoutBookkeeping } from "../events";
import { listObject } from "../lists";
import { readPage } from "../store";

// What each endpoint accepts, checked against the SDK's parameter types for the pinned API version.
const LIST_PARAMS = ["type", "types", "delivery_success", "limit", "starting_after", "ending_before", "expand", "created"] as const satisfies readonly (keyof Stripe.EventListParams)[];
const RETRIEVE_PARAMS = ["expand"] as const satisfies readonly (keyof Stripe.EventRetrieveParams)[];

export const eventRoutes = new Hono<AppEnv>()
  .get(
    "/v1/events",
    endpoint("secret", async (call) => {
      call.params.allowOnly(LIST_PARAMS);
      const filters: Record<string, string | number | readonly string[] | Range> = {};
      const type = call.params.string("type");
      const types = call.params.strings("types");
      if (type && types) throw invalidRequest("You may only specify one of these parameters: type, types.", { param: "types" });
      if (type) filters.type = type;
      if (types) filters.type = types;
      const delivered = call.params.boolean("delivery_success");
      if (delivered !== undefined) filters.pending_webhooks = delivered ? 0 : 1;
      const created = call.params.range("created");
      if (created) filters.created = created;
      const page = await call.store.list<SandboxEvent>("event", filters, readPage(call.params));
      return listObject("/v1/events", { ...page, data: page.data.map(withoutBookkeeping) });
    }),
  )
  .get(
    "/v1/events/:id",
    endpoint("secret", async (call) => {
      call.params.allowOnly(RETRIEVE_PARAMS);
      return withoutBookkeeping(await call.store.require<SandboxEvent>("event", call.pathParam("id"), "event"));
    }),
  );
