/**
 * A stand-in for Cloudflare Turnstile, for development and tests only (docs/decisions/084): the
 * product asks a payment form to pass a challenge when a client or the whole service is over its
 * limit, and verifies the token with Turnstile's siteverify API
 * (https://developers.cloudflare.com/turnstile/get-started/server-side-validation/). Locally nothing
 * may reach the network, so this Worker, already run beside the product by `pnpm dev` and the tests
 * and reached by the browser only through the product's local-only /api/stripe-sandbox pass-through,
 * plays Cloudflare's part with its semantics:
 * - `GET /turnstile/v0/api.js`: the widget script, the `window.turnstile` API the browser package
 *   renders with (render, reset, remove, getResponse, isExpired, execute, ready); its widget is one
 *   checkbox, "Verify you are human", that asks for a token when it is checked;
 * - `POST /turnstile/v0/challenge` `{sitekey, action}`: what the widget asks; a token for the site
 *   key this Worker is configured with (TURNSTILE_SITE_KEY), refused for any other;
 * - `POST /turnstile/v0/siteverify` (form or JSON: `secret`, `response`, `remoteip`): Cloudflare's
 *   answer. The secret must be TURNSTILE_SECRET_KEY; a token is good once, for 300 seconds of the
 *   sandbox's clock (clock.ts), and only for the site it was issued for; anything else answers
 *   `success: false` with Cloudflare's error codes. A browser may not call it (a secret belongs on a
 *   server).
 */
import { Hono, type Context } from "hono";
import type { AppEnv } from "./env";
import { fromBrowser } from "./auth";
import { sandboxNow } from "../store/clock";
import { bodyText, decodeForm } from "./form";

/** Seconds a token stays good after it was issued (Cloudflare: 300). */
export const TOKEN_LIFETIME_SECONDS = 300;
/** The longest token siteverify reads (Cloudflare: 2048 characters). */
const MAX_TOKEN_LENGTH = 2048;

type ErrorCode = "missing-input-secret" | "invalid-input-secret" | "missing-input-response" | "invalid-input-response" | "timeout-or-duplicate" | "bad-request";

const failure = (c: Context<AppEnv>, ...codes: ErrorCode[]) => c.json({ success: false, "error-codes": codes, messages: [] });

/** The fields of a form-encoded or JSON body (siteverify takes both). */
async function fields(c: Context<AppEnv>): Promise<Map<string, string>> {
  const text = await bodyText(c.req.raw);
  const type = c.req.header("Content-Type") ?? "";
  let parsed: unknown;
  try {
    parsed = type.includes("application/json") ? JSON.parse(text) : decodeForm(text);
  } catch {
    return new Map();
  }
  const found = new Map<string, string>();
  if (typeof parsed === "object" && parsed !== null) {
    for (const [name, value] of Object.entries(parsed)) if (typeof value === "string") found.set(name, value);
  }
  return found;
}

const newToken = () => {
  const bytes = crypto.getRandomValues(new Uint8Array(48));
  return `0.standin.${btoa(String.fromCharCode(...bytes))
    .replaceAll("+", "-")
    .replaceAll("/", "_")
    .replaceAll("=", "")}`;
};

/** The host the widget ran on: the page's origin as the browser names it. */
const hostnameOf = (c: Context<AppEnv>) => {
  const origin = c.req.header("Origin");
  try {
    return origin ? new URL(origin).hostname : new URL(c.req.url).hostname;
  } catch {
    return new URL(c.req.url).hostname;
  }
};

export const turnstileRoutes = new Hono<AppEnv>()
  .get("/api.js", (c) => c.body(WIDGET_SCRIPT, 200, { "Content-Type": "text/javascript; charset=utf-8", "Cache-Control": "no-store" }))
  .post("/challenge", async (c) => {
    const body = await fields(c);
    const sitekey = body.get("sitekey") ?? "";
    if (!c.env.TURNSTILE_SITE_KEY || sitekey !== c.env.TURNSTILE_SITE_KEY) return c.json({ error: "invalid sitekey" }, 400);
    const token = newToken();
    await c.env.DB.prepare("INSERT INTO turnstile_tokens (token, sitekey, action, hostname, issued_at) VALUES (?1, ?2, ?3, ?4, ?5)")
      .bind(token, sitekey, body.get("action") ?? null, hostnameOf(c), await sandboxNow(c.env.DB))
      .run();
    return c.json({ token });
  })
  .post("/siteverify", async (c) => {
    if (fromBrowser(c.req.raw.headers))
      return c.json({ success: false, "error-codes": ["bad-request"], messages: ["siteverify is called by a server, with the secret key"] }, 403);
    const body = await fields(c);
    const secret = body.get("secret");
    const response = body.get("response");
    if (!secret) return failure(c, "missing-input-secret");
    if (!c.env.TURNSTILE_SECRET_KEY || secret !== c.env.TURNSTILE_SECRET_KEY) return failure(c, "invalid-input-secret");
    if (!response) return failure(c, "missing-input-response");
    if (response.length > MAX_TOKEN_LENGTH) return failure(c, "invalid-input-response");
    const now = await sandboxNow(c.env.DB);
    const row = await c.env.DB.prepare("SELECT sitekey, action, hostname, issued_at AS issuedAt, spent_at AS spentAt FROM turnstile_tokens WHERE token = ?1")
      .bind(response)
      .first<{ sitekey: string; action: string | null; hostname: string; issuedAt: number; spentAt: number | null }>();
    // A token of another site (one this secret does not belong to) is as unknown as a made-up one.
    if (!row || row.sitekey !== c.env.TURNSTILE_SITE_KEY) return failure(c, "invalid-input-response");
    if (row.spentAt !== null || now - row.issuedAt > TOKEN_LIFETIME_SECONDS) return failure(c, "timeout-or-duplicate");
    // Spent by exactly one call, however many arrive at once.
    const spent = await c.env.DB.prepare("UPDATE turnstile_tokens SET spent_at = ?1 WHERE token = ?2 AND spent_at IS NULL").bind(now, response).run();
    if (spent.meta.changes !== 1) return failure(c, "timeout-or-duplicate");
    return c.json({
      success: true,
      "error-codes": [],
      challenge_ts: new Date(row.issuedAt * 1000).toISOString(),
      hostname: row.hostname,
      action: row.action ?? "",
      cdata: "",
      metadata: { interactive: true },
      messages: [],
    });
  });

/**
 * The widget: Turnstile's `window.turnstile` as the browser package calls it
 * (https://developers.cloudflare.com/turnstile/get-started/client-side-rendering/). It finds the
 * stand-in's address from its own script URL, calls the `onload` callback named there, and renders a
 * checkbox; a token it was given is dropped (expired-callback) when its 300 seconds are up.
 */
const WIDGET_SCRIPT = /* js */ `(() => {
  "use strict";
  const script = document.currentScript;
  const source = new URL(script ? script.src : location.href, location.href);
  const base = source.href.slice(0, source.href.lastIndexOf("/"));
  const widgets = new Map();
  let counter = 0;
  const lifetimeMs = ${TOKEN_LIFETIME_SECONDS} * 1000;

  const find = (id) => (id === undefined ? [...widgets.values()].at(-1) : widgets.get(id));

  function clear(widget) {
    clearTimeout(widget.expiry);
    widget.token = undefined;
    widget.expired = false;
    widget.box.checked = false;
    widget.box.disabled = false;
    if (widget.field) widget.field.value = "";
  }

  async function solve(widget) {
    widget.box.disabled = true;
    try {
      const answer = await fetch(base + "/challenge", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ sitekey: widget.params.sitekey, action: widget.params.action || "" }),
      });
      if (!answer.ok) throw new Error("challenge refused: " + answer.status);
      const { token } = await answer.json();
      widget.token = token;
      if (widget.field) widget.field.value = token;
      widget.expiry = setTimeout(() => {
        widget.expired = true;
        widget.token = undefined;
        if (typeof widget.params["expired-callback"] === "function") widget.params["expired-callback"](token);
      }, lifetimeMs);
      if (typeof widget.params.callback === "function") widget.params.callback(token);
    } catch (error) {
      clear(widget);
      if (typeof widget.params["error-callback"] === "function") widget.params["error-callback"]("300030");
      else throw error;
    }
  }

  function render(container, params = {}) {
    const host = typeof container === "string" ? document.querySelector(container) : container;
    if (!host) throw new Error("Turnstile stand-in: no container");
    const id = "standin-" + ++counter;
    const label = document.createElement("label");
    label.dataset.turnstileStandIn = id;
    const box = document.createElement("input");
    box.type = "checkbox";
    label.append(box, document.createTextNode(" Verify you are human"));
    host.append(label);
    let field;
    if (params["response-field"] !== false) {
      field = document.createElement("input");
      field.type = "hidden";
      field.name = params["response-field-name"] || "cf-turnstile-response";
      host.append(field);
    }
    const widget = { id, params, label, box, field, token: undefined, expired: false, expiry: undefined };
    box.addEventListener("change", () => {
      if (box.checked && !widget.token) void solve(widget);
    });
    widgets.set(id, widget);
    return id;
  }

  window.turnstile = {
    render,
    ready: (callback) => callback(),
    execute: () => {},
    reset(id) {
      const widget = find(id);
      if (widget) clear(widget);
    },
    remove(id) {
      const widget = find(id);
      if (!widget) return;
      clearTimeout(widget.expiry);
      widget.label.remove();
      if (widget.field) widget.field.remove();
      widgets.delete(widget.id);
    },
    getResponse: (id) => find(id)?.token,
    isExpired: (id) => Boolean(find(id)?.expired),
  };
  const onload = source.searchParams.get("onload");
  if (onload && typeof window[onload] === "function") window[onload]();
})();
`;
