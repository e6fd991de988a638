/**
 * /v1/webhook_endpoints: create, retrieve, update, list and delete the endpoints events are sent to
 * (what an endpoint is and receives: webhook-endpoints.ts). https://docs.stripe.com/api/webhook_endpoints
 * - `enabled_events` is required on create, each entry an event type or `*`;
 * - `api_version` is set on create only (update has no such parameter): null means the account's default;
 * - `connect` is set on create only;
 * - the secret is in the answer to create only.
 */
import { Hono } from "hono";
import type Stripe from "stripe";
import type { AppEnv } from "../http/env";
import { endpoint } from "../http/context";
import type { SandboxCall } from "../http/sandbox-call";
import { invalidRequest, parameterInvalid, parameterMissing } from "../http/errors";
import { applyMetadata } from "../http/form";
import { ID_PREFIX, newId } from "../store/ids";
import { listObject } from "../http/lists";
import { readPage } from "../store/store";
import { ALL_EVENTS, KNOWN_EVENT_TYPES, type WebhookEndpoint, issuedSecret, shownEndpoint } from "../events/webhook-endpoints";

// What each endpoint accepts, checked against the SDK's parameter types for the pinned API version.
const CREATE_PARAMS = [
  "url",
  "enabled_events",
  "api_version",
  "connect",
  "description",
  "metadata",
  "expand",
] as const satisfies readonly (keyof Stripe.WebhookEndpointCreateParams)[];
const UPDATE_PARAMS = [
  "url",
  "enabled_events",
  "description",
  "disabled",
  "metadata",
  "expand",
] as const satisfies readonly (keyof Stripe.WebhookEndpointUpdateParams)[];
const LIST_PARAMS = ["limit", "starting_after", "ending_before", "expand"] as const satisfies readonly (keyof Stripe.WebhookEndpointListParams)[];
const RETRIEVE_PARAMS = ["expand"] as const satisfies readonly (keyof Stripe.WebhookEndpointRetrieveParams)[];

/** Stripe keeps at most 16 endpoints per account (test mode included). */
export const MAX_WEBHOOK_ENDPOINTS = 16;

/** `YYYY-MM-DD.<release>`, the form of every version since 2024-09-30.acacia, or an older `YYYY-MM-DD`. */
const API_VERSION_FORM = /^\d{4}-\d{2}-\d{2}(\.[a-z]+)?$/;

function readUrl(value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw parameterInvalid("url", "Invalid URL: An explicit scheme (such as https) must be provided.", "url_invalid");
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") throw parameterInvalid("url", "Invalid URL: URL must use http or https.", "url_invalid");
  return url.toString();
}

function readEvents(events: string[] | undefined, required: boolean): string[] | undefined {
  if (events === undefined || events.length === 0) {
    if (required) throw parameterMissing("enabled_events");
    return undefined;
  }
  events.forEach((type, index) => {
    if (type !== ALL_EVENTS && !(KNOWN_EVENT_TYPES as readonly string[]).includes(type)) {
      throw parameterInvalid(`enabled_events[${index}]`, `Invalid enabled_events[${index}]: must be one of ${[ALL_EVENTS, ...KNOWN_EVENT_TYPES].join(", ")}`);
    }
  });
  return [...new Set(events)];
}

const loadEndpoint = (call: SandboxCall) => call.store.require<WebhookEndpoint>("webhook_endpoint", call.pathParam("id"), "webhook endpoint");

export const webhookEndpointRoutes = new Hono<AppEnv>()
  .post(
    "/v1/webhook_endpoints",
    endpoint("secret", async (call) => {
      const p = call.params.allowOnly(CREATE_PARAMS);
      const url = readUrl(p.requiredString("url"));
      const enabledEvents = readEvents(p.strings("enabled_events"), true)!;
      const apiVersion = p.string("api_version") || null;
      if (apiVersion !== null && !API_VERSION_FORM.test(apiVersion)) throw parameterInvalid("api_version", `Invalid API version: ${apiVersion}`);
      const existing = await call.store.list<WebhookEndpoint>("webhook_endpoint", {}, { limit: MAX_WEBHOOK_ENDPOINTS });
      if (existing.data.length >= MAX_WEBHOOK_ENDPOINTS)
        throw invalidRequest(`You have reached the maximum of ${MAX_WEBHOOK_ENDPOINTS} test webhook endpoints.`);
      const connect = p.boolean("connect") ?? false;
      const created: WebhookEndpoint = {
        id: newId(ID_PREFIX.webhook_endpoint),
        object: "webhook_endpoint",
        api_version: apiVersion,
        application: null,
        created: call.now,
        description: p.string("description") || null,
        enabled_events: enabledEvents,
        livemode: false,
        metadata: applyMetadata({}, p.metadata()),
        status: "enabled",
        url,
        connect,
        secret: issuedSecret(call.env, connect),
      };
      call.store.put(created);
      return shownEndpoint(created, true);
    }),
  )
  .get(
    "/v1/webhook_endpoints",
    endpoint("secret", async (call) => {
      call.params.allowOnly(LIST_PARAMS);
      const page = await call.store.list<WebhookEndpoint>("webhook_endpoint", {}, readPage(call.params));
      return listObject("/v1/webhook_endpoints", { ...page, data: page.data.map((found) => shownEndpoint(found)) });
    }),
  )
  .get(
    "/v1/webhook_endpoints/:id",
    endpoint("secret", async (call) => {
      call.params.allowOnly(RETRIEVE_PARAMS);
      return shownEndpoint(await loadEndpoint(call));
    }),
  )
  .post(
    "/v1/webhook_endpoints/:id",
    endpoint("secret", async (call) => {
      const p = call.params.allowOnly(UPDATE_PARAMS);
      const current = await loadEndpoint(call);
      const url = p.string("url");
      const description = p.string("description");
      const disabled = p.boolean("disabled");
      const updated: WebhookEndpoint = {
        ...current,
        ...(url !== undefined ? { url: readUrl(url) } : {}),
        enabled_events: readEvents(p.strings("enabled_events"), false) ?? current.enabled_events,
        ...(description !== undefined ? { description: description || null } : {}),
        ...(disabled !== undefined ? { status: disabled ? "disabled" : "enabled" } : {}),
        metadata: applyMetadata(current.metadata, p.metadata()),
      };
      call.store.put(updated);
      return shownEndpoint(updated);
    }),
  )
  .delete(
    "/v1/webhook_endpoints/:id",
    endpoint("secret", async (call) => {
      call.params.allowOnly(RETRIEVE_PARAMS);
      const current = await loadEndpoint(call);
      call.store.stage(call.env.DB.prepare("DELETE FROM sandbox_objects WHERE id = ? AND object = 'webhook_endpoint'").bind(current.id));
      return { id: current.id, object: "webhook_endpoint", deleted: true } satisfies Stripe.DeletedWebhookEndpoint;
    }),
  );
