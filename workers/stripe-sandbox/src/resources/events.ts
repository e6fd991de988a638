/**
 * /v1/events: what happened, newest first, filterable by type and by whether webhooks were
 * delivered (`delivery_success`). https://docs.stripe.com/api/events/list
 */
import { Hono } from "hono";
import type { AppEnv } from "../env";
import { endpoint } from "../context";
import { invalidRequest } from "../errors";
import type { SandboxEvent } from "../events";
import { listObject } from "../lists";
import { readPage } from "../store";

export const eventRoutes = new Hono<AppEnv>()
  .get(
    "/v1/events",
    endpoint("secret", async (call) => {
      call.params.allowOnly(["type", "types", "delivery_success", "limit", "starting_after", "ending_before", "expand", "created"]);
      const filters: Record<string, string | number | readonly string[]> = {};
      const type = call.params.string("type");
      const types = call.params.strings("types");
      if (type && types) throw invalidRequest("You may only specify one of these parameters: type, types.", { param: "types" });
      if (type) filters.type = type;
      if (types) filters.type = types;
      const delivered = call.params.boolean("delivery_success");
      if (delivered !== undefined) filters.pending_webhooks = delivered ? 0 : 1;
      return listObject("/v1/events", await call.store.list<SandboxEvent>("event", filters, readPage(call.params)));
    }),
  )
  .get(
    "/v1/events/:id",
    endpoint("secret", async (call) => {
      call.params.allowOnly(["expand"]);
      return call.store.require<SandboxEvent>("event", call.pathParam("id"), "event");
    }),
  );
