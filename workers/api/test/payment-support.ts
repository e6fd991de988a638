/** Helpers for the payment tests: an artist with a saved card and an uploaded song, sandbox calls, waiting for webhooks. */
import { env } from "cloudflare:workers";
import { expect, onTestFinished, vi } from "vitest";
import Stripe from "stripe";
import { SANDBOX_SECRET_KEY, createStripe } from "../src/platform/stripe-client";
import { Browser, TEST_CARD, mp3Bytes, nextPhone } from "./support";
import { freshCardNumber } from "../../stripe-sandbox/test/card-numbers";

export { freshCardNumber };

export interface ArtistWithSong {
  browser: Browser;
  customerId: string;
  artistId: string;
  songId: string;
  stripePaymentMethodId: string;
  fingerprint: string;
}

/** A new artist (saved card `cardNumber`, by default a fresh good card) with one pending song. */
export async function artistWithSong(cardNumber = freshCardNumber(), title = "Paid Song"): Promise<ArtistWithSong> {
  const browser = new Browser();
  const customerId = await saveCard(browser, cardNumber);
  const songId = await uploadSong(browser, title);
  const row = await env.DB.prepare(
    "SELECT a.id AS artistId, pm.stripe_payment_method_id AS pm, pm.fingerprint FROM artists a JOIN payment_methods pm ON pm.artist_id = a.id WHERE a.stripe_customer_id = ?",
  )
    .bind(customerId)
    .first<{ artistId: string; pm: string; fingerprint: string }>();
  return { browser, customerId, artistId: row!.artistId, songId, stripePaymentMethodId: row!.pm, fingerprint: row!.fingerprint };
}

/** Payment setup as the card form does it, completing 3-D Secure when the card asks for it. */
async function saveCard(browser: Browser, cardNumber: string): Promise<string> {
  const setup = await (await browser.postJson("/api/create-setup-intent", { paymentFrequency: "weekly" })).json<{ clientSecret: string; customerId: string }>();
  const intentId = setup.clientSecret.split("_secret_")[0]!;
  let confirmed = await (
    await browser.sandboxForm(`/v1/setup_intents/${intentId}/confirm`, { client_secret: setup.clientSecret, ...cardFields(cardNumber) })
  ).json<{
    status: string;
    payment_method: string;
  }>();
  if (confirmed.status === "requires_action") {
    confirmed = await (
      await browser.sandboxForm(`/v1/setup_intents/${intentId}/authenticate`, { client_secret: setup.clientSecret, outcome: "complete" })
    ).json<typeof confirmed>();
  }
  expect(confirmed.status).toBe("succeeded");
  const saved = await browser.postJson("/api/save-payment-method", {
    customerId: setup.customerId,
    paymentMethodId: confirmed.payment_method,
    phoneNumber: nextPhone(),
    paymentFrequency: "weekly",
  });
  expect(saved.status).toBe(200);
  return setup.customerId;
}

export async function uploadSong(browser: Browser, title = "Paid Song"): Promise<string> {
  const form = new FormData();
  form.set("artistName", "Ada Lyric");
  form.set("songTitle", title);
  form.set("explicit", "no");
  form.set("price", "1.99");
  form.set("songFile", new Blob([mp3Bytes()]), "song.mp3");
  const res = await browser.fetch("/api/distribute", { method: "POST", body: form });
  expect(res.status).toBe(201);
  return (await res.json<{ id: string }>()).id;
}

let requestSequence = 0;
export const nextRequestId = () => String(Date.now() * 1000 + ++requestSequence);

export const complete = (browser: Browser, songId: string, feeOption: string, requestId = nextRequestId(), extra: Record<string, unknown> = {}) =>
  browser.postJson(`/api/distribute/${songId}/complete`, { feeOption, requestId, ...extra });

export const recovery = (browser: Browser, songId: string, offerTier: unknown) => browser.postJson(`/api/distribute/${songId}/recovery`, { offerTier });

/**
 * A Stripe client that gives up after `timeoutMs` with no retry, through the same binding the product
 * uses: a caller that never hears back from a request Stripe still carries out.
 */
export const impatientStripe = (timeoutMs = 300) => {
  const sandbox = env.STRIPE_SANDBOX!;
  return new Stripe(SANDBOX_SECRET_KEY, {
    httpClient: Stripe.createFetchHttpClient((input, init) => sandbox.fetch(new Request(input, init))),
    maxNetworkRetries: 0,
    timeout: timeoutMs,
  });
};

/** Every charge Stripe made for the customer (succeeded and failed). */
export const chargesOf = async (customerId: string) => (await createStripe(env).charges.list({ customer: customerId, limit: 100 })).data;

export const paymentIntentsOf = async (customerId: string) => (await createStripe(env).paymentIntents.list({ customer: customerId, limit: 100 })).data;

export const intentIdOf = (clientSecret: string) => clientSecret.split("_secret_")[0]!;

/** The card form's fields for a sandbox confirmation of `number`. */
export const cardFields = (number: string) => ({
  "payment_method_data[type]": "card",
  "payment_method_data[card][number]": number,
  "payment_method_data[card][exp_month]": TEST_CARD.exp_month,
  "payment_method_data[card][exp_year]": TEST_CARD.exp_year,
  "payment_method_data[card][cvc]": TEST_CARD.cvc,
});

/** The browser's card form confirming a PaymentIntent with a new card (publishable key + client secret). */
export async function payInBrowser(browser: Browser, clientSecret: string, cardNumber: string) {
  const res = await browser.sandboxForm(`/v1/payment_intents/${intentIdOf(clientSecret)}/confirm`, { client_secret: clientSecret, ...cardFields(cardNumber) });
  return { status: res.status, body: await res.json<{ status?: string; error?: { decline_code?: string } }>() };
}

/** The browser confirming with the card already on the intent (3-D Secure flow), then the cardholder's answer. */
export async function authenticateInBrowser(browser: Browser, clientSecret: string, outcome: "complete" | "fail") {
  const res = await browser.sandboxForm(`/v1/payment_intents/${intentIdOf(clientSecret)}/authenticate`, { client_secret: clientSecret, outcome });
  return await res.json<{ status: string }>();
}

/** A secret-key call to the sandbox's own endpoints (test helpers). */
export async function sandboxAdmin(path: string, fields: Record<string, string> = {}, method = "POST") {
  const res = await new Browser().fetch(`/api/stripe-sandbox${path}`, {
    method,
    headers: { Authorization: "Bearer sk_test_jplay_sandbox", "Content-Type": "application/x-www-form-urlencoded" },
    ...(method === "GET" ? {} : { body: new URLSearchParams(fields).toString() }),
  });
  return { status: res.status, body: await res.json<Record<string, unknown>>() };
}

/**
 * Stripe cannot reach our endpoints for the rest of the test: its events stay pending (the sandbox's
 * own deliveries are paused), so the test decides when, and to what, each is delivered.
 */
export async function webhooksUnreachable() {
  expect((await sandboxAdmin("/v1/test_helpers/webhooks", { paused: "true" })).status).toBe(200);
  onTestFinished(() => sandboxAdmin("/v1/test_helpers/webhooks", { paused: "false" }).then(() => undefined));
}

/** Delivers whatever webhook events are still pending (waitUntil deliveries may still be running). */
export const deliverEvents = () => sandboxAdmin("/v1/test_helpers/deliver_events");

/**
 * The sandbox's Stripe-hosted onboarding page submitted at `url` (an Account Link): a debit card and
 * `fields` beyond it (`without_tax_details`, `tax_id`, …). Answers the redirect back to the product.
 */
export const submitSandboxOnboarding = (url: string, fields: Record<string, string> = {}) =>
  new Browser().fetch(url, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ card_number: "4000056655665556", ...fields }).toString(),
  });

export type SongRow = {
  status: string;
  package: string | null;
  distribution_fee_cents: number | null;
  revenue_split_bps: number | null;
  paid_at: number | null;
};
export const songRow = (songId: string) => env.DB.prepare("SELECT * FROM songs WHERE id = ?").bind(songId).first<SongRow>();

/** Waits until the song's payment was applied (answer or webhook). */
export async function songPaid(songId: string): Promise<SongRow> {
  return vi.waitFor(
    async () => {
      await deliverEvents();
      const song = await songRow(songId);
      if (song?.status !== "approved") throw new Error(`song is ${song?.status}`);
      return song;
    },
    { timeout: 5000, interval: 50 },
  );
}

/**
 * How often the song was approved by a payment: moves into `approved` from another status. The
 * pipeline's own approved → approved events (a delivery time set, a review) are not approvals.
 */
export const approvalEvents = async (songId: string) =>
  (await env.DB.prepare("SELECT count(*) AS n FROM song_events WHERE song_id = ? AND to_status = 'approved' AND from_status <> 'approved'")
    .bind(songId)
    .first<{ n: number }>())!.n;

export const paymentsOf = async (songId: string) =>
  (await env.DB.prepare("SELECT * FROM payments WHERE song_id = ? ORDER BY created_at").bind(songId).all<Record<string, unknown>>()).results;

/** Moves the song's payment rows back in time, as if `ms` had passed since they were made. */
export const letTimePass = (songId: string, ms: number) =>
  env.DB.prepare("UPDATE payments SET created_at = created_at - ?, updated_at = updated_at - ? WHERE song_id = ?").bind(ms, ms, songId).run();

export const cardAttempts = async (fingerprint: string) =>
  (
    await env.DB.prepare("SELECT * FROM card_attempts WHERE fingerprint = ?")
      .bind(fingerprint)
      .all<{ id: string; outcome: string; decline_code: string | null }>()
  ).results;

/**
 * A listed event as a webhook endpoint receives it: in the SDK's API version. The sandbox, as Stripe
 * does, lists events in the account's older default version, where of what the product reads only an
 * invoice differs (it has no `parent`): an invoice is read again, in the SDK's version.
 */
export async function asEndpointReceives(event: Stripe.Event): Promise<Stripe.Event> {
  const object = event.data.object as { object?: string; id?: string };
  const data = object.object === "invoice" ? { ...event.data, object: await createStripe(env).invoices.retrieve(object.id!) } : event.data;
  return { ...event, api_version: Stripe.API_VERSION, data } as Stripe.Event;
}

/** The page's card form: a SetupIntent from the server, confirmed in the sandbox (3-D Secure completed). */
export async function confirmNewCard(page: Browser, token: string, cardNumber: string) {
  const started = await page.postJson(`/api/artist/${token}/card/setup-intent`, {});
  expect(started.status).toBe(200);
  const { clientSecret } = await started.json<{ clientSecret: string }>();
  const setupIntentId = intentIdOf(clientSecret);
  const confirm = await page.sandboxForm(`/v1/setup_intents/${setupIntentId}/confirm`, {
    client_secret: clientSecret,
    "payment_method_data[type]": "card",
    "payment_method_data[card][number]": cardNumber,
    "payment_method_data[card][exp_month]": TEST_CARD.exp_month,
    "payment_method_data[card][exp_year]": TEST_CARD.exp_year,
    "payment_method_data[card][cvc]": TEST_CARD.cvc,
  });
  const body = await confirm.json<{ status?: string }>();
  if (body.status === "requires_action")
    await page.sandboxForm(`/v1/setup_intents/${setupIntentId}/authenticate`, { client_secret: clientSecret, outcome: "complete" });
  return setupIntentId;
}

/** The page's Save: the replacement finished with the confirmed SetupIntent. */
export const finishNewCard = (page: Browser, token: string, setupIntentId: string) => page.postJson(`/api/artist/${token}/card`, { setupIntentId });
