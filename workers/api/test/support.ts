/** Helpers for Worker tests: call the real fetch handler like a browser with its own cookie jar. */
import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env, exports } from "cloudflare:workers";
import Stripe from "stripe";
import worker from "../src/index";
import { contextFor, type ContextOverrides, type Ctx } from "../src/platform/context";
import { toE164 } from "../src/texts/phone-number";
import { coverPng } from "./cover-files";

/**
 * The context services take (src/platform/context.ts), built from the test env or `given.env`; a test
 * puts in its own queue (a CapturingQueue's `asQueue()`), Stripe client or clock.
 */
export const testContext = ({ env: given = env, ...overrides }: ContextOverrides & { env?: Env } = {}): Ctx => contextFor(given, overrides);

/**
 * The artist's phone counts as confirmed, as the code on their page would make it (its own test,
 * src/texts/test/phone-confirmation.test.ts, proves that flow): texts to it carry links to the page.
 */
export async function phoneConfirmedFor(artistId: string): Promise<void> {
  const artist = await env.DB.prepare("select phone from artists where id = ?1").bind(artistId).first<{ phone: string | null }>();
  await env.DB.prepare("update artists set confirmed_phone = ?1 where id = ?2").bind(toE164(artist?.phone), artistId).run();
}

export class Browser {
  private cookies = new Map<string, string>();

  /** Sent as User-Agent when set (workerd sends none of its own). */
  userAgent: string | undefined;

  /**
   * `settings`: Worker settings this browser's requests are answered with, over the test env's (a
   * limit at its production default, say): the Worker's handler is then called with them.
   */
  constructor(
    readonly address = `198.51.100.${Math.floor(Math.random() * 250) + 1}`,
    readonly settings: Partial<Record<keyof Env, string>> = {},
  ) {}

  /** The cookie this browser holds under `name`, as it sends it (undefined when none). */
  cookie(name: string): string | undefined {
    return this.cookies.get(name);
  }

  /** Puts a cookie in this browser's jar, as if it had been set here (an empty value removes it). */
  setCookie(name: string, value: string): void {
    if (value === "") this.cookies.delete(name);
    else this.cookies.set(name, value);
  }

  async fetch(path: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    headers.set("CF-Connecting-IP", this.address);
    if (this.userAgent && !headers.has("User-Agent")) headers.set("User-Agent", this.userAgent);
    if (this.cookies.size > 0) headers.set("Cookie", [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; "));
    const request = new Request(`http://jplay.test${path}`, { ...init, headers });
    const response = Object.keys(this.settings).length === 0 ? await exports.default.fetch(request) : await this.fetchWithSettings(request);
    for (const cookie of response.headers.getSetCookie()) {
      const [pair] = cookie.split(";");
      const [name, ...value] = pair!.split("=");
      // An expired or emptied cookie is removed, as a browser does.
      if (value.join("=") === "" || /;\s*Max-Age=0/i.test(cookie)) this.cookies.delete(name!.trim());
      else this.cookies.set(name!.trim(), value.join("="));
    }
    return response;
  }

  private async fetchWithSettings(request: Request): Promise<Response> {
    const ctx = createExecutionContext();
    const response = await worker.fetch(request, { ...env, ...this.settings } as Env, ctx);
    await waitOnExecutionContext(ctx);
    return response;
  }

  postJson(path: string, body: unknown): Promise<Response> {
    return this.fetch(path, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
  }

  /** A form POST to the Stripe sandbox the way the card form sends it (publishable key). */
  sandboxForm(path: string, fields: Record<string, string>): Promise<Response> {
    return this.fetch(`/api/stripe-sandbox${path}`, {
      method: "POST",
      headers: { Authorization: "Bearer pk_test_jplay_sandbox", "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(fields).toString(),
    });
  }
}

export const TEST_CARD = { number: "4242424242424242", exp_month: "12", exp_year: "2034", cvc: "123" };

/** Payment setup as the card form does it: setup intent, confirm in the sandbox, save. */
let phoneSequence = 0;
/** A different phone per artist, so the per-phone save limit never couples unrelated tests. */
export const nextPhone = () => `+1 555 010 ${String(1000 + ++phoneSequence).slice(-4)}`;

export async function setUpArtist(browser: Browser, card = TEST_CARD, phoneNumber = nextPhone()) {
  const setup = await (
    await browser.postJson("/api/create-setup-intent", { paymentFrequency: "weekly" })
  ).json<{
    clientSecret: string;
    customerId: string;
  }>();
  const intentId = setup.clientSecret.split("_secret_")[0]!;
  const confirmed = await (
    await browser.sandboxForm(`/v1/setup_intents/${intentId}/confirm`, {
      client_secret: setup.clientSecret,
      "payment_method_data[type]": "card",
      "payment_method_data[card][number]": card.number,
      "payment_method_data[card][exp_month]": card.exp_month,
      "payment_method_data[card][exp_year]": card.exp_year,
      "payment_method_data[card][cvc]": card.cvc,
    })
  ).json<{ status: string; payment_method: string }>();
  const saved = await browser.postJson("/api/save-payment-method", {
    customerId: setup.customerId,
    paymentMethodId: confirmed.payment_method,
    phoneNumber,
    paymentFrequency: "weekly",
  });
  return { setup, confirmed, saved };
}

export { MP3_FRAME_BYTES, mp3Bytes } from "./mp3-files";
/** A PNG cover the upload's rule takes: 1400 × 1400, RGB (its header only, test/cover-files.ts). */
export const pngBytes = () => coverPng();
export const gifBytes = () => new TextEncoder().encode("GIF89a\x01\x00\x01\x00");

/**
 * A `Stripe-Signature` header for `payload`, made by the SDK's own test helper: what Stripe sends
 * with an event signed by the endpoint's secret (for events a test forges or replays).
 */
export const stripeSignature = (payload: string, secret: string, timestamp?: number) =>
  Stripe.webhooks.generateTestHeaderStringAsync({ payload, secret, cryptoProvider: Stripe.createSubtleCryptoProvider(), ...(timestamp ? { timestamp } : {}) });
