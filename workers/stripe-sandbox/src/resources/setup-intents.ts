/**
 * /v1/setup_intents: create (optionally confirming at once), retrieve, list, confirm, cancel and
 * the sandbox-only 3-D Secure /authenticate; what an attempt does lives in setup-attempts.ts.
 * https://docs.stripe.com/api/setup_intents
 */
import { Hono } from "hono";
import type Stripe from "stripe";
import type { AppEnv } from "../http/env";
import { endpoint } from "../http/context";
import { invalidRequest, unexpectedState } from "../http/errors";
import { applyMetadata } from "../http/form";
import { ID_PREFIX, newClientSecret, newId } from "../store/ids";
import { BROWSER_CONFIRM_PARAMS, CONFIRM_PARAMS, loadIntentFor, readAllowedPaymentMethodTypes, readAuthenticationOutcome } from "../money/intents";
import { listObject } from "../http/lists";
import { loadPaymentMethod } from "../money/payment-methods";
import { refuseRemovedPaymentMethodTypes } from "../http/removed-params";
import { readPage } from "../store/store";
import { type SetupIntent, authenticateSetup, confirmSetup } from "../money/setup-attempts";
import { customerParam } from "./customers";

// What each endpoint accepts, checked against the SDK's parameter types for the pinned API version.
const CREATE_PARAMS = [
  "customer",
  "description",
  "metadata",
  "usage",
  "payment_method",
  "allowed_payment_method_types",
  "automatic_payment_methods",
  "payment_method_options",
  "confirm",
  "return_url",
  "use_stripe_sdk",
  "mandate_data",
  "payment_method_data",
  "expand",
] as const satisfies readonly (keyof Stripe.SetupIntentCreateParams)[];
const LIST_PARAMS = [
  "customer",
  "payment_method",
  "limit",
  "starting_after",
  "ending_before",
  "expand",
  "created",
] as const satisfies readonly (keyof Stripe.SetupIntentListParams)[];
const RETRIEVE_PARAMS = ["client_secret", "expand"] as const satisfies readonly (keyof Stripe.SetupIntentRetrieveParams)[];
const CANCEL_PARAMS = ["cancellation_reason", "expand"] as const satisfies readonly (keyof Stripe.SetupIntentCancelParams)[];

export const setupIntentRoutes = new Hono<AppEnv>()
  .post(
    "/v1/setup_intents",
    endpoint("secret", async (call) => {
      refuseRemovedPaymentMethodTypes(call.params);
      const p = call.params.allowOnly(CREATE_PARAMS);
      const confirm = p.boolean("confirm") ?? false;
      if (p.has("payment_method_data") && !confirm)
        throw invalidRequest("payment_method_data can only be used with confirm=true.", { param: "payment_method_data" });
      const customer = await customerParam(call);
      const types = readAllowedPaymentMethodTypes(call);
      const automatic = p.object("automatic_payment_methods")?.boolean("enabled");
      const id = newId(ID_PREFIX.setup_intent);
      const methodId = p.string("payment_method");
      const method = methodId ? await loadPaymentMethod(call, methodId, "payment_method") : null;
      let intent: SetupIntent = {
        id,
        object: "setup_intent",
        allowed_payment_method_types: types ? ["card"] : null,
        application: null,
        automatic_payment_methods: types || automatic === false ? null : { allow_redirects: "always", enabled: true },
        cancellation_reason: null,
        client_secret: newClientSecret(id),
        created: call.now,
        customer,
        customer_account: null,
        description: p.string("description") || null,
        excluded_payment_method_types: null,
        flow_directions: null,
        last_setup_error: null,
        latest_attempt: null,
        livemode: false,
        mandate: null,
        metadata: applyMetadata({}, p.metadata()),
        next_action: null,
        on_behalf_of: null,
        payment_method: method?.id ?? null,
        payment_method_configuration_details: null,
        payment_method_options: { card: { mandate_options: null, network: null, request_three_d_secure: "automatic" } },
        payment_method_types: ["card"],
        single_use_mandate: null,
        status: method ? "requires_confirmation" : "requires_payment_method",
        usage: p.oneOf("usage", ["off_session", "on_session"] as const) ?? "off_session",
      };
      call.store.put(intent);
      call.emit("setup_intent.created", intent);
      if (confirm) intent = await confirmSetup(call, intent);
      return intent;
    }),
  )
  .get(
    "/v1/setup_intents",
    endpoint("secret", async (call) => {
      call.params.allowOnly(LIST_PARAMS);
      const filters: Record<string, string> = {};
      for (const field of ["customer", "payment_method"]) {
        const value = call.params.string(field);
        if (value) filters[field] = value;
      }
      return listObject("/v1/setup_intents", await call.store.list<SetupIntent>("setup_intent", filters, readPage(call.params)));
    }),
  )
  .get(
    "/v1/setup_intents/:id",
    endpoint("publishable", async (call) => {
      call.params.allowOnly(RETRIEVE_PARAMS);
      return loadIntentFor<SetupIntent>(call, "setup_intent");
    }),
  )
  .post(
    "/v1/setup_intents/:id/confirm",
    endpoint("publishable", async (call) => {
      call.params.allowOnly([...CONFIRM_PARAMS, ...BROWSER_CONFIRM_PARAMS]);
      readAllowedPaymentMethodTypes(call);
      await call.store.lock(call.pathParam("id"));
      return confirmSetup(call, await loadIntentFor<SetupIntent>(call, "setup_intent"));
    }),
  )
  .post(
    // Sandbox-only: the cardholder's answer to the 3-D Secure challenge (the bank's page on Stripe).
    "/v1/setup_intents/:id/authenticate",
    endpoint("publishable", async (call) => {
      const outcome = readAuthenticationOutcome(call);
      await call.store.lock(call.pathParam("id"));
      const intent = await loadIntentFor<SetupIntent>(call, "setup_intent");
      return authenticateSetup(call, intent, outcome);
    }),
  )
  .post(
    "/v1/setup_intents/:id/cancel",
    endpoint("secret", async (call) => {
      call.params.allowOnly(CANCEL_PARAMS);
      const reason = call.params.oneOf("cancellation_reason", ["abandoned", "requested_by_customer", "duplicate"] as const) ?? null;
      await call.store.lock(call.pathParam("id"));
      const intent = await loadIntentFor<SetupIntent>(call, "setup_intent");
      if (intent.status === "succeeded" || intent.status === "canceled") {
        throw unexpectedState(
          "setup_intent",
          `You cannot cancel this SetupIntent because it has a status of ${intent.status}. Only a SetupIntent with one of the following statuses may be canceled: requires_payment_method, requires_confirmation, requires_action.`,
        );
      }
      const canceled: SetupIntent = { ...intent, status: "canceled", cancellation_reason: reason, next_action: null };
      call.store.put(canceled);
      call.emit("setup_intent.canceled", canceled);
      return canceled;
    }),
  );
