/**
 * Card testing through the payment form is slowed, never answered by locking honest artists out
 * (docs/decisions/084, src/payments/cards/setup-challenges.ts): a budget every client shares moves only
 * for work an attacker paid a card check for — a card saved again by its customer counts once, a
 * setup intent not at all — and a client past its free attempts, or everyone while the card checks
 * of all clients are past their limit, must pass a Turnstile challenge (the stand-in in the Stripe
 * sandbox: workers/stripe-sandbox/src/http/turnstile.ts). A request refused or challenged writes nothing.
 *
 * Every request here is answered with the limits at their production defaults (an empty setting is
 * the default), not the raised ones the other test files run with.
 */
import { env } from "cloudflare:workers";
import { beforeEach, describe, expect, it } from "vitest";
import { CHALLENGE_TOKEN_HEADER } from "@jplay/schema/payments";
import { CHALLENGE_FAILED, CHALLENGE_REQUIRED, CHALLENGE_UNAVAILABLE } from "../../platform/challenge";
import { CARD_CHECKS_PER_MINUTE, UNCHALLENGED_SAVES_PER_ADDRESS_PER_HOUR, UNCHALLENGED_SETUP_INTENTS_PER_ADDRESS_PER_HOUR } from "../../platform/limits";
import { countSetupFailure } from "../cards/setup-intent-failures";
import { cardFields, intentIdOf } from "../../../test/payment-support";
import { Browser, TEST_CARD, nextPhone, testContext } from "../../../test/support";

/** The payment-setup limits at their defaults (src/platform/limits.ts). */
const DEFAULTS: Partial<Record<keyof Env, string>> = {
  UNCHALLENGED_SETUP_INTENTS_PER_ADDRESS_PER_HOUR: "",
  UNCHALLENGED_CARD_SAVES_PER_ADDRESS_PER_HOUR: "",
  CARD_CHECKS_PER_MINUTE: "",
  SETUP_INTENTS_PER_ADDRESS_PER_HOUR: "",
  CARD_SAVES_PER_ADDRESS_PER_HOUR: "",
};

const hex = () => Math.floor(Math.random() * 0xffff).toString(16);
/** A browser in a /64 of its own (another address in it: `inSame64`). */
const newNetwork = () => `2001:db8:${hex()}:${hex()}`;
const browserIn = (network: string, settings: Partial<Record<keyof Env, string>> = {}) => new Browser(`${network}::${hex()}`, { ...DEFAULTS, ...settings });

/** A token the stand-in's widget would get for the site (what the browser sends after the checkbox). */
async function solvedChallenge(browser: Browser, sitekey = env.TURNSTILE_SITE_KEY): Promise<string> {
  const answer = await browser.postJson("/api/stripe-sandbox/turnstile/v0/challenge", { sitekey, action: "payment-setup" });
  expect(answer.status).toBe(200);
  return (await answer.json<{ token: string }>()).token;
}

const post = (browser: Browser, path: string, body: unknown, token?: string) =>
  browser.fetch(path, {
    method: "POST",
    headers: { "Content-Type": "application/json", ...(token ? { [CHALLENGE_TOKEN_HEADER]: token } : {}) },
    body: JSON.stringify(body),
  });

const createSetupIntent = (browser: Browser, token?: string) => post(browser, "/api/create-setup-intent", { paymentFrequency: "weekly" }, token);

async function setupIntentOf(browser: Browser, token?: string) {
  const answer = await createSetupIntent(browser, token);
  expect(answer.status, await answer.clone().text()).toBe(200);
  return answer.json<{ clientSecret: string; customerId: string }>();
}

async function confirmCard(browser: Browser, clientSecret: string, number = TEST_CARD.number) {
  const answer = await browser.sandboxForm(`/v1/setup_intents/${intentIdOf(clientSecret)}/confirm`, { client_secret: clientSecret, ...cardFields(number) });
  return answer.json<{ status: string; payment_method: string }>();
}

const saveCard = (browser: Browser, customerId: string, paymentMethodId: string, phoneNumber: string, token?: string) =>
  post(browser, "/api/save-payment-method", { customerId, paymentMethodId, phoneNumber, paymentFrequency: "weekly" }, token);

/** Every row the payment-setup routes may write, and the hits of the rate-limit rows. */
async function written() {
  const count = async (table: string) => (await env.DB.prepare(`SELECT count(*) AS n FROM ${table}`).first<{ n: number }>())!.n;
  const hits = (await env.DB.prepare("SELECT coalesce(sum(hits), 0) AS n FROM rate_limits").first<{ n: number }>())!.n;
  const tables = ["rate_limits", "artists", "payment_methods", "artist_sessions", "artist_links", "text_messages"];
  return { hits, rows: Object.fromEntries(await Promise.all(tables.map(async (table) => [table, await count(table)] as const))) };
}

const cardChecks = async () => (await env.DB.prepare("SELECT hits FROM rate_limits WHERE key = 'card-checks:all'").first<{ hits: number }>())?.hits ?? 0;

async function expectRefusal(answer: Response, status: number, code: string, message: string) {
  expect(answer.status).toBe(status);
  expect(answer.headers.get("Set-Cookie")).toBeNull();
  const { error } = await answer.json<{ error: { code: string; message: string; siteKey?: string } }>();
  expect(error.code).toBe(code);
  expect(error.message).toBe(message);
  return error;
}

beforeEach(async () => {
  // The card checks of all clients are one count; each test starts its minute afresh.
  await env.DB.prepare("DELETE FROM rate_limits WHERE key = 'card-checks:all'").run();
});

describe("one attacker cannot lock honest artists out of saving a card", () => {
  it("one card saved ten times from one session, then ten card-less setup intents from three /64s: an artist from a fourth network sets up and saves a card", async () => {
    const attackerNetwork = newNetwork();
    const attacker = browserIn(attackerNetwork);
    const setup = await setupIntentOf(attacker);
    const confirmed = await confirmCard(attacker, setup.clientSecret);
    expect(confirmed.status).toBe("succeeded");
    const phone = nextPhone();
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) {
      let saved = await saveCard(attacker, setup.customerId, confirmed.payment_method, phone);
      // Past its free saves the attacker's own network is challenged; it pays with a solved challenge each time.
      if (saved.status === 428) saved = await saveCard(attacker, setup.customerId, confirmed.payment_method, phone, await solvedChallenge(attacker));
      statuses.push(saved.status);
    }
    expect(statuses).toEqual(Array(10).fill(200));
    // The (customer, card) pair counted once against what all clients share.
    expect(await cardChecks()).toBe(1);

    const cardLess = [newNetwork(), newNetwork(), newNetwork()];
    for (let i = 0; i < 10; i++) expect((await createSetupIntent(browserIn(cardLess[i % 3]!))).status, `card-less setup intent ${i}`).toBe(200);
    expect(await cardChecks()).toBe(1);

    const artist = browserIn(newNetwork());
    const honest = await setupIntentOf(artist);
    const card = await confirmCard(artist, honest.clientSecret);
    const saved = await saveCard(artist, honest.customerId, card.payment_method, nextPhone());
    expect(saved.status, await saved.clone().text()).toBe(200);
    expect(await saved.json()).toMatchObject({ brand: "visa", last4: "4242" });
  });

  it("while the card checks of all clients are past their limit, every network is challenged, never refused: a passed challenge sets up and saves", async () => {
    // Real card checks: first saves by their customers, from networks of their own.
    for (let i = 0; i < CARD_CHECKS_PER_MINUTE; i++) {
      const someone = browserIn(newNetwork());
      const setup = await setupIntentOf(someone);
      const card = await confirmCard(someone, setup.clientSecret);
      expect((await saveCard(someone, setup.customerId, card.payment_method, nextPhone())).status).toBe(200);
    }
    expect(await cardChecks()).toBe(CARD_CHECKS_PER_MINUTE);

    const artist = browserIn(newNetwork());
    const before = await written();
    const error = await expectRefusal(await createSetupIntent(artist), 428, "challenge_required", CHALLENGE_REQUIRED);
    expect(error.siteKey).toBe(env.TURNSTILE_SITE_KEY);
    expect(await written()).toEqual(before);

    const setup = await setupIntentOf(artist, await solvedChallenge(artist));
    const card = await confirmCard(artist, setup.clientSecret);
    await expectRefusal(await saveCard(artist, setup.customerId, card.payment_method, nextPhone()), 428, "challenge_required", CHALLENGE_REQUIRED);
    expect((await saveCard(artist, setup.customerId, card.payment_method, nextPhone(), await solvedChallenge(artist))).status).toBe(200);
  });

  it("a decline counts as one card check however often Stripe delivers its event", async () => {
    const intent = `seti_${crypto.randomUUID().replaceAll("-", "")}`;
    const event = `evt_${crypto.randomUUID().replaceAll("-", "")}`;
    await countSetupFailure(testContext(), intent, event);
    await countSetupFailure(testContext(), intent, event);
    expect(await cardChecks()).toBe(1);
    await countSetupFailure(testContext(), intent, `${event}2`);
    expect(await cardChecks()).toBe(2);
  });
});

describe("a client past its free attempts must pass a challenge", () => {
  it("the setup intent past the free ones: 428 with the site key; a made-up, spent or other site's token 403; a solved one passes; nothing written on refusal", async () => {
    const network = newNetwork();
    for (let i = 0; i < UNCHALLENGED_SETUP_INTENTS_PER_ADDRESS_PER_HOUR; i++) expect((await createSetupIntent(browserIn(network))).status).toBe(200);
    const client = browserIn(network);
    const before = await written();

    const required = await expectRefusal(await createSetupIntent(client), 428, "challenge_required", CHALLENGE_REQUIRED);
    expect(required.siteKey).toBe(env.TURNSTILE_SITE_KEY);
    for (const token of ["0.standin.made-up", "__proto__", "constructor", "x".repeat(3000)]) {
      await expectRefusal(await createSetupIntent(client, token), 403, "challenge_failed", CHALLENGE_FAILED);
    }
    expect(await written()).toEqual(before);

    const token = await solvedChallenge(client);
    expect((await createSetupIntent(client, token)).status).toBe(200);
    const after = await written();
    expect(after.hits).toBe(before.hits + 1);
    // The same token again (a replay), from this client or another of its network: spent.
    await expectRefusal(await createSetupIntent(client, token), 403, "challenge_failed", CHALLENGE_FAILED);
    await expectRefusal(await createSetupIntent(browserIn(network), token), 403, "challenge_failed", CHALLENGE_FAILED);
    expect(await written()).toEqual(after);
  });

  it("card saves past the free ones from one network are challenged too; a refused save writes nothing", async () => {
    const network = newNetwork();
    const client = browserIn(network);
    const setup = await setupIntentOf(client);
    const card = await confirmCard(client, setup.clientSecret);
    const phone = nextPhone();
    for (let i = 0; i < UNCHALLENGED_SAVES_PER_ADDRESS_PER_HOUR; i++)
      expect((await saveCard(client, setup.customerId, card.payment_method, phone)).status).toBe(200);
    const before = await written();
    await expectRefusal(await saveCard(client, setup.customerId, card.payment_method, phone), 428, "challenge_required", CHALLENGE_REQUIRED);
    await expectRefusal(await saveCard(client, setup.customerId, card.payment_method, phone, "0.standin.made-up"), 403, "challenge_failed", CHALLENGE_FAILED);
    expect(await written()).toEqual(before);
    expect((await saveCard(client, setup.customerId, card.payment_method, phone, await solvedChallenge(client))).status).toBe(200);
  });

  it("a challenge that cannot be given fails closed (503), whether Turnstile is not configured or our secret is wrong; nothing written", async () => {
    const network = newNetwork();
    for (let i = 0; i < UNCHALLENGED_SETUP_INTENTS_PER_ADDRESS_PER_HOUR; i++) expect((await createSetupIntent(browserIn(network))).status).toBe(200);
    const unconfigured = browserIn(network, { TURNSTILE_SITE_KEY: "", TURNSTILE_SECRET_KEY: "" });
    const before = await written();
    await expectRefusal(await createSetupIntent(unconfigured), 503, "challenge_unavailable", CHALLENGE_UNAVAILABLE);
    await expectRefusal(await createSetupIntent(unconfigured, await solvedChallenge(unconfigured)), 503, "challenge_unavailable", CHALLENGE_UNAVAILABLE);
    const wrongSecret = browserIn(network, { TURNSTILE_SECRET_KEY: `${env.TURNSTILE_SECRET_KEY}-not-ours` });
    await expectRefusal(await createSetupIntent(wrongSecret, await solvedChallenge(wrongSecret)), 503, "challenge_unavailable", CHALLENGE_UNAVAILABLE);
    expect(await written()).toEqual(before);
    // Under its free attempts a client needs no challenge, configured or not.
    expect((await createSetupIntent(browserIn(newNetwork(), { TURNSTILE_SITE_KEY: "", TURNSTILE_SECRET_KEY: "" }))).status).toBe(200);
  });
});
