/**
 * The artist's private page through the Worker's fetch handler: the link a saved card returns, what
 * the page shows (only its own artist's songs, sales, balance, payouts), Connect onboarding through
 * the sandbox's hosted page and the `account.updated` webhook, reissued and revoked links, and
 * earnings from signed provider purchase reports paid out by the payout job.
 */
import { createExecutionContext, createMessageBatch, getQueueResult } from "cloudflare:test";
import { env, exports } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { Hono } from "hono";
import Stripe from "stripe";
import { beforeAll, describe, expect, it, onTestFinished, vi } from "vitest";
import { type ArtistPageResponse, payoutRequirementsOf } from "@jplay/schema/artist";
import { todayUtc } from "@jplay/schema/release-metadata";
import { artistLinks, artists, purchases, songEvents } from "@jplay/schema/tables";
import worker from "../../index";
import { createDb } from "../../platform/db";
import type { Job } from "../../platform/job";
import { SANDBOX_SECRET_KEY, createStripe } from "../../platform/stripe-client";
import { adminArtistRoutes } from "../../admin/routes/artists";
import type { AppEnv } from "../../platform/env";
import { requestContext } from "../../platform/middleware/request-context";
import { resolveArtistLink, revokeArtistLinks } from "../../access/artist-links";
import { ONBOARDING_RECHECK_MS, applyAccountUpdated, refreshOnboardingStatus } from "../../ledger/connect-accounts";
import { countingD1, d1WritesRun } from "../../platform/d1-statement-count";
import { loadArtistPage, nextPayoutOn } from "../artist-page";
import { payArtist } from "../../ledger/payouts";
import { ACCOUNTS, ledgerTotal, postTransaction } from "../../ledger/ledger";
import { signPost } from "../../../test/provider-signing";
import { sandboxAdmin, submitSandboxOnboarding } from "../../../test/payment-support";
import { fundPlatformBalance } from "../../../test/platform-funds";
import { CapturingQueue, insertSong } from "../../../test/song-fixtures";
import { Browser, mp3Bytes, setUpArtist, stripeSignature, testContext } from "../../../test/support";

const db = createDb(env.DB);
const testCtx = testContext();
const stripe = createStripe(env);

// The payout job's transfer draws on Stripe's available balance: funded as production funds it.
beforeAll(async () => {
  await fundPlatformBalance(1_000_000);
});

interface Saved {
  brand: string;
  last4: string;
  artistPageUrl: string;
}

async function newArtist() {
  const browser = new Browser();
  const { setup, saved } = await setUpArtist(browser);
  expect(saved.status).toBe(200);
  const body = await saved.json<Saved>();
  const [artist] = await db.select().from(artists).where(eq(artists.stripeCustomerId, setup.customerId));
  return { browser, setup, body, artistId: artist!.id, token: body.artistPageUrl.slice("/artist/".length) };
}

const openPage = (token: string) => new Browser().fetch(`/api/artist/${token}`);
async function pageOf(token: string): Promise<ArtistPageResponse> {
  const response = await openPage(token);
  expect(response.status).toBe(200);
  return response.json();
}

async function upload(browser: Browser, customerId: string, title: string) {
  const form = new FormData();
  form.set("artistName", "Page Artist");
  form.set("songTitle", title);
  form.set("explicit", "no");
  form.set("price", "1.99");
  form.set("songFile", new Blob([mp3Bytes()]), "song.mp3");
  form.set("customerId", customerId);
  const response = await browser.fetch("/api/distribute", { method: "POST", body: form });
  expect(response.status).toBe(201);
  return (await response.json<{ id: string }>()).id;
}

async function credit(artistId: string, cents: number) {
  await postTransaction(testCtx, "purchase", crypto.randomUUID(), [
    { account: ACCOUNTS.providerReceivable, amountCents: -cents },
    { account: ACCOUNTS.artistAvailable(artistId), artistId, amountCents: cents },
  ]);
}

async function deliverWebhooks() {
  const response = await exports.default.fetch(
    new Request("http://jplay.test/api/stripe-sandbox/v1/test_helpers/deliver_events", {
      method: "POST",
      headers: { Authorization: `Bearer ${SANDBOX_SECRET_KEY}` },
    }),
  );
  expect(response.status).toBe(200);
}

describe("the private link", () => {
  it("comes with every saved card: an unguessable token whose hash alone is stored", async () => {
    const { body, artistId, token } = await newArtist();
    expect(body).toMatchObject({ brand: "visa", last4: "4242" });
    expect(body.artistPageUrl).toMatch(/^\/artist\/[A-Za-z0-9_-]{43}$/);
    const stored = await db.select().from(artistLinks).where(eq(artistLinks.artistId, artistId));
    expect(stored).toHaveLength(1);
    expect(stored[0]!.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(stored)).not.toContain(token);
    expect(await resolveArtistLink(testContext(), token)).toBe(artistId);
  });

  it("is reissued when the card is saved again, and earlier links keep working until an admin revokes them all", async () => {
    const first = await newArtist();
    const again = await setUpArtist(first.browser);
    const second = (await again.saved.json<Saved>()).artistPageUrl.slice("/artist/".length);
    expect(second).not.toBe(first.token);
    expect((await openPage(first.token)).status).toBe(200);
    expect((await openPage(second)).status).toBe(200);

    expect(await revokeArtistLinks(testContext(), first.artistId)).toBe(2);
    for (const token of [first.token, second]) {
      const gone = await openPage(token);
      expect(gone.status).toBe(404);
      expect(await gone.json()).toEqual({ error: { code: "not_found", message: "Link not found" } });
      expect((await new Browser().fetch(`/api/artist/${token}/connect`, { method: "POST" })).status).toBe(404);
    }
    expect(await revokeArtistLinks(testContext(), first.artistId)).toBe(0);
    // Saving a card again gives the artist a working link once more.
    const renewed = await setUpArtist(first.browser);
    expect((await openPage((await renewed.saved.json<Saved>()).artistPageUrl.slice("/artist/".length))).status).toBe(200);
  });

  it("answers 404 for unknown and malformed tokens", async () => {
    const unknown = btoa(String.fromCharCode(...crypto.getRandomValues(new Uint8Array(32))))
      .replaceAll("+", "-")
      .replaceAll("/", "_")
      .replace(/=+$/, "");
    for (const token of [unknown, "abc", "%00", "x".repeat(500)]) {
      const response = await openPage(token);
      expect(response.status).toBe(404);
      expect(await response.text()).toContain("Link not found");
    }
  });

  it("the admin sub-app revokes an artist's links", async () => {
    const { artistId, token } = await newArtist();
    // Mounted as worker/app.ts mounts every route: after the middleware that gives the request its
    // context, and after the admin API's sign-in, which names the operator (admin/routes/index.ts).
    const routes = new Hono<AppEnv>()
      .use(requestContext)
      .use(async (c, next) => {
        c.set("operator", "ops@jplay.test");
        await next();
      })
      .route("/", adminArtistRoutes);
    const response = await routes.request(`/${artistId}/revoke-links`, { method: "POST" }, env);
    expect(await response.json()).toEqual({ revoked: 1 });
    expect((await openPage(token)).status).toBe(404);
    const audited = await env.DB.prepare("select actor from audit_log where action = 'links_revoked' and artist_id = ?1")
      .bind(artistId)
      .all<{ actor: string }>();
    expect(audited.results).toEqual([{ actor: "ops@jplay.test" }]);
  });
});

describe("a link opened in a browser is kept in an HttpOnly cookie, not in the address", () => {
  const LINK_COOKIE = "__Host-jplay_artist_link";

  it("GET /artist/{token} keeps the token in the cookie and sends the browser to /artist with its query; the page then reads the kept link", async () => {
    const { token, artistId } = await newArtist();
    const browser = new Browser();
    const opened = await browser.fetch(`/artist/${token}?payouts=refresh`, { redirect: "manual" });
    expect(opened.status).toBe(303);
    expect(opened.headers.get("Location")).toBe("/artist?payouts=refresh");
    expect(opened.headers.get("Cache-Control")).toBe("no-store");
    expect(opened.headers.get("Referrer-Policy")).toBe("no-referrer");
    const [cookie] = opened.headers.getSetCookie();
    expect(cookie).toMatch(new RegExp(`^${LINK_COOKIE}=${token}; Max-Age=${90 * 24 * 60 * 60}; Path=/; HttpOnly; Secure; SameSite=Lax$`));
    expect(browser.cookie(LINK_COOKIE)).toBe(token);

    const page = await browser.fetch("/api/artist/link");
    expect(page.status).toBe(200);
    expect((await page.json<ArtistPageResponse>()).songs).toEqual((await pageOf(token)).songs);
    // Each visit keeps the cookie as long as the link it renewed.
    expect(page.headers.getSetCookie()[0]).toMatch(new RegExp(`^${LINK_COOKIE}=${token}; Max-Age=${90 * 24 * 60 * 60};`));
    expect((await browser.fetch("/api/artist/link/pro")).status).toBe(200);
    expect((await browser.fetch("/api/artist/link/card")).status).toBe(200);
    expect(await resolveArtistLink(testContext(), token)).toBe(artistId);

    // Another browser, with no kept link, learns nothing.
    const stranger = await new Browser().fetch("/api/artist/link");
    expect(stranger.status).toBe(404);
    expect(await stranger.json()).toEqual({ error: { code: "not_found", message: "Link not found" } });
  });

  it("a malformed link never drops the kept one: the page goes on showing this browser's artist and says the link was not kept", async () => {
    const { token } = await newArtist();
    const browser = new Browser();
    await browser.fetch(`/artist/${token}`, { redirect: "manual", headers: { "Sec-Fetch-Site": "none" } });
    expect((await browser.fetch("/api/artist/link")).status).toBe(200);

    for (const malformed of ["not-a-token", "%22%3E%3Cscript%3E", `${token}x`, "constructor"]) {
      const opened = await browser.fetch(`/artist/${malformed}`, { redirect: "manual", headers: { "Sec-Fetch-Site": "none" } });
      expect(opened.status).toBe(303);
      expect(opened.headers.get("Location")).toBe("/artist?link=not-kept");
      expect(opened.headers.getSetCookie()).toEqual([]);
      expect(browser.cookie(LINK_COOKIE)).toBe(token);
    }
    expect((await browser.fetch("/api/artist/link")).status).toBe(200);
  });

  it("a link another website sends the browser to is not kept: the kept link stays, and a browser with none keeps none", async () => {
    const mine = await newArtist();
    const theirs = await newArtist();
    const victim = new Browser();
    const own = await victim.fetch(`/artist/${mine.token}?payouts=refresh`, { redirect: "manual", headers: { "Sec-Fetch-Site": "none" } });
    expect(own.headers.get("Location")).toBe("/artist?payouts=refresh");
    expect(victim.cookie(LINK_COOKIE)).toBe(mine.token);

    // Another site's link, a sibling subdomain's, and (a browser without Fetch Metadata) one with another site's Referer.
    const sentFromElsewhere: Array<Record<string, string>> = [
      { "Sec-Fetch-Site": "cross-site", Referer: "https://attacker.example/" },
      { "Sec-Fetch-Site": "same-site" },
      { Referer: "https://attacker.example/page" },
      { Referer: "not a url" },
    ];
    for (const headers of sentFromElsewhere) {
      const opened = await victim.fetch(`/artist/${theirs.token}?payouts=refresh`, { redirect: "manual", headers });
      expect(opened.status).toBe(303);
      expect(opened.headers.get("Location")).toBe("/artist?payouts=refresh&link=not-kept");
      expect(opened.headers.getSetCookie()).toEqual([]);
      expect(victim.cookie(LINK_COOKIE)).toBe(mine.token);
    }
    const page = await victim.fetch("/api/artist/link");
    expect((await page.json<ArtistPageResponse>()).songs).toEqual((await pageOf(mine.token)).songs);

    const fresh = new Browser();
    await fresh.fetch(`/artist/${theirs.token}`, { redirect: "manual", headers: { "Sec-Fetch-Site": "cross-site" } });
    expect(fresh.cookie(LINK_COOKIE)).toBeUndefined();

    // From one of JPlay's own pages, or without Fetch Metadata and without a Referer from elsewhere: kept.
    const fromThePerson: Array<Record<string, string>> = [{ "Sec-Fetch-Site": "same-origin" }, { Referer: "http://jplay.test/distribute" }, {}];
    for (const headers of fromThePerson) {
      const browser = new Browser();
      const opened = await browser.fetch(`/artist/${theirs.token}`, { redirect: "manual", headers });
      expect(opened.headers.get("Location")).toBe("/artist");
      expect(browser.cookie(LINK_COOKIE)).toBe(theirs.token);
    }
  });

  it("payout setup started from the kept link sends Stripe a return address without the token", async () => {
    const artist = await newArtist();
    const browser = new Browser();
    await browser.fetch(`/artist/${artist.token}`, { redirect: "manual" });
    const start = await browser.fetch("/api/artist/link/connect", { method: "POST" });
    expect(start.status).toBe(200);
    const { url } = await start.json<{ url: string }>();
    const done = await exports.default.fetch(
      new Request(`http://jplay.test${url}`, {
        method: "POST",
        redirect: "manual",
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ card_number: "4000 0566 5566 5556" }).toString(),
      }),
    );
    expect(done.status).toBe(303);
    expect(done.headers.get("Location")).toBe("http://jplay.test/artist");
  });

  it("revoking from the kept link keeps the new link in the cookie: the page goes on working, the old link does not", async () => {
    const { token } = await newArtist();
    const browser = new Browser();
    await browser.fetch(`/artist/${token}`, { redirect: "manual" });
    const revoked = await browser.fetch("/api/artist/link/revoke-links", { method: "POST" });
    expect(revoked.status).toBe(200);
    const { artistPageUrl } = await revoked.json<{ artistPageUrl: string }>();
    const fresh = artistPageUrl.slice("/artist/".length);
    expect(fresh).not.toBe(token);
    expect(browser.cookie(LINK_COOKIE)).toBe(fresh);
    expect((await browser.fetch("/api/artist/link")).status).toBe(200);
    expect((await openPage(token)).status).toBe(404);
  });
});

describe("the page", () => {
  it("shows only its own artist's songs with status and history, sales, balance held until payouts are set up, and the frequency", async () => {
    const ada = await newArtist();
    const bea = await newArtist();
    const empty = await pageOf(ada.token);
    expect(empty).toMatchObject({
      paymentFrequency: "weekly",
      connect: { status: "not_started" },
      balance: { availableCents: 0, pendingCents: 0, heldCents: 0, minimumCents: 1000 },
      sales: { purchases: 0, grossCents: 0 },
      songs: [],
      payouts: [],
    });
    expect(empty.nextPayoutOn).toBe(nextPayoutOn("weekly", Date.now()));
    expect(new Date(`${empty.nextPayoutOn}T00:00:00Z`).getUTCDay()).toBe(1);

    const adaSong = await upload(ada.browser, ada.setup.customerId, "Ada's Song");
    const beaSong = await upload(bea.browser, bea.setup.customerId, "Bea's Song");
    await db
      .insert(songEvents)
      .values({ id: crypto.randomUUID(), songId: adaSong, fromStatus: "pending", toStatus: "approved", cause: "payment pi_test succeeded" });
    await db.insert(purchases).values([
      { id: crypto.randomUUID(), songId: adaSong, priceCents: 199, purchasedAt: Date.now() },
      { id: crypto.randomUUID(), songId: adaSong, priceCents: 199, purchasedAt: Date.now() },
      { id: crypto.randomUUID(), songId: beaSong, priceCents: 199, purchasedAt: Date.now() },
    ]);
    await credit(ada.artistId, 358);

    const response = await openPage(ada.token);
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    expect(response.headers.get("Referrer-Policy")).toBe("no-referrer");
    const page = await response.json<ArtistPageResponse>();
    expect(page.songs).toHaveLength(1);
    expect(page.songs[0]).toMatchObject({
      id: adaSong,
      title: "Ada's Song",
      status: "pending",
      sales: { purchases: 2, grossCents: 398 },
      history: [{ fromStatus: "pending", toStatus: "approved", cause: "payment pi_test succeeded" }],
      // Uploaded with no release date: it is released the day it was uploaded; codes come before delivery.
      releaseDate: todayUtc(Date.now()),
      isrc: null,
      upc: null,
    });
    expect(page.sales).toEqual({ purchases: 2, grossCents: 398 });
    // No connected account yet: everything available is held.
    expect(page.balance).toMatchObject({ availableCents: 358, heldCents: 358, pendingCents: 0 });
    expect(JSON.stringify(page)).not.toContain(beaSong);

    const other = await pageOf(bea.token);
    expect(other.songs.map((song) => song.id)).toEqual([beaSong]);
    expect(other.balance.availableCents).toBe(0);
  });

  it("starts payouts setup: one connected account with the artist's schedule, Stripe-hosted onboarding, account.updated makes it ready", async () => {
    const artist = await newArtist();
    await credit(artist.artistId, 250);
    const start = await new Browser().fetch(`/api/artist/${artist.token}/connect`, { method: "POST" });
    expect(start.status).toBe(200);
    const { url } = await start.json<{ url: string }>();
    expect(url).toMatch(/^\/api\/stripe-sandbox\/connect\/onboarding\/acl_/);
    const [row] = await db.select().from(artists).where(eq(artists.id, artist.artistId));
    expect(row!.stripeAccountId).toMatch(/^acct_/);
    const account = await stripe.accounts.retrieve(row!.stripeAccountId);
    expect(account).toMatchObject({
      type: "express",
      metadata: { artistId: artist.artistId },
      settings: { payouts: { schedule: { interval: "weekly", weekly_anchor: "monday" } } },
    });
    expect((await pageOf(artist.token)).connect.status).toBe("onboarding");

    // Asking again gives a fresh link for the same account.
    const again = await (await new Browser().fetch(`/api/artist/${artist.token}/connect`, { method: "POST" })).json<{ url: string }>();
    expect(again.url).not.toBe(url);
    expect((await db.select().from(artists).where(eq(artists.id, artist.artistId)))[0]!.stripeAccountId).toBe(row!.stripeAccountId);

    const done = await exports.default.fetch(
      new Request(`http://jplay.test${again.url}`, {
        method: "POST",
        redirect: "manual",
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ card_number: "4000 0566 5566 5556" }).toString(),
      }),
    );
    expect(done.status).toBe(303);
    // Back to the page at /artist, whichever way the call named the link: the token never goes to Stripe.
    expect(done.headers.get("Location")).toBe("http://jplay.test/artist");
    await deliverWebhooks();
    await expect.poll(async () => (await pageOf(artist.token)).connect.status).toBe("ready");
    const ready = await pageOf(artist.token);
    expect(ready.balance).toMatchObject({ availableCents: 250, heldCents: 0 });
    expect((await db.select().from(artists).where(eq(artists.id, artist.artistId)))[0]!.payoutsEnabled).toBe(true);

    // Switching to daily payouts moves the connected account's own schedule too.
    const switched = await artist.browser.postJson("/api/create-setup-intent", { paymentFrequency: "daily" });
    const setup = await switched.json<{ clientSecret: string; customerId: string }>();
    const confirmed = await (
      await artist.browser.sandboxForm(`/v1/setup_intents/${setup.clientSecret.split("_secret_")[0]}/confirm`, {
        client_secret: setup.clientSecret,
        "payment_method_data[type]": "card",
        "payment_method_data[card][number]": "4242424242424242",
        "payment_method_data[card][exp_month]": "12",
        "payment_method_data[card][exp_year]": "2034",
        "payment_method_data[card][cvc]": "123",
      })
    ).json<{ payment_method: string }>();
    const saved = await artist.browser.postJson("/api/save-payment-method", {
      customerId: setup.customerId,
      paymentMethodId: confirmed.payment_method,
      phoneNumber: "+1 555 010 7777",
      paymentFrequency: "daily",
    });
    expect(saved.status).toBe(200);
    expect((await stripe.accounts.retrieve(row!.stripeAccountId)).settings?.payouts?.schedule).toMatchObject({ interval: "daily" });
    expect((await pageOf(artist.token)).paymentFrequency).toBe("daily");
  });

  it("shows earnings from the provider's purchase reports, and the payout that pays them out", async () => {
    const artist = await newArtist();
    // A live expedited song (10% to the provider): each $1.99 download earns the artist $1.80; six pass the $10.00 minimum.
    const songId = await insertSong({ artistId: artist.artistId, status: "distributed", package: "expedited", audio: null });
    const body = JSON.stringify({
      purchases: [1, 2, 3, 4, 5, 6].map((n) => ({ purchaseId: `page-${songId}-${n}`, songId, priceCents: 199, purchasedAt: new Date().toISOString() })),
    });
    const timestamp = String(Math.floor(Date.now() / 1000));
    const reported = await exports.default.fetch(
      new Request("http://jplay.test/api/provider/purchases", {
        method: "POST",
        headers: {
          "Content-Type": "application/json",
          "X-JPlay-Timestamp": timestamp,
          "X-JPlay-Signature": await signPost(env.PROVIDER_WEBHOOK_SECRET!, timestamp, "/api/provider/purchases", body),
        },
        body,
      }),
    );
    expect(reported.status).toBe(200);

    const earned = await pageOf(artist.token);
    expect(earned.songs[0]).toMatchObject({ id: songId, status: "distributed", sales: { purchases: 6, grossCents: 1194 } });
    expect(earned.balance).toMatchObject({ availableCents: 1080, heldCents: 1080 });

    // Payouts set up, then the Monday payout job pays the balance.
    const { url } = await (await new Browser().fetch(`/api/artist/${artist.token}/connect`, { method: "POST" })).json<{ url: string }>();
    await exports.default.fetch(
      new Request(`http://jplay.test${url}`, {
        method: "POST",
        redirect: "manual",
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        body: "card_number=4000056655665556",
      }),
    );
    await deliverWebhooks();
    await expect.poll(async () => (await pageOf(artist.token)).connect.status).toBe("ready");
    const batch = createMessageBatch<Job>("jplay-jobs", [
      { id: "pay-1", timestamp: new Date(), attempts: 1, body: { type: "payouts.artist", artistId: artist.artistId, period: "2026-11-30" } },
    ]);
    const ctx = createExecutionContext();
    await worker.queue(batch, env, ctx);
    expect((await getQueueResult(batch, ctx)).explicitAcks).toEqual(["pay-1"]);

    const paid = await pageOf(artist.token);
    expect(paid.balance).toMatchObject({ availableCents: 0, pendingCents: 0, heldCents: 0 });
    expect(paid.payouts).toMatchObject([{ period: "2026-11-30", amountCents: 1080, status: "paid" }]);
    expect(await ledgerTotal(testCtx)).toBe(0);
  });

  it("while the artist onboards, reloading the page asks Stripe at most every 30 seconds and writes nothing until the account changes", async () => {
    const artist = await newArtist();
    expect((await new Browser().fetch(`/api/artist/${artist.token}/connect`, { method: "POST" })).status).toBe(200);
    const [row] = await db.select().from(artists).where(eq(artists.id, artist.artistId));
    let asked = 0;
    const counting = new Proxy(stripe, {
      get: (target, property) =>
        property === "accounts" ? { retrieve: (id: string) => (asked++, target.accounts.retrieve(id)) } : (Reflect.get(target, property) as unknown),
    });
    const countingCtx = testContext({ env: { ...env, DB: countingD1(env.DB) }, stripe: counting });
    const writesBefore = d1WritesRun();
    const now = Date.now();
    for (const at of [now, now + 1_000, now + 29_000]) await refreshOnboardingStatus(countingCtx, row!, at);
    expect(asked).toBe(1);
    await refreshOnboardingStatus(countingCtx, row!, now + ONBOARDING_RECHECK_MS + 1);
    expect(asked).toBe(2);
    // Still onboarding: the row is as it was, and no write ran.
    expect(d1WritesRun() - writesBefore).toBe(0);
  });

  it("shows payouts ready on return from onboarding even before Stripe's webhook arrives", async () => {
    const artist = await newArtist();
    const { url } = await (await new Browser().fetch(`/api/artist/${artist.token}/connect`, { method: "POST" })).json<{ url: string }>();
    // Onboarding completed while Stripe's webhooks cannot reach the product (they stay pending).
    await sandboxAdmin("/v1/test_helpers/webhooks", { paused: "true" });
    onTestFinished(() => sandboxAdmin("/v1/test_helpers/webhooks", { paused: "false" }).then(() => undefined));
    const done = await exports.default.fetch(
      new Request(`http://jplay.test${url}`, {
        method: "POST",
        redirect: "manual",
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        body: "card_number=4000056655665556",
      }),
    );
    expect(done.status).toBe(303);
    expect((await db.select().from(artists).where(eq(artists.id, artist.artistId)))[0]!.payoutsEnabled).toBe(false);
    // Opening the page asks Stripe while the artist is onboarding.
    expect((await pageOf(artist.token)).connect.status).toBe("ready");
    expect((await db.select().from(artists).where(eq(artists.id, artist.artistId)))[0]!.payoutsEnabled).toBe(true);
  });
});

/** The payout job's context, its texts captured rather than sent. */
const payoutJobCtx = () => testContext({ jobs: new CapturingQueue().asQueue() });

/** The sandbox's hosted onboarding, submitted from a fresh link of the page; `fields` beyond the card; its webhooks delivered. */
async function onboard(token: string, fields: Record<string, string> = {}) {
  const { url } = await (await new Browser().fetch(`/api/artist/${token}/connect`, { method: "POST" })).json<{ url: string }>();
  const done = await submitSandboxOnboarding(url, fields);
  expect(done.status).toBe(303);
  await deliverWebhooks();
}

describe("the payout minimum", () => {
  /** Payouts set up through the sandbox's hosted onboarding (its defaults: a debit card and the tax details). */
  async function onboarded() {
    const artist = await newArtist();
    await onboard(artist.token);
    await expect.poll(async () => (await pageOf(artist.token)).connect.status).toBe("ready");
    return artist;
  }

  it("keeps a balance under $10.00 for later, showing how far it is, and pays it once it reaches $10.00", async () => {
    const artist = await onboarded();
    await credit(artist.artistId, 360);
    // A Monday: the artist is paid weekly.
    expect(await payArtist(payoutJobCtx(), artist.artistId, "2027-03-01")).toBe("below_minimum");
    const waiting = await pageOf(artist.token);
    expect(waiting.balance).toEqual({ availableCents: 360, pendingCents: 0, heldCents: 0, minimumCents: 1000 });
    expect(waiting.payouts).toEqual([]);
    expect(
      await stripe.transfers.list({ destination: (await db.select().from(artists).where(eq(artists.id, artist.artistId)))[0]!.stripeAccountId!, limit: 10 }),
    ).toMatchObject({ data: [] });

    // At the minimum exactly: paid on the next payout day.
    await credit(artist.artistId, 640);
    expect(await payArtist(payoutJobCtx(), artist.artistId, "2027-03-08")).toBe("paid");
    const paid = await pageOf(artist.token);
    expect(paid.balance).toMatchObject({ availableCents: 0, pendingCents: 0, minimumCents: 1000 });
    expect(paid.payouts).toMatchObject([{ period: "2027-03-08", amountCents: 1000, status: "paid" }]);
  });

  it("is a setting in whole cents (PAYOUT_MINIMUM_CENTS); a value that is not one is ignored, logged once", async () => {
    const artist = await newArtist();
    const withMinimum = (value: string) => testContext({ env: { ...env, PAYOUT_MINIMUM_CENTS: value } });
    expect((await loadArtistPage(withMinimum("2500"), artist.artistId))!.balance.minimumCents).toBe(2500);
    const errors = vi.spyOn(console, "error").mockImplementation(() => undefined);
    onTestFinished(() => errors.mockRestore());
    for (const bad of ["12.5", "-100", "ten dollars"]) expect((await loadArtistPage(withMinimum(bad), artist.artistId))!.balance.minimumCents).toBe(1000);
    const logged = errors.mock.calls.filter(([line]) => String(line).includes("PAYOUT_MINIMUM_CENTS"));
    expect(logged).toHaveLength(1);
    expect(JSON.parse(String(logged[0]![0]))).toMatchObject({ level: "error", setting: "PAYOUT_MINIMUM_CENTS", value: "12.5", using: 1000 });
  });
});

describe("Stripe's requirements before payouts (the tax details)", () => {
  const artistRow = async (artistId: string) => (await db.select().from(artists).where(eq(artists.id, artistId)))[0]!;

  it("holds the balance of an account whose tax details are due, says so on the page, and pays on the next run once they are given", async () => {
    const artist = await newArtist();
    await onboard(artist.token, { without_tax_details: "on" });
    await expect.poll(async () => (await artistRow(artist.artistId)).payoutRequirements).toEqual(["individual.id_number"]);
    expect((await artistRow(artist.artistId)).payoutsEnabled).toBe(false);
    await credit(artist.artistId, 1200);

    const waiting = await pageOf(artist.token);
    expect(waiting.connect).toEqual({ status: "onboarding", missing: ["tax_details"] });
    expect(waiting.balance).toMatchObject({ availableCents: 1200, heldCents: 1200 });
    // No transfer is attempted: Stripe would refuse it, and the money stays available.
    expect(await payArtist(payoutJobCtx(), artist.artistId, "2027-03-15")).toBe("held");
    const accountId = (await artistRow(artist.artistId)).stripeAccountId!;
    expect((await stripe.transfers.list({ destination: accountId, limit: 10 })).data).toEqual([]);
    expect((await pageOf(artist.token)).payouts).toEqual([]);

    // The artist continues the onboarding and gives them: account.updated makes the account payable.
    await onboard(artist.token, { tax_id: "000-00-0000" });
    await expect.poll(async () => (await artistRow(artist.artistId)).payoutRequirements).toEqual([]);
    const ready = await pageOf(artist.token);
    expect(ready.connect).toEqual({ status: "ready", missing: [] });
    expect(ready.balance).toMatchObject({ availableCents: 1200, heldCents: 0 });
    expect(await payArtist(payoutJobCtx(), artist.artistId, "2027-03-22")).toBe("paid");
    expect((await pageOf(artist.token)).payouts).toMatchObject([{ period: "2027-03-22", amountCents: 1200, status: "paid" }]);
    expect((await stripe.transfers.list({ destination: accountId, limit: 10 })).data.map((transfer) => transfer.amount)).toEqual([1200]);
  });

  it("waits while Stripe asks for anything, even with payouts enabled; unknown requirements read as Stripe needing more details", async () => {
    const artist = await newArtist();
    await onboard(artist.token);
    await expect.poll(async () => (await pageOf(artist.token)).connect.status).toBe("ready");
    const accountId = (await artistRow(artist.artistId)).stripeAccountId!;
    const account = await stripe.accounts.retrieve(accountId);
    // Stripe asks for more later (a threshold reached): payouts still enabled, requirements due.
    await applyAccountUpdated(testCtx, {
      ...account,
      requirements: {
        ...account.requirements!,
        currently_due: ["individual.verification.document"],
        past_due: ["some_new_requirement", "individual.verification.document"],
      },
    });
    expect((await artistRow(artist.artistId)).payoutRequirements).toEqual(["individual.verification.document", "some_new_requirement"]);
    await credit(artist.artistId, 1500);
    // The page as the account.updated left it (opening it would ask Stripe again, whose sandbox account asks for nothing).
    expect((await loadArtistPage(testCtx, artist.artistId))!.connect).toEqual({ status: "onboarding", missing: ["identity_document", "other"] });
    expect(await payArtist(payoutJobCtx(), artist.artistId, "2027-03-29")).toBe("held");
    expect(payoutRequirementsOf(["individual.ssn_last_4", "external_account", "tos_acceptance.ip", "individual.address.line1", "company.tax_id"])).toEqual([
      "tax_details",
      "personal_details",
      "payout_account",
      "terms",
    ]);
  });
});

describe("the Connect webhook endpoint", () => {
  const SECRET = "whsec_connect_test_0123456789";
  const withSecret = { ...env, STRIPE_CONNECT_WEBHOOK_SECRET: SECRET } as unknown as Env;

  async function post(event: unknown, secret = SECRET, target: Env = withSecret) {
    const payload = JSON.stringify(event);
    return worker.fetch(
      new Request("http://jplay.test/api/webhooks/stripe-connect", {
        method: "POST",
        headers: { "Content-Type": "application/json", "Stripe-Signature": await stripeSignature(payload, secret) },
        body: payload,
      }),
      target,
      createExecutionContext(),
    );
  }

  it("applies account.updated once, refuses bad signatures, and fails closed without its secret", async () => {
    const accountId = `acct_${crypto.randomUUID().replaceAll("-", "").slice(0, 24)}`;
    const artistId = crypto.randomUUID();
    await db.insert(artists).values({ id: artistId, paymentFrequency: "daily", stripeAccountId: accountId });
    const event = (enabled: boolean, id = `evt_${crypto.randomUUID().replaceAll("-", "")}`) => ({
      id,
      object: "event",
      type: "account.updated",
      api_version: Stripe.API_VERSION,
      livemode: false,
      account: accountId,
      data: { object: { id: accountId, object: "account", payouts_enabled: enabled } },
    });
    const enabledEvent = event(true);

    expect((await post(enabledEvent, "whsec_wrong")).status).toBe(400);
    expect((await db.select().from(artists).where(eq(artists.id, artistId)))[0]!.payoutsEnabled).toBe(false);
    expect((await post(enabledEvent, SECRET, { ...env, STRIPE_CONNECT_WEBHOOK_SECRET: undefined })).status).toBe(503);

    const first = await post(enabledEvent);
    expect(await first.json()).toEqual({ received: true });
    expect((await db.select().from(artists).where(eq(artists.id, artistId)))[0]!.payoutsEnabled).toBe(true);
    expect(await (await post(enabledEvent)).json()).toEqual({ received: true, duplicate: true });

    // Stripe stops payouts on the account: the artist's payouts stop too (their balance is held).
    await post(event(false));
    expect((await db.select().from(artists).where(eq(artists.id, artistId)))[0]!.payoutsEnabled).toBe(false);
  });
});
