/**
 * Sandbox-only test helpers (secret key): arm and clear faults, deliver every pending webhook event
 * now, in creation order — what tests and the dev tools use for determinism — make a saved card
 * behave like another test card from now on (a card that saved fine and is later reported stolen, or
 * starts declining), and make a subscription's renewal fail. The platform balance has no helper: it
 * is funded as Stripe's is, by charges and top-ups, on a clock tests can advance.
 */
import { Hono } from "hono";
import type { AppEnv } from "../env";
import { type Subscription, addMonth, openInvoice, settleInvoiceOf } from "../billing";
import { behaviourOf, luhnValid } from "../cards";
import { endpoint } from "../context";
import { cardErrorBody, invalidRequest } from "../errors";
import { previousAttributes } from "../events";
import { FAULT_MODES, buildFault, clearFaults } from "../faults";
import { loadVault } from "../payment-methods";
import { deliverPendingEvents, setWebhooksPaused } from "../webhooks";
import { advanceClock } from "../clock";

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
      return deliverPendingEvents(call.env, call.now);
    }),
  )
  .post(
    // The product's endpoints are out of reach: events stay pending until resumed (`paused=false`).
    "/v1/test_helpers/webhooks",
    endpoint("secret", async (call) => {
      const paused = call.params.allowOnly(["paused"]).requiredString("paused");
      if (paused !== "true" && paused !== "false") throw invalidRequest("paused must be true or false.", { param: "paused" });
      await setWebhooksPaused(call.env.DB, paused === "true");
      return { object: "sandbox.webhooks", paused: paused === "true" };
    }),
  )
  .post(
    // Time passes for the sandbox: webhook retries and funds that become available come due.
    "/v1/test_helpers/advance_clock",
    endpoint("secret", async (call) => {
      const seconds = call.params.allowOnly(["seconds"]).integer("seconds");
      if (seconds === undefined) throw invalidRequest("Missing required param: seconds.", { param: "seconds", code: "parameter_missing" });
      return { object: "sandbox.clock", now: await advanceClock(call.env.DB, seconds) };
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
  )
  .post(
    // The next period's invoice is declined: invoice.payment_failed, and the subscription goes past_due.
    "/v1/test_helpers/subscriptions/:id/fail_renewal",
    endpoint("secret", async (call) => {
      call.params.allowOnly([]);
      await call.store.lock(call.pathParam("id"));
      const subscription = await call.store.require<Subscription>("subscription", call.pathParam("id"), "subscription");
      if (subscription.status !== "active") throw invalidRequest(`Only an active subscription renews; this one is ${subscription.status}.`);
      const item = subscription.items.data[0]!;
      const renewed: Subscription = {
        ...subscription,
        items: { ...subscription.items, data: [{ ...item, current_period_start: item.current_period_end, current_period_end: addMonth(item.current_period_end) }] },
      };
      const { invoice, intent } = openInvoice(call, renewed, "subscription_cycle");
      const failed = {
        ...intent,
        last_payment_error: cardErrorBody({ code: "card_declined", decline_code: "insufficient_funds", message: "Your card has insufficient funds." }),
      };
      call.store.put(failed);
      call.emit("payment_intent.payment_failed", failed);
      await settleInvoiceOf(call, failed);
      const pastDue: Subscription = { ...renewed, latest_invoice: invoice.id, status: "past_due" };
      call.store.put(pastDue);
      call.emit("customer.subscription.updated", pastDue, previousAttributes(subscription, pastDue));
      return pastDue;
    }),
  );
