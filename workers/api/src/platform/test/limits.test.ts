/**
 * Limits on input and abuse (src/platform/limits.ts), each tried as an attacker would:
 * - every request body has a limit checked while reading, before any route does any work: an
 *   oversized body answers 413 with nothing stored and no handler reached, whether its
 *   Content-Length is true, smaller than the body, or absent (a chunked stream);
 * - setup intents are limited per IPv6 /64 (any spelling of an address alike); a SetupIntent declined
 *   three times is canceled (what all clients share, and the challenges past the limits, are
 *   src/payments/test/payment-challenges.test.ts);
 * - a flood from one client on the payment-setup routes is refused by Cloudflare's Rate Limiting
 *   binding (the local one wrangler.toml declares) without any D1 statement;
 * - an artist holds at most a few unpaid songs, and songs unpaid too long are removed with their
 *   files by the cron, each with a song_events row.
 * Security headers on the Worker's answers are checked here too; the SPA's are a browser test.
 */
import { createExecutionContext, createScheduledController, waitOnExecutionContext } from "cloudflare:test";
import { env, exports } from "cloudflare:workers";
import { Hono } from "hono";
import Stripe from "stripe";
import { describe, expect, it, vi } from "vitest";
import worker from "../../index";
import type { AppEnv } from "../env";
import { AppError } from "../errors";
import { DELIVERY_CRON } from "../../worker/crons";
import {
  CLIENT_BURST_PER_MINUTE,
  JSON_BODY_MAX_BYTES,
  MAX_REQUEST_BYTES,
  SETUP_FAILURES_BEFORE_CANCEL,
  TOO_MANY_REQUESTS,
  TOO_MANY_SAVES,
  WEBHOOK_BODY_MAX_BYTES,
} from "../limits";
import { limitRequestBody } from "../middleware/body-limit";
import { createStripe } from "../stripe-client";
import { countingD1, d1StatementsRun, d1WritesRun } from "../d1-statement-count";
import { enforceRateLimit, pruneRateLimits, RATE_LIMIT_ROWS_KEPT_MS } from "../rate-limit";
import { REMOVED_CAUSE, removeUnpaidSongs } from "../../distribution/remove-unpaid-songs";
import { countSetupFailure } from "../../payments/cards/setup-intent-failures";
import { sweepOrphanMedia } from "../../distribution/media-janitor";
import { claimPayment } from "../../payments/checkout/song-payments";
import { CapturingQueue, insertArtist, insertSong } from "../../../test/song-fixtures";
import { artistWithSong, deliverEvents, uploadSong } from "../../../test/payment-support";
import { Browser, TEST_CARD, nextPhone, setUpArtist, stripeSignature, testContext } from "../../../test/support";
import { enforceClientBurstLimit } from "../client-bursts";
import { countSongs, mp3Like, postStreamed, sessionHeaders, songKeys, streamedForm } from "../../../test/upload-support";

const SITE = "http://jplay.test";
const WEBHOOK_SECRET = "whsec_test_jplay";
const DAY = 24 * 60 * 60 * 1000;
const encoder = new TextEncoder();
const stripe = createStripe(env);

// ---- Helpers ----------------------------------------------------------------------------------------

type Sending = "declared" | "lying" | "chunked";
const SENDINGS: Sending[] = ["declared", "lying", "chunked"];

/** A body sent in 16 KiB chunks only as the reader asks; `pulled()` is how much it asked for. */
function chunked(bytes: Uint8Array) {
  let at = 0;
  const stream = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        if (at >= bytes.length) return controller.close();
        const chunk = bytes.subarray(at, at + 16 * 1024);
        at += chunk.length;
        controller.enqueue(chunk);
      },
    },
    { highWaterMark: 0 },
  );
  return { stream, pulled: () => at };
}

/**
 * A POST whose body is `bytes`, with a true Content-Length, one that claims 64 bytes (a body handed
 * to the Worker in-process may carry more than it declares), or none (streamed in chunks).
 */
function postBody(path: string, bytes: Uint8Array, sending: Sending, headers: Record<string, string> = {}) {
  const all = new Headers(headers);
  if (sending === "declared") all.set("Content-Length", String(bytes.length));
  if (sending === "lying") all.set("Content-Length", "64");
  const body = chunked(bytes);
  const request = new Request(`${SITE}${path}`, { method: "POST", headers: all, body: sending === "chunked" ? body.stream : bytes });
  return { request, pulled: body.pulled };
}

/** The JSON of `value`, padded with spaces (still the same JSON) to `size` bytes. */
const paddedJson = (value: unknown, size: number) => {
  const text = JSON.stringify(value);
  return encoder.encode(text.slice(0, -1) + " ".repeat(Math.max(0, size - text.length)) + text.slice(-1));
};

/** A request `browser` would send (its cookie and address), answered by the Worker with `overrides` in its env. */
async function fetchWithEnv(browser: Browser, path: string, init: RequestInit, overrides: Partial<Record<keyof Env, string>>): Promise<Response> {
  const captured = await sessionHeaders(browser);
  const headers = new Headers(init.headers);
  for (const name of ["Cookie", "CF-Connecting-IP"]) if (captured.get(name)) headers.set(name, captured.get(name)!);
  const ctx = createExecutionContext();
  const response = await worker.fetch(new Request(`${SITE}${path}`, { ...init, headers }), { ...env, ...overrides } as Env, ctx);
  await waitOnExecutionContext(ctx);
  return response;
}

const postJsonWithEnv = (browser: Browser, path: string, body: unknown, overrides: Partial<Record<keyof Env, string>>) =>
  fetchWithEnv(browser, path, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) }, overrides);

/** Starts a rate limit's window afresh (windows are shared by every test of this file). */
const resetLimit = (key: string) => env.DB.prepare("DELETE FROM rate_limits WHERE key = ?").bind(key).run();
const limitHits = async (key: string) => (await env.DB.prepare("SELECT hits FROM rate_limits WHERE key = ?").bind(key).first<{ hits: number }>())?.hits ?? 0;
const recordedEvent = async (id: string) => (await env.DB.prepare("SELECT count(*) AS n FROM stripe_events WHERE id = ?").bind(id).first<{ n: number }>())!.n;

async function expectTooLarge(response: Response, context: string) {
  expect(response.status, context).toBe(413);
  expect(response.headers.get("Content-Type"), context).toMatch(/^application\/json/);
  const body = await response.json<{ error: { code: string; message: string } }>();
  expect(body.error.code, context).toBe("payload_too_large");
  expect(body.error.message, context).toMatch(/too large|at most|less than/);
}

/** A Stripe event of `size` bytes (its metadata padded), signed as Stripe signs it. */
async function signedEvent(size: number, secret = WEBHOOK_SECRET) {
  const id = `evt_size_${crypto.randomUUID().replaceAll("-", "")}`;
  const event = {
    id,
    object: "event",
    type: "customer.created",
    api_version: Stripe.API_VERSION,
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    data: { object: { id: "cus_padding", object: "customer", metadata: { note: "" } } },
  };
  const base = JSON.stringify(event).length;
  event.data.object.metadata.note = "x".repeat(Math.max(0, size - base));
  const payload = JSON.stringify(event);
  return { id, payload: encoder.encode(payload), signature: await stripeSignature(payload, secret) };
}

// ---- Request bodies -----------------------------------------------------------------------------------

describe("every request body has a limit, checked while reading", () => {
  it("a signed Stripe event over 256 KiB is refused 413 and never applied, however its length is given; one under the limit is", async () => {
    for (const sending of SENDINGS) {
      const event = await signedEvent(WEBHOOK_BODY_MAX_BYTES + 1024);
      const sent = postBody("/api/webhooks/stripe", event.payload, sending, { "Stripe-Signature": event.signature });
      await expectTooLarge(await exports.default.fetch(sent.request), sending);
      expect(await recordedEvent(event.id), sending).toBe(0);
      if (sending === "chunked") expect(sent.pulled()).toBeLessThanOrEqual(WEBHOOK_BODY_MAX_BYTES + 16 * 1024);
    }
    const fits = await signedEvent(WEBHOOK_BODY_MAX_BYTES - 1024);
    const accepted = await exports.default.fetch(postBody("/api/webhooks/stripe", fits.payload, "chunked", { "Stripe-Signature": fits.signature }).request);
    expect(accepted.status).toBe(200);
    expect(await recordedEvent(fits.id)).toBe(1);
  });

  it("the Connect endpoint has the same limit", async () => {
    const event = await signedEvent(WEBHOOK_BODY_MAX_BYTES + 1024, env.STRIPE_CONNECT_WEBHOOK_SECRET);
    for (const sending of SENDINGS) {
      await expectTooLarge(
        await exports.default.fetch(postBody("/api/webhooks/stripe-connect", event.payload, sending, { "Stripe-Signature": event.signature }).request),
        sending,
      );
    }
    expect(await recordedEvent(event.id)).toBe(0);
  });

  it("a JSON call over 64 KiB (a valid body, padded) creates no setup intent, no session and no rate-limit hit", async () => {
    for (const sending of SENDINGS) {
      const address = `203.0.113.${Math.floor(Math.random() * 250) + 1}`;
      const sent = postBody("/api/create-setup-intent", paddedJson({ paymentFrequency: "daily" }, JSON_BODY_MAX_BYTES + 100), sending, {
        "Content-Type": "application/json",
        "CF-Connecting-IP": address,
      });
      const response = await exports.default.fetch(sent.request);
      expect(response.headers.getSetCookie(), sending).toEqual([]);
      await expectTooLarge(response, sending);
      expect(await limitHits(`setup-intent:ip:ip4:${address}`), sending).toBe(0);
    }
    // The same body under the limit is an ordinary setup.
    const fits = postBody("/api/create-setup-intent", paddedJson({ paymentFrequency: "daily" }, JSON_BODY_MAX_BYTES - 100), "chunked", {
      "Content-Type": "application/json",
      "CF-Connecting-IP": "203.0.113.251",
    });
    expect((await exports.default.fetch(fits.request)).status).toBe(200);
  });

  it("admin calls: the right password in an oversized body signs no one in; a retry batch over 256 KiB is refused", async () => {
    for (const sending of SENDINGS) {
      const sent = postBody("/api/admin/session", paddedJson({ password: env.ADMIN_PASSWORD }, JSON_BODY_MAX_BYTES + 10), sending, {
        "Content-Type": "application/json",
        Origin: SITE,
      });
      const response = await exports.default.fetch(sent.request);
      expect(response.headers.getSetCookie(), sending).toEqual([]);
      await expectTooLarge(response, sending);
    }
    const operator = new Browser();
    expect(
      (
        await operator.fetch("/api/admin/session", {
          method: "POST",
          headers: { "Content-Type": "application/json", Origin: SITE },
          body: JSON.stringify({ password: env.ADMIN_PASSWORD }),
        })
      ).status,
    ).toBe(200);
    const batches = async () => (await env.DB.prepare("SELECT count(*) AS n FROM retry_batches").first<{ n: number }>())!.n;
    const before = await batches();
    const items = Array.from({ length: 2500 }, () => ({ paymentMethodId: crypto.randomUUID(), artistId: crypto.randomUUID(), songId: crypto.randomUUID() }));
    const response = await operator.fetch("/api/admin/payments/retry", {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: SITE },
      body: JSON.stringify({ payments: items }),
    });
    await expectTooLarge(response, "retry batch");
    expect(await batches()).toBe(before);
  });

  it("a provider report signed correctly but larger than it declares is refused before it is recorded", async () => {
    const purchaseId = `size-${crypto.randomUUID()}`;
    const body = paddedJson({ purchases: [{ purchaseId, songId: crypto.randomUUID(), priceCents: 199, purchasedAt: new Date().toISOString() }] }, 300 * 1024);
    const timestamp = String(Math.floor(Date.now() / 1000));
    const key = await crypto.subtle.importKey("raw", encoder.encode(env.PROVIDER_WEBHOOK_SECRET), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
    // Signature v2: "<timestamp>.POST <path>.<provider>.<hex SHA-256 of the body>".
    const bodyHash = [...new Uint8Array(await crypto.subtle.digest("SHA-256", body))].map((b) => b.toString(16).padStart(2, "0")).join("");
    const signed = new Uint8Array(await crypto.subtle.sign("HMAC", key, encoder.encode(`${timestamp}.POST /api/provider/purchases.primary.${bodyHash}`)));
    const signature = [...signed].map((b) => b.toString(16).padStart(2, "0")).join("");
    for (const sending of SENDINGS) {
      const sent = postBody("/api/provider/purchases", body, sending, {
        "Content-Type": "application/json",
        "X-JPlay-Timestamp": timestamp,
        "X-JPlay-Signature": signature,
      });
      await expectTooLarge(await exports.default.fetch(sent.request), sending);
    }
    expect((await env.DB.prepare("SELECT count(*) AS n FROM purchases WHERE id = ?").bind(purchaseId).first<{ n: number }>())!.n).toBe(0);
  });

  it("an upload declared larger than any allowed one is refused before anything else, even the session check", async () => {
    const stranger = await exports.default.fetch(
      new Request(`${SITE}/api/distribute`, {
        method: "POST",
        headers: { "Content-Length": String(MAX_REQUEST_BYTES + 1), "Content-Type": "multipart/form-data; boundary=x" },
        body: "--x--",
      }),
    );
    expect(stranger.status).toBe(413);
    expect((await stranger.json<{ error: { message: string } }>()).error.message).toBe("File size must be less than 15MB");
  });

  it("the handler behind the limit never runs: reading stops at the limit, a body at the limit arrives whole", async () => {
    let reached = 0;
    const app = new Hono<AppEnv>().use("*", limitRequestBody).post("/api/anything", async (c) => {
      reached++;
      return c.json({ length: (await c.req.arrayBuffer()).byteLength });
    });
    app.onError((error, c) => c.json({ error: { code: (error as AppError).code, message: error.message } }, (error as AppError).status ?? 500));
    const body = new Uint8Array(1024 * 1024).fill(0x20);
    for (const sending of SENDINGS) {
      const sent = postBody("/api/anything", body, sending);
      await expectTooLarge(await app.fetch(sent.request, env), sending);
      if (sending === "chunked") expect(sent.pulled()).toBeLessThanOrEqual(JSON_BODY_MAX_BYTES + 16 * 1024);
    }
    expect(reached).toBe(0);
    for (const sending of SENDINGS) {
      const exact = await app.fetch(postBody("/api/anything", body.subarray(0, JSON_BODY_MAX_BYTES), sending === "lying" ? "chunked" : sending).request, env);
      expect(await exact.json()).toEqual({ length: JSON_BODY_MAX_BYTES });
    }
    expect(reached).toBe(3);
  });
});

// ---- Security headers on the Worker's answers --------------------------------------------------------------

describe("the Worker's answers carry security headers", () => {
  it("JSON, errors and refusals: a CSP that allows nothing, nosniff, no framing, the referrer policy; HSTS in production only", async () => {
    const responses = [
      await exports.default.fetch(new Request(`${SITE}/api/songs/popular`)),
      await exports.default.fetch(new Request(`${SITE}/api/songs/${crypto.randomUUID()}`)),
      await exports.default.fetch(postBody("/api/create-setup-intent", new Uint8Array(JSON_BODY_MAX_BYTES + 1), "chunked").request),
    ];
    for (const response of responses) {
      expect(response.headers.get("Content-Security-Policy"), String(response.status)).toBe(
        "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'",
      );
      expect(response.headers.get("X-Content-Type-Options")).toBe("nosniff");
      expect(response.headers.get("X-Frame-Options")).toBe("DENY");
      expect(response.headers.get("Referrer-Policy")).toBe("strict-origin-when-cross-origin");
      expect(response.headers.get("Permissions-Policy")).toContain("camera=()");
      expect(response.headers.get("Strict-Transport-Security")).toBeNull();
    }
    const ctx = createExecutionContext();
    const production = await worker.fetch(
      new Request("https://jplay.test/api/songs/popular"),
      { ...env, APP_ENV: "production", APP_ORIGIN: "https://jplay.test" },
      ctx,
    );
    expect(production.headers.get("Strict-Transport-Security")).toBe("max-age=63072000; includeSubDomains");
    // A route's own stricter choice stands: the artist page's URL holds its token.
    const page = await exports.default.fetch(new Request(`${SITE}/api/artist/not-a-token`));
    expect(page.headers.get("Referrer-Policy")).toBe("no-referrer");
  });
});

// ---- Rate limits --------------------------------------------------------------------------------------------

/** A random /64 and `count` different addresses in it, each spelled differently. */
function addressesInOne64(count: number): { prefix: string; addresses: string[] } {
  const hex = () => Math.floor(Math.random() * 0xffff).toString(16);
  const prefix = `2001:db8:${hex()}:${hex()}`;
  const addresses = Array.from(
    { length: count },
    (_, i) =>
      [
        `${prefix}::${hex()}`,
        `${prefix.toUpperCase()}:${hex()}:0:0:${i + 1}`,
        `${prefix}:0000:0000:${hex()}:${hex()}`,
        `[${prefix}::1:${i}]`,
        `${prefix}::${i}%eth0`,
      ][i % 5]!,
  );
  return { prefix, addresses };
}

const setupFrom = (address: string, overrides: Partial<Record<keyof Env, string>>) =>
  postJsonWithEnv(new Browser(address), "/api/create-setup-intent", { paymentFrequency: "weekly" }, overrides);

describe("rate limits on payment setup hold", () => {
  it("IPv6 clients are counted by their /64, whatever the address and its spelling", async () => {
    const limit = { SETUP_INTENTS_PER_ADDRESS_PER_HOUR: "3" };
    const { addresses } = addressesInOne64(4);
    for (const address of addresses.slice(0, 3)) expect((await setupFrom(address, limit)).status, address).toBe(200);
    const refused = await setupFrom(addresses[3]!, limit);
    expect(refused.status).toBe(429);
    expect((await refused.json<{ error: { message: string } }>()).error.message).toBe(
      "Too many payment setup attempts from your network. Please wait an hour and try again.",
    );
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(3000);
    // Another /64 is another client.
    expect((await setupFrom(addressesInOne64(1).addresses[0]!, limit)).status).toBe(200);
  });

  it("an IPv4 client is one client however it is written (dotted, IPv4-mapped, mapped in hex)", async () => {
    const limit = { SETUP_INTENTS_PER_ADDRESS_PER_HOUR: "3" };
    // (100.64.0.0/10: no other test's browser uses it, so no other test's hits count here.)
    const octets = [100, 64 + Math.floor(Math.random() * 64), Math.floor(Math.random() * 256), 1 + Math.floor(Math.random() * 250)];
    const dotted = octets.join(".");
    const hex = `::ffff:${((octets[0]! << 8) | octets[1]!).toString(16)}:${((octets[2]! << 8) | octets[3]!).toString(16)}`;
    for (const address of [dotted, `::ffff:${dotted}`, `::FFFF:${dotted}`]) expect((await setupFrom(address, limit)).status, address).toBe(200);
    expect((await setupFrom(hex, limit)).status).toBe(429);
  });
});

describe("rate-limit rows", () => {
  const rule = (key: string) => ({ key, limit: 3, windowMs: 60_000, message: "Too many." });

  it("a refused request writes nothing: no write statement runs, the window's row stays as the last allowed hit left it, and Retry-After still counts down", async () => {
    const key = `write-test:${crypto.randomUUID()}`;
    const start = Date.now();
    for (let i = 0; i < 3; i++) await enforceRateLimit(testContext(), rule(key), start + i);
    const row = () => env.DB.prepare("SELECT hits, window_start AS windowStart FROM rate_limits WHERE key = ?").bind(key).first();
    const afterAllowed = await row();
    expect(afterAllowed).toEqual({ hits: 3, windowStart: start });
    // Counted on the binding: a refusal runs no write statement at all, not even one that changes no row.
    const counted = testContext({ env: { ...env, DB: countingD1(env.DB) } });
    const writesBefore = d1WritesRun();
    for (let i = 0; i < 1000; i++) {
      const refused = await enforceRateLimit(counted, rule(key), start + 30_000).catch((error: unknown) => error);
      expect(refused).toBeInstanceOf(AppError);
      expect((refused as AppError).status).toBe(429);
      if (i === 0) expect((refused as AppError).headers).toEqual({ "Retry-After": "30" });
    }
    expect(await row()).toEqual(afterAllowed);
    expect(d1WritesRun() - writesBefore).toBe(0);
    // The window over, the next hit is counted afresh.
    await enforceRateLimit(testContext(), rule(key), start + 60_000);
    expect(await row()).toEqual({ hits: 1, windowStart: start + 60_000 });
  });

  it("the cron deletes rows a week after their window started, and keeps the rest", async () => {
    const now = Date.now();
    const old = `prune-test:old:${crypto.randomUUID()}`;
    const recent = `prune-test:recent:${crypto.randomUUID()}`;
    await enforceRateLimit(testContext(), rule(old), now - RATE_LIMIT_ROWS_KEPT_MS - 1);
    await enforceRateLimit(testContext(), rule(recent), now - RATE_LIMIT_ROWS_KEPT_MS + 60_000);
    expect(await pruneRateLimits(testContext(), now)).toBeGreaterThanOrEqual(1);
    expect(await limitHits(old)).toBe(0);
    expect(await limitHits(recent)).toBe(1);
  });
});

describe("what an attacker sends without paying uses up no budget honest artists share", () => {
  it("ten saves of made-up payment methods, then a real save from another client in the same minute: saved", async () => {
    await resetLimit("card-checks:all");
    // The card checks of all clients at their default (past it, everyone is challenged).
    const ceiling = { CARD_CHECKS_PER_MINUTE: "" };
    const attacker = new Browser(`198.51.100.${Math.floor(Math.random() * 250) + 1}`);
    const setup = await (await attacker.postJson("/api/create-setup-intent", { paymentFrequency: "weekly" })).json<{ customerId: string }>();
    for (let i = 0; i < 10; i++) {
      const bogus = await postJsonWithEnv(
        attacker,
        "/api/save-payment-method",
        {
          customerId: setup.customerId,
          paymentMethodId: i % 2 ? "pm_x" : `pm_${crypto.randomUUID().replaceAll("-", "")}`,
          phoneNumber: nextPhone(),
          paymentFrequency: "weekly",
        },
        ceiling,
      );
      expect(bogus.status, `bogus save ${i}`).toBe(400);
      expect(await bogus.json()).toEqual({
        error: { code: "bad_request", message: "This card was not set up for your payment setup. Please enter it again." },
      });
    }
    // The attacker's own session has used up its attempts; nobody else's budget moved.
    const more = await postJsonWithEnv(
      attacker,
      "/api/save-payment-method",
      { customerId: setup.customerId, paymentMethodId: "pm_x", phoneNumber: nextPhone(), paymentFrequency: "weekly" },
      ceiling,
    );
    expect(more.status).toBe(429);
    expect(await more.json()).toEqual({ error: { code: "rate_limited", message: TOO_MANY_SAVES } });
    expect(await limitHits("card-checks:all")).toBe(0);

    const artist = new Browser();
    const honest = await (
      await artist.postJson("/api/create-setup-intent", { paymentFrequency: "weekly" })
    ).json<{ clientSecret: string; customerId: string }>();
    const confirmed = await (await confirmCard(artist, honest.clientSecret, TEST_CARD.number)).json<{ payment_method: string }>();
    const saved = await postJsonWithEnv(
      artist,
      "/api/save-payment-method",
      { customerId: honest.customerId, paymentMethodId: confirmed.payment_method, phoneNumber: nextPhone(), paymentFrequency: "weekly" },
      ceiling,
    );
    expect(saved.status).toBe(200);
    expect(await limitHits("card-checks:all")).toBe(1);
    await resetLimit("card-checks:all");
  });

  it("a card attached to the customer but never confirmed by a SetupIntent is not saved", async () => {
    const browser = new Browser();
    const setup = await (await browser.postJson("/api/create-setup-intent", { paymentFrequency: "daily" })).json<{ customerId: string }>();
    // Attached server-side, as a script holding a leaked secret key could, with no card check by the customer.
    const stripe = createStripe(env);
    const method = await stripe.paymentMethods.attach("pm_card_visa", { customer: setup.customerId });
    const save = await browser.postJson("/api/save-payment-method", {
      customerId: setup.customerId,
      paymentMethodId: method.id,
      phoneNumber: nextPhone(),
      paymentFrequency: "daily",
    });
    expect(save.status).toBe(400);
  });
});

// ---- Floods, refused before D1 -------------------------------------------------------------------------------

/** One answer of a flood: its status, error, Retry-After and the D1 statements the Worker ran for it. */
interface Counted {
  status: number;
  error?: { code: string; message: string };
  retryAfter: string | null;
  statements: number;
}

/** POST `body` to `path` with `headers` (the client's address, its cookie), answered by the Worker with its D1 statements counted. */
async function postCounted(path: string, body: unknown, headers: Headers, overrides: Partial<Record<keyof Env, string>> = {}): Promise<Counted> {
  headers.set("Content-Type", "application/json");
  const before = d1StatementsRun();
  const ctx = createExecutionContext();
  const response = await worker.fetch(
    new Request(`${SITE}${path}`, { method: "POST", headers, body: JSON.stringify(body) }),
    { ...env, ...overrides, DB: countingD1(env.DB) } as Env,
    ctx,
  );
  const { error } = await response.json<{ error?: Counted["error"] }>();
  await waitOnExecutionContext(ctx);
  return { status: response.status, error, retryAfter: response.headers.get("Retry-After"), statements: d1StatementsRun() - before };
}

/** The binding counts in windows of whole wall-clock minutes here (miniflare, like `simple.period = 60`). */
const BURST_WINDOW_MS = 60_000;
const burstWindow = () => Math.floor(Date.now() / BURST_WINDOW_MS);

/**
 * CLIENT_BURST_PER_MINUTE + `past` requests of one client (`newClient()` answers how it sends one),
 * all in one of the binding's windows: a flood that might not fit in what is left of this window
 * waits for the next, and one that saw a window turn anyway is sent again, by a new client, in the
 * window just begun.
 */
async function floodInOneWindow(newClient: () => Promise<() => Promise<Counted>>, past: number): Promise<Counted[]> {
  for (let attempt = 0; attempt < 2; attempt++) {
    const send = await newClient();
    const left = BURST_WINDOW_MS - (Date.now() % BURST_WINDOW_MS);
    if (left < 20_000) await new Promise((resolve) => setTimeout(resolve, left + 100));
    const started = burstWindow();
    const answers: Counted[] = [];
    for (let i = 0; i < CLIENT_BURST_PER_MINUTE + past; i++) answers.push(await send());
    if (burstWindow() === started) return answers;
  }
  throw new Error("a window of the binding turned during each of two floods");
}

const burstRefusal = { status: 429, error: { code: "rate_limited", message: TOO_MANY_REQUESTS }, retryAfter: "60", statements: 0 };

describe("a flood from one client is refused before D1 (Cloudflare's Rate Limiting binding)", () => {
  it('a local server may turn the count off for its own browsers (CLIENT_BURST_CHECK "off"); production counts anyway', async () => {
    /** How many of 2 × CLIENT_BURST_PER_MINUTE + 1 requests of one client are refused: at least one window holds more than the burst. */
    const refusedOf = async (settings: Partial<Env>) => {
      const ctx = testContext({ env: { ...env, ...settings } });
      const headers = new Headers({ "CF-Connecting-IP": addressesInOne64(1).addresses[0]! });
      let refused = 0;
      for (let i = 0; i < 2 * CLIENT_BURST_PER_MINUTE + 1; i++) {
        await enforceClientBurstLimit(ctx, "off-setting", headers).catch((error: unknown) => {
          expect(error).toMatchObject({ status: 429 });
          refused++;
        });
      }
      return refused;
    };
    expect(await refusedOf({ APP_ENV: "development", CLIENT_BURST_CHECK: "off" })).toBe(0);
    expect(await refusedOf({ APP_ENV: "production", CLIENT_BURST_CHECK: "off" })).toBeGreaterThan(0);
    expect(await refusedOf({ APP_ENV: "development" })).toBeGreaterThan(0);
  });

  it(
    `setup intents: past ${CLIENT_BURST_PER_MINUTE} requests a minute from one address, 429 with Retry-After and no D1 statement; another address is served`,
    { timeout: 90_000 },
    async () => {
      const hourly = { SETUP_INTENTS_PER_ADDRESS_PER_HOUR: "3" };
      const answers = await floodInOneWindow(async () => {
        const headers = new Headers({ "CF-Connecting-IP": addressesInOne64(1).addresses[0]! });
        return () => postCounted("/api/create-setup-intent", { paymentFrequency: "weekly" }, new Headers(headers), hourly);
      }, 20);
      // Under the burst the route runs as before: 3 setup intents, then the hourly limit refuses from D1 (one read: its row).
      expect(answers.slice(0, 3).map((answer) => answer.status)).toEqual([200, 200, 200]);
      for (const answer of answers.slice(3, CLIENT_BURST_PER_MINUTE)) {
        expect(answer).toMatchObject({
          status: 429,
          error: { message: "Too many payment setup attempts from your network. Please wait an hour and try again." },
          statements: 1,
        });
      }
      // Past the burst, the binding refuses on its own: not one D1 statement.
      for (const [i, answer] of answers.slice(CLIENT_BURST_PER_MINUTE).entries())
        expect(answer, `request ${CLIENT_BURST_PER_MINUTE + i + 1}`).toEqual(burstRefusal);
      // Another client in the same minute is not affected.
      expect(
        (
          await postCounted(
            "/api/create-setup-intent",
            { paymentFrequency: "weekly" },
            new Headers({ "CF-Connecting-IP": addressesInOne64(1).addresses[0]! }),
            hourly,
          )
        ).status,
      ).toBe(200);
    },
  );

  it("card saves: a flood with a live session is refused before the session is looked up, in the reader's language", { timeout: 90_000 }, async () => {
    const answers = await floodInOneWindow(async () => {
      const browser = new Browser(addressesInOne64(1).addresses[0]);
      await browser.postJson("/api/create-setup-intent", { paymentFrequency: "weekly" });
      const headers = await sessionHeaders(browser);
      headers.set("Accept-Language", "es");
      // Another session's customer: refused 403 once the session is read from D1.
      return () =>
        postCounted(
          "/api/save-payment-method",
          { customerId: "cus_someone_else", paymentMethodId: "pm_x", phoneNumber: nextPhone(), paymentFrequency: "weekly" },
          new Headers(headers),
        );
    }, 10);
    // Under the burst, each is refused once its session is read (one statement).
    for (const answer of answers.slice(0, CLIENT_BURST_PER_MINUTE)) expect(answer).toMatchObject({ status: 403, statements: 1 });
    const inSpanish = {
      ...burstRefusal,
      error: { code: "rate_limited", message: "Demasiadas solicitudes desde tu red. Espera un minuto e inténtalo de nuevo." },
    };
    for (const answer of answers.slice(CLIENT_BURST_PER_MINUTE)) expect(answer).toEqual(inSpanish);
  });
});

/** The card form confirming a SetupIntent in the sandbox (publishable key and client secret). */
const confirmCard = (browser: Browser, clientSecret: string, number: string) =>
  browser.sandboxForm(`/v1/setup_intents/${clientSecret.split("_secret_")[0]}/confirm`, {
    client_secret: clientSecret,
    "payment_method_data[type]": "card",
    "payment_method_data[card][number]": number,
    "payment_method_data[card][exp_month]": TEST_CARD.exp_month,
    "payment_method_data[card][exp_year]": TEST_CARD.exp_year,
    "payment_method_data[card][cvc]": TEST_CARD.cvc,
  });

describe("a SetupIntent that keeps failing is canceled", () => {
  const DECLINED = "4000000000000002";

  async function declinedTimes(times: number) {
    const browser = new Browser();
    const setup = await (
      await browser.postJson("/api/create-setup-intent", { paymentFrequency: "weekly" })
    ).json<{ clientSecret: string; customerId: string }>();
    for (let i = 0; i < times; i++) expect((await confirmCard(browser, setup.clientSecret, DECLINED)).status).toBe(402);
    await deliverEvents();
    return { browser, setup, intentId: setup.clientSecret.split("_secret_")[0]! };
  }

  it(`after ${SETUP_FAILURES_BEFORE_CANCEL} declines (learned from setup_intent.setup_failed): canceled in Stripe, its client secret tests no more cards`, async () => {
    const { browser, setup, intentId } = await declinedTimes(SETUP_FAILURES_BEFORE_CANCEL);
    // The sandbox emits what Stripe does: one setup_intent.setup_failed per decline, with last_setup_error.
    const failures = (await stripe.events.list({ type: "setup_intent.setup_failed", limit: 100 })).data.filter(
      (event) => (event.data.object as Stripe.SetupIntent).id === intentId,
    );
    expect(failures).toHaveLength(SETUP_FAILURES_BEFORE_CANCEL);
    for (const event of failures)
      expect((event.data.object as Stripe.SetupIntent).last_setup_error).toMatchObject({ code: "card_declined", decline_code: "generic_decline" });

    const intent = await vi.waitFor(
      async () => {
        await deliverEvents();
        const current = await stripe.setupIntents.retrieve(intentId);
        if (current.status !== "canceled") throw new Error(`still ${current.status}`);
        return current;
      },
      { timeout: 5000, interval: 50 },
    );
    expect(intent.cancellation_reason).toBe("abandoned");
    const another = await confirmCard(browser, setup.clientSecret, TEST_CARD.number);
    expect(another.status).toBe(400);
    expect((await another.json<{ error: { code: string } }>()).error.code).toBe("setup_intent_unexpected_state");
  });

  it("fewer declines leave it usable: an artist who mistyped twice saves the card", async () => {
    const { browser, setup, intentId } = await declinedTimes(SETUP_FAILURES_BEFORE_CANCEL - 1);
    expect((await stripe.setupIntents.retrieve(intentId)).status).toBe("requires_payment_method");
    expect((await confirmCard(browser, setup.clientSecret, TEST_CARD.number)).status).toBe(200);
  });

  it("each failure event counts once, however often Stripe delivers it", async () => {
    const ctx = testContext();
    const intentId = `seti_count_${crypto.randomUUID()}`;
    expect(await countSetupFailure(ctx, intentId, "evt_a")).toBe(1);
    expect(await countSetupFailure(ctx, intentId, "evt_a")).toBe(1);
    expect(await countSetupFailure(ctx, intentId, "evt_b")).toBe(2);
    expect(await countSetupFailure(ctx, `${intentId}x`, "evt_a")).toBe(1);
  });
});

// ---- Unpaid uploads -------------------------------------------------------------------------------------------

const songStatus = async (songId: string) => (await env.DB.prepare("SELECT status FROM songs WHERE id = ?").bind(songId).first<{ status: string }>())?.status;
const removalEvents = async (songId: string) =>
  (await env.DB.prepare("SELECT from_status, to_status, cause FROM song_events WHERE song_id = ? AND to_status = 'removed'").bind(songId).all()).results;
const ageSong = (songId: string, ms: number) => env.DB.prepare("UPDATE songs SET created_at = created_at - ? WHERE id = ?").bind(ms, songId).run();
const exists = async (key: string) => (await env.MEDIA.head(key)) !== null;

describe("unpaid uploads are bounded", () => {
  it("an artist holding 5 unpaid songs is refused a sixth (409, before any byte is read) until one is paid", async () => {
    const browser = new Browser();
    const { setup } = await setUpArtist(browser);
    for (let i = 0; i < 5; i++) await uploadSong(browser, `Unpaid ${i}`);
    const before = { songs: await countSongs(), keys: await songKeys() };

    const form = streamedForm([
      { name: "customerId", data: setup.customerId },
      { name: "artistName", data: "Many Songs" },
      { name: "songTitle", data: "The Sixth" },
      { name: "explicit", data: "no" },
      { name: "price", data: "1.99" },
      { name: "songFile", filename: "six.mp3", data: mp3Like(3_000_000, 6) },
    ]);
    const refused = await postStreamed(await sessionHeaders(browser), form);
    expect(refused.status).toBe(409);
    expect((await refused.json<{ error: unknown }>()).error).toEqual({
      code: "too_many_unpaid_songs",
      message:
        "You already have 5 songs waiting for payment. Complete the payment for one of them before uploading another. Unpaid songs are removed 7 days after upload.",
    });
    expect(form.pulled()).toBeLessThanOrEqual(64 * 1024);
    expect({ songs: await countSongs(), keys: await songKeys() }).toEqual(before);

    // One of them paid: the artist may upload again.
    const artistId = (await env.DB.prepare("SELECT id FROM artists WHERE stripe_customer_id = ?").bind(setup.customerId).first<{ id: string }>())!.id;
    await env.DB.prepare("UPDATE songs SET status = 'approved' WHERE id = (SELECT id FROM songs WHERE artist_id = ? AND status = 'pending' LIMIT 1)")
      .bind(artistId)
      .run();
    await uploadSong(browser, "After Paying");
  });

  it("two uploads racing for the last place: one is stored, the other refused with nothing left behind", async () => {
    const browser = new Browser();
    const { setup } = await setUpArtist(browser);
    const headers = await sessionHeaders(browser);
    const before = { songs: await countSongs(), keys: await songKeys() };
    const upload = (title: string) =>
      postStreamed(
        headers,
        streamedForm([
          { name: "customerId", data: setup.customerId },
          { name: "artistName", data: "Racer" },
          { name: "songTitle", data: title },
          { name: "explicit", data: "no" },
          { name: "price", data: "1.99" },
          { name: "songFile", filename: "race.mp3", data: mp3Like(300_000, 3) },
        ]),
        { ...env, MAX_UNPAID_SONGS_PER_ARTIST: "1" },
      );
    const answers = await Promise.all([upload("Race A"), upload("Race B")]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409]);
    const { id } = await answers.find((answer) => answer.status === 201)!.json<{ id: string }>();
    expect(await countSongs()).toBe(before.songs + 1);
    expect((await songKeys()).filter((key) => !before.keys.includes(key))).toEqual([`songs/${id}/audio.mp3`]);
  });

  it("the cron removes songs unpaid for 7 days with their files and a song_events row; paid, paying and younger songs stay; a second run changes nothing", async () => {
    // Due, nothing open: removed.
    const plain = await artistWithSong(undefined, "Never Paid");
    // Due, with a one-off payment form left open: its PaymentIntent is canceled first, then removed.
    const open = await artistWithSong(undefined, "Form Left Open");
    const checkout = await open.browser.postJson("/api/create-payment-intent", { amount: 9900 });
    expect(checkout.status).toBe(200);
    const openIntent = (await checkout.json<{ clientSecret: string }>()).clientSecret.split("_secret_")[0]!;
    // Due, but a charge is running right now: kept.
    const artistId = await insertArtist();
    const charging = await insertSong({ artistId });
    await env.DB.prepare(
      "INSERT INTO payments (id, artist_id, song_id, purpose, package, amount_cents, status) VALUES (?, ?, ?, 'distribution', 'standard', 9900, 'processing')",
    )
      .bind(crypto.randomUUID(), artistId, charging)
      .run();
    // Paid long ago, and unpaid but younger than 7 days: kept.
    const paid = await insertSong({ artistId, status: "approved", package: "standard" });
    const young = await insertSong({ artistId });
    for (const songId of [plain.songId, open.songId, charging, paid]) await ageSong(songId, 8 * DAY);
    await ageSong(young, 6 * DAY);

    await worker.scheduled(createScheduledController({ cron: DELIVERY_CRON, scheduledTime: Date.now() }), env, createExecutionContext());

    for (const songId of [plain.songId, open.songId]) {
      expect(await songStatus(songId)).toBe("removed");
      expect(await removalEvents(songId)).toEqual([{ from_status: "pending", to_status: "removed", cause: REMOVED_CAUSE }]);
      expect(await exists(`songs/${songId}/audio.mp3`)).toBe(false);
    }
    expect((await stripe.paymentIntents.retrieve(openIntent)).status).toBe("canceled");
    expect(await songStatus(charging)).toBe("pending");
    expect(await songStatus(paid)).toBe("approved");
    expect(await songStatus(young)).toBe("pending");
    for (const songId of [charging, paid, young]) expect(await exists(`songs/${songId}/audio.mp3`)).toBe(true);

    await worker.scheduled(createScheduledController({ cron: DELIVERY_CRON, scheduledTime: Date.now() }), env, createExecutionContext());
    for (const songId of [plain.songId, open.songId]) expect(await removalEvents(songId)).toHaveLength(1);

    // A removed song is gone for its artist too: nothing can be paid for it.
    expect((await plain.browser.fetch(`/api/songs/${plain.songId}`)).status).toBe(404);
    expect((await plain.browser.postJson(`/api/distribute/${plain.songId}/complete`, { feeOption: "standard", requestId: String(Date.now()) })).status).toBe(
      404,
    );
    expect(
      await claimPayment(testContext(), { artistId: plain.artistId, songId: plain.songId, purpose: "distribution", package: "standard", amountCents: 9900 }),
    ).toBeNull();
  });

  it("each run is bounded, oldest first", async () => {
    const artistId = await insertArtist();
    const songs = [await insertSong({ artistId }), await insertSong({ artistId }), await insertSong({ artistId })];
    for (const [i, songId] of songs.entries()) await ageSong(songId, 400 * DAY - i * DAY);
    const ctx = testContext({ jobs: new CapturingQueue().asQueue(), stripe });
    const first = await removeUnpaidSongs(ctx, { now: Date.now(), expiryMs: 7 * DAY, limit: 2 });
    expect(first).toMatchObject({ removed: songs.slice(0, 2), unfinished: true });
    const second = await removeUnpaidSongs(ctx, { now: Date.now(), expiryMs: 7 * DAY, limit: 2 });
    expect(second).toMatchObject({ removed: [songs[2]], unfinished: false });
  });

  it("files a stopped Worker left behind for a removed song are orphans to the media janitor", async () => {
    const artistId = await insertArtist();
    const songId = await insertSong({ artistId });
    await env.DB.prepare("UPDATE songs SET status = 'removed' WHERE id = ?").bind(songId).run();
    const report = await sweepOrphanMedia(testContext(), { graceMs: 0, now: Date.now() + 1000 });
    expect(report.deleted).toContain(`songs/${songId}/audio.mp3`);
    expect(await exists(`songs/${songId}/audio.mp3`)).toBe(false);
  });
});
