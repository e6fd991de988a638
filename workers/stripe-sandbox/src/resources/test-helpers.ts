/**
 * Sandbox-only test helpers (secret key): arm and clear faults, deliver every pending webhook event
 * now, in creation order — what tests and the dev tools use for determinism — make a saved card
 * behave like another test card from now on (a card that saved fine and is later reported stolen, or
 * starts declining), change the request-rate limits (rate-limits.ts), move the sandbox clock (which
 * brings renewals, expiries, webhook retries and available funds due), and make a subscription's
 * renewal fail now, or choose what Billing does once a renewal's retries are spent. The platform balance has no
 * helper: it is funded as Stripe's is, by charges and top-ups.
 */
import { Hono } from "hono";
import type { AppEnv } from "../http/env";
import type { Subscription } from "../billing/billing";
import { behaviourOf, luhnValid } from "../money/cards";
import { endpoint } from "../http/context";
import { invalidRequest } from "../http/errors";
import { FAULT_MODES, buildFault, clearFaults } from "../http/faults";
import { MAX_RATE_LIMIT, rateLimitsReport, setRateLimits } from "../http/rate-limits";
import { loadVault } from "../money/payment-methods";
import { DELIVERY_MODES, deliverPendingEvents, deliverySettings, runDueRetries, setDeliveryMode, setWebhooksPaused } from "../events/webhooks";
import { advanceClock } from "../store/clock";
import { AFTER_RETRIES_ACTIONS, renewSubscription, setAfterRetries } from "../billing/subscription-cycle";
import { resetSandbox } from "../store/reset-sandbox";

const MAX_FAULT_COUNT = 100;

// Sandbox-only endpoints: Stripe has no such API and the SDK no type for them, so the parameters
// each accepts are plain lists (every Stripe endpoint's list is typed against the SDK's params).

export const testHelperRoutes = new Hono<AppEnv>()
  .post(
    // Back to a fresh deployment: every object, event, setting and the clock gone (reset-sandbox.ts).
    "/v1/test_helpers/reset",
    endpoint("secret", async (call) => {
      call.params.allowOnly([]);
      return { object: "sandbox.reset", ...(await resetSandbox(call.env.DB)) };
    }),
  )
  .post(
    "/v1/test_helpers/faults",
    endpoint("secret", async (call) => {
      const p = call.params.allowOnly(["mode", "count", "path_prefix", "method"]);
      const mode = p.oneOf("mode", FAULT_MODES);
      if (!mode) throw invalidRequest("Missing required param: mode.", { param: "mode", code: "parameter_missing" });
      const count = p.integer("count") ?? 1;
      if (count < 1 || count > MAX_FAULT_COUNT) throw invalidRequest(`count must be between 1 and ${MAX_FAULT_COUNT}.`, { param: "count" });
      const prefix = p.string("path_prefix") || null;
      if (prefix !== null && !prefix.startsWith("/v1/")) throw invalidRequest("path_prefix must start with /v1/.", { param: "path_prefix" });
      const method = p.oneOf("method", ["GET", "POST", "DELETE"] as const) ?? null;
      const fault = buildFault(mode, count, prefix, method, call.now);
      call.store.put(fault);
      return fault;
    }),
  )
  .delete(
    "/v1/test_helpers/faults",
    endpoint("secret", async (call) => ({ object: "sandbox.fault_list", deleted: await clearFaults(call.env.DB) })),
  )
  .post(
    // `global` and `endpoint`: requests a second from now on (both, with every bucket full and the
    // count of 429s at zero); `off=true`: no limit; `reset=true`: back to the deployment's RATE_LIMITS.
    "/v1/test_helpers/rate_limits",
    endpoint("secret", async (call) => {
      const p = call.params.allowOnly(["global", "endpoint", "off", "reset"]);
      if (p.boolean("reset")) setRateLimits(undefined);
      else if (p.boolean("off")) setRateLimits(null);
      else {
        const [global, perEndpoint] = [p.integer("global"), p.integer("endpoint")];
        for (const [param, value] of [
          ["global", global],
          ["endpoint", perEndpoint],
        ] as const) {
          if (value === undefined) throw invalidRequest(`Missing required param: ${param}.`, { param, code: "parameter_missing" });
          if (value < 1 || value > MAX_RATE_LIMIT) throw invalidRequest(`${param} must be between 1 and ${MAX_RATE_LIMIT}.`, { param });
        }
        setRateLimits({ global: global!, endpoint: perEndpoint! });
      }
      return rateLimitsReport(call.env.RATE_LIMITS);
    }),
  )
  // The limits in force and the 429s answered since they were set.
  .get(
    "/v1/test_helpers/rate_limits",
    endpoint("secret", async (call) => {
      call.params.allowOnly([]);
      return rateLimitsReport(call.env.RATE_LIMITS);
    }),
  )
  .post(
    "/v1/test_helpers/deliver_events",
    endpoint("secret", async (call) => {
      call.params.allowOnly([]);
      return deliverPendingEvents(call.env, call.now);
    }),
  )
  .post(
    // `paused`: the product's endpoints are out of reach, events stay pending until resumed
    // (`paused=false`). `delivery`: requests' own events go out in order, or unordered (webhooks.ts).
    "/v1/test_helpers/webhooks",
    endpoint("secret", async (call) => {
      const p = call.params.allowOnly(["paused", "delivery"]);
      const paused = p.boolean("paused");
      const delivery = p.oneOf("delivery", DELIVERY_MODES);
      if (paused === undefined && delivery === undefined)
        throw invalidRequest("Give paused (true or false) or delivery (in_order or unordered).", { param: "paused" });
      if (paused !== undefined) await setWebhooksPaused(call.env.DB, paused);
      if (delivery !== undefined) await setDeliveryMode(call.env.DB, delivery);
      return { object: "sandbox.webhooks", ...(paused !== undefined ? { paused } : {}), delivery: (await deliverySettings(call.env)).mode };
    }),
  )
  .post(
    // Time passes for the sandbox: webhook retries and funds that become available come due. The
    // retries due by the new time have run (or failed, while paused) when it answers.
    "/v1/test_helpers/advance_clock",
    endpoint("secret", async (call) => {
      const seconds = call.params.allowOnly(["seconds"]).integer("seconds");
      if (seconds === undefined) throw invalidRequest("Missing required param: seconds.", { param: "seconds", code: "parameter_missing" });
      const now = await advanceClock(call.env.DB, seconds);
      return { object: "sandbox.clock", now, retries: await runDueRetries(call.env) };
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
    // Settings → Billing → Manage failed payments, changed while the sandbox runs: what a subscription
    // becomes once its renewal's retries are spent (`cancel`, `unpaid` or `past_due`).
    "/v1/test_helpers/billing_settings",
    endpoint("secret", async (call) => {
      const action = call.params.allowOnly(["after_retries"]).oneOf("after_retries", AFTER_RETRIES_ACTIONS);
      if (!action) throw invalidRequest("Missing required param: after_retries.", { param: "after_retries", code: "parameter_missing" });
      setAfterRetries(call, action);
      return { object: "sandbox.billing_settings", after_retries: action };
    }),
  )
  .post(
    // The next period starts now and its invoice is declined: invoice.payment_failed, and the
    // subscription goes past_due (the clock-driven renewal with the issuer saying no).
    "/v1/test_helpers/subscriptions/:id/fail_renewal",
    endpoint("secret", async (call) => {
      call.params.allowOnly([]);
      await call.store.lock(call.pathParam("id"));
      const subscription = await call.store.require<Subscription>("subscription", call.pathParam("id"), "subscription");
      if (subscription.status !== "active") throw invalidRequest(`Only an active subscription renews; this one is ${subscription.status}.`);
      return renewSubscription(call, subscription, { code: "card_declined", decline_code: "insufficient_funds", message: "Your card has insufficient funds." });
    }),
  );
