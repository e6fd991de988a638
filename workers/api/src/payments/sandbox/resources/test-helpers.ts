/**
 * Sandbox-only test helpers (secret key): arm and clear faults, deliver every pending webhook
 * event now, in creation order — what tests and the dev tools use for determinism — and make a
 * saved card behave like another test card from now on (a card that saved fine and is later
 * reported stolen, or starts declining).
 */
import { Hono } from "hono";
import type { AppEnv } from "../../../env";
import { behaviourOf, luhnValid } from "../cards";
import { endpoint } from "../context";
import { invalidRequest } from "../errors";
import { FAULT_MODES, buildFault, clearFaults } from "../faults";
import { loadVault } from "../payment-methods";
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
    "/v1/test_helpers/deliver_events",
    endpoint("secret", async (call) => {
      call.params.allowOnly([]);
      return deliverPendingEvents(call.env, call.work);
    }),
  )
  .post(
    // The issuer's view of a saved card changes: charges now behave like `behaves_like` (a test number).
    "/v1/test_helpers/payment_methods/:id/simulate_card",
    endpoint("secret", async (call) => {
      const number = call.params.allowOnly(["behaves_like"]).requiredString("behaves_like").replace(/\s/g, "");
      if (!/^\d{12,19}$/.test(number) || !luhnValid(number)) throw invalidRequest("behaves_like must be a valid test card number.", { param: "behaves_like" });
      await call.store.require("payment_method", call.pathParam("id"), "PaymentMethod");
      const vault = await loadVault(call, call.pathParam("id"));
      call.store.put({ ...vault, behaviour: behaviourOf(number) });
      return { object: "sandbox.simulated_card", payment_method: vault.payment_method, behaves_like: number.slice(-4) };
    }),
  );
