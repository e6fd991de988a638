/**
 * Sandbox-only test helpers (secret key): arm and clear faults, set the platform balance transfers
 * draw from, and deliver every pending webhook event now, in creation order — what tests and the
 * dev tools use for determinism.
 */
import { Hono } from "hono";
import type { AppEnv } from "../../../env";
import { endpoint } from "../context";
import { invalidRequest } from "../errors";
import { FAULT_MODES, buildFault, clearFaults } from "../faults";
import { platformBalance } from "../platform-balance";
import { deliverPendingEvents } from "../webhooks";

const MAX_FAULT_COUNT = 100;

export const testHelperRoutes = new Hono<AppEnv>()
  .post(
    "/v1/test_helpers/faults",
    endpoint("secret", async (call) => {
      const p = call.params.allowOnly(["mode", "count", "path_prefix"]);
      const mode = p.oneOf("mode", FAULT_MODES);
      if (!mode) throw invalidRequest("Missing required param: mode.", { param: "mode", code: "parameter_missing" });
      const count = p.integer("count") ?? 1;
      if (count < 1 || count > MAX_FAULT_COUNT) throw invalidRequest(`count must be between 1 and ${MAX_FAULT_COUNT}.`, { param: "count" });
      const prefix = p.string("path_prefix") || null;
      if (prefix !== null && !prefix.startsWith("/v1/")) throw invalidRequest("path_prefix must start with /v1/.", { param: "path_prefix" });
      const fault = buildFault(mode, count, prefix, call.now);
      call.store.put(fault);
      return fault;
    }),
  )
  .delete(
    "/v1/test_helpers/faults",
    endpoint("secret", async (call) => ({ object: "sandbox.fault_list", deleted: await clearFaults(call.env.DB) })),
  )
  .post(
    "/v1/test_helpers/platform_balance",
    endpoint("secret", async (call) => {
      // `available=<cents>` limits what transfers may draw; `available=` makes it unlimited again.
      const p = call.params.allowOnly(["available"]);
      if (!p.has("available")) throw invalidRequest("Missing required param: available.", { param: "available", code: "parameter_missing" });
      const available = p.string("available") === "" ? null : p.integer("available")!;
      if (available !== null && available < 0) throw invalidRequest("available must be 0 or more.", { param: "available" });
      const balance = platformBalance(available);
      call.store.put(balance);
      return balance;
    }),
  )
  .post(
    "/v1/test_helpers/deliver_events",
    endpoint("secret", async (call) => {
      call.params.allowOnly([]);
      return deliverPendingEvents(call.env, call.work);
    }),
  );
