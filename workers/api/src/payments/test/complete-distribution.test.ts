/**
 * POST /api/distribute/{songId}/complete: the artist pays the chosen option with the saved card,
 * exactly once, at the server's price, under the product's timing rules; 3-D Secure and card forms
 * finish through the browser and the webhook.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { PAYMENT_ATTEMPT_INTERVAL_MS } from "@jplay/schema/pricing";
import { Browser } from "../../../test/support";
import {
  approvalEvents,
  artistWithSong,
  authenticateInBrowser,
  cardAttempts,
  freshCardNumber,
  chargesOf,
  complete,
  letTimePass,
  nextRequestId,
  payInBrowser,
  paymentIntentsOf,
  paymentsOf,
  sandboxAdmin,
  songPaid,
  songRow,
} from "../../../test/payment-support";

describe("complete distribution", { timeout: 30_000 }, () => {
  it("charges the saved card the standard fee once and pays the song (4242)", async () => {
    const artist = await artistWithSong();
    const requestId = nextRequestId();
    const res = await complete(artist.browser, artist.songId, "standard", requestId);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ success: true, feeOption: "standard" });

    expect(await songRow(artist.songId)).toMatchObject({
      status: "approved",
      package: "standard",
      distribution_fee_cents: 9900,
      revenue_split_bps: 200,
      paid_at: expect.any(Number),
    });
    expect(await approvalEvents(artist.songId)).toBe(1);
    const charges = await chargesOf(artist.customerId);
    expect(charges.map((c) => [c.amount, c.status])).toEqual([[9900, "succeeded"]]);

    // The same request replays its answer; a new one is told the song is paid. Neither charges.
    const replayed = await complete(artist.browser, artist.songId, "standard", requestId);
    expect(await replayed.json()).toEqual({ success: true, feeOption: "standard" });
    const again = await complete(artist.browser, artist.songId, "expedited");
    expect(await again.json()).toEqual({ alreadyProcessed: true, feeOption: "expedited" });
    // The webhook of the same charge arrives later and changes nothing.
    await songPaid(artist.songId);
    expect(await approvalEvents(artist.songId)).toBe(1);
    expect(await chargesOf(artist.customerId)).toHaveLength(1);
  });

  it("charges once for 50 concurrent identical requests", async () => {
    const artist = await artistWithSong();
    const requestId = nextRequestId();
    const answers = await Promise.all(
      Array.from({ length: 50 }, async () => {
        const res = await complete(artist.browser, artist.songId, "expedited", requestId);
        return { status: res.status, body: await res.json<Record<string, unknown>>() };
      }),
    );
    expect(answers.every((a) => a.status === 200 || a.status === 409)).toBe(true);
    const successes = answers.filter((a) => a.status === 200);
    expect(successes.length).toBeGreaterThanOrEqual(1);
    for (const success of successes) expect(success.body).toEqual({ success: true, feeOption: "expedited" });
    for (const busy of answers.filter((a) => a.status === 409))
      expect(busy.body).toMatchObject({ error: { message: "A payment for this song is already in progress" } });

    const charges = await chargesOf(artist.customerId);
    expect(charges.map((c) => c.amount)).toEqual([4999]);
    expect(await paymentsOf(artist.songId)).toHaveLength(1);
    expect(await songRow(artist.songId)).toMatchObject({ status: "approved", package: "expedited", distribution_fee_cents: 4999, revenue_split_bps: 1000 });
    const replayed = await complete(artist.browser, artist.songId, "expedited", requestId);
    expect(await replayed.json()).toEqual({ success: true, feeOption: "expedited" });
  });

  it("replays a decline for the same requestId and refuses that requestId with another option without calling Stripe", async () => {
    const artist = await artistWithSong("4000000000000341");
    const requestId = nextRequestId();
    const declined = await complete(artist.browser, artist.songId, "standard", requestId);
    expect(declined.status).toBe(402);
    const declineBody = await declined.json();
    expect(declineBody).toEqual({ error: { code: "generic_decline", message: "Your card was declined." } });
    expect(await paymentsOf(artist.songId)).toMatchObject([{ status: "failed", decline_code: "generic_decline" }]);

    const replayed = await complete(artist.browser, artist.songId, "standard", requestId);
    expect(replayed.status).toBe(402);
    expect(await replayed.json()).toEqual(declineBody);
    const switched = await complete(artist.browser, artist.songId, "expedited", requestId);
    expect(switched.status).toBe(409);
    expect(await switched.json()).toMatchObject({ error: { code: "request_reused" } });

    expect(await chargesOf(artist.customerId)).toHaveLength(1);
    expect(await paymentIntentsOf(artist.customerId)).toHaveLength(1);
  });

  it("keeps attempts 30 s apart and an option switch 60 s after the last attempt (429 with Retry-After)", async () => {
    const artist = await artistWithSong("4000000000000341");
    expect((await complete(artist.browser, artist.songId, "standard")).status).toBe(402);

    const tooSoon = await complete(artist.browser, artist.songId, "standard");
    expect(tooSoon.status).toBe(429);
    expect(Number(tooSoon.headers.get("Retry-After"))).toBeGreaterThan(25);
    expect(Number(tooSoon.headers.get("Retry-After"))).toBeLessThanOrEqual(30);
    expect(await tooSoon.json()).toMatchObject({ error: { message: expect.stringContaining("Please wait") } });

    await letTimePass(artist.songId, PAYMENT_ATTEMPT_INTERVAL_MS + 1000);
    const switchTooSoon = await complete(artist.browser, artist.songId, "expedited");
    expect(switchTooSoon.status).toBe(429);
    expect(Number(switchTooSoon.headers.get("Retry-After"))).toBeGreaterThan(25);
    expect(await switchTooSoon.json()).toMatchObject({ error: { message: expect.stringContaining("fee option") } });
    expect(await chargesOf(artist.customerId)).toHaveLength(1);

    // Same option after 31 s: allowed (and declined again by this card).
    expect((await complete(artist.browser, artist.songId, "standard")).status).toBe(402);
    await letTimePass(artist.songId, 60_000);
    expect((await complete(artist.browser, artist.songId, "expedited")).status).toBe(402);
    expect((await chargesOf(artist.customerId)).map((c) => c.amount)).toEqual([4999, 9900, 9900]);
  });

  it("asks for 3-D Secure (4000 0027 6000 3184); the browser authenticates and the webhook pays the song with one charge", async () => {
    const artist = await artistWithSong("4000002760003184");
    const res = await complete(artist.browser, artist.songId, "expedited");
    expect(res.status).toBe(200);
    const body = await res.json<{ requiresAction: boolean; clientSecret: string; feeOption: string }>();
    expect(body).toEqual({ requiresAction: true, clientSecret: expect.stringMatching(/^pi_.+_secret_/), feeOption: "expedited" });
    expect((await songRow(artist.songId))?.status).toBe("pending");

    expect((await authenticateInBrowser(artist.browser, body.clientSecret, "complete")).status).toBe("succeeded");
    expect(await songPaid(artist.songId)).toMatchObject({ package: "expedited", distribution_fee_cents: 4999, revenue_split_bps: 1000 });
    expect((await chargesOf(artist.customerId)).map((c) => [c.amount, c.status])).toEqual([[4999, "succeeded"]]);
    // One attempt on the card: the server's, settled by the webhook.
    expect((await cardAttempts(artist.fingerprint)).map((a) => a.outcome)).toEqual(["succeeded"]);
    expect(await approvalEvents(artist.songId)).toBe(1);
  });

  it("asks for a card when the saved card may not be charged again (reported stolen after it was saved)", async () => {
    const artist = await artistWithSong();
    // The issuer now declines the saved card as stolen: the first charge finds out, then it is never retried.
    expect(
      (await sandboxAdmin(`/v1/test_helpers/payment_methods/${artist.stripePaymentMethodId}/simulate_card`, { behaves_like: "4000000000009979" })).status,
    ).toBe(200);
    const declined = await complete(artist.browser, artist.songId, "standard");
    expect(declined.status).toBe(402);
    expect(await declined.json()).toMatchObject({ error: { code: "stolen_card" } });

    await letTimePass(artist.songId, 31_000);
    const res = await complete(artist.browser, artist.songId, "standard");
    const body = await res.json<{ requiresPaymentMethod: boolean; clientSecret: string; amount: number }>();
    expect(body).toEqual({ requiresPaymentMethod: true, clientSecret: expect.stringMatching(/^pi_/), amount: 99, feeOption: "standard" });
    expect(await chargesOf(artist.customerId)).toHaveLength(1);

    expect((await payInBrowser(artist.browser, body.clientSecret, freshCardNumber())).body.status).toBe("succeeded");
    expect(await songPaid(artist.songId)).toMatchObject({ package: "standard", distribution_fee_cents: 9900 });
    const charges = await chargesOf(artist.customerId);
    expect(charges.map((c) => [c.amount, c.status])).toEqual([
      [9900, "succeeded"],
      [9900, "failed"],
    ]);
  });

  it("resumes a request that died mid-charge when the same requestId comes back, charging once", async () => {
    const artist = await artistWithSong();
    const requestId = nextRequestId();
    // Stripe fails the charge with a 500 stored under its key, which the SDK does not resend: the answer is an error, the payment stays open.
    await sandboxAdmin("/v1/test_helpers/faults", { mode: "http_500", count: "1", path_prefix: "/v1/payment_intents" });
    const failed = await complete(artist.browser, artist.songId, "standard", requestId);
    expect(failed.status).toBe(503);
    expect(await failed.json()).toEqual({
      error: { code: "payments_unavailable", message: "Payments are temporarily unavailable. Please try again in a minute." },
    });
    expect(await paymentsOf(artist.songId)).toMatchObject([{ status: "processing" }]);
    expect((await complete(artist.browser, artist.songId, "standard", requestId)).status).toBe(409);

    await letTimePass(artist.songId, 31_000);
    const resumed = await complete(artist.browser, artist.songId, "standard", requestId);
    expect(await resumed.json()).toEqual({ success: true, feeOption: "standard" });
    expect((await chargesOf(artist.customerId)).map((c) => c.amount)).toEqual([9900]);
    expect(await cardAttempts(artist.fingerprint)).toHaveLength(1);
    expect(await songRow(artist.songId)).toMatchObject({ status: "approved", package: "standard" });
  });

  it("never sends a browser's amount to Stripe", async () => {
    const artist = await artistWithSong();
    const res = await complete(artist.browser, artist.songId, "expedited", nextRequestId(), { amount: 1, amountCents: 1 });
    expect(res.status).toBe(200);
    expect((await chargesOf(artist.customerId)).map((c) => c.amount)).toEqual([4999]);
  });

  it("refuses bad input, strangers and other artists' songs", async () => {
    const artist = await artistWithSong();
    const invalid = await complete(artist.browser, artist.songId, "premium");
    expect(invalid.status).toBe(400);
    expect(await invalid.json()).toEqual({ error: { code: "bad_request", message: "Invalid option" } });
    expect((await artist.browser.postJson(`/api/distribute/${artist.songId}/complete`, { feeOption: "standard" })).status).toBe(400);
    expect((await artist.browser.postJson(`/api/distribute/${artist.songId}/complete`, { feeOption: "standard", requestId: "x".repeat(101) })).status).toBe(
      400,
    );
    expect((await artist.browser.fetch(`/api/distribute/${artist.songId}/complete`, { method: "POST", body: "not json" })).status).toBe(400);

    const other = await artistWithSong();
    const foreign = await complete(other.browser, artist.songId, "standard");
    expect(foreign.status).toBe(404);
    expect(await foreign.json()).toEqual({ error: { code: "not_found", message: "Song not found" } });
    expect((await complete(artist.browser, "no-such-song", "standard")).status).toBe(404);
    expect((await complete(new Browser(), artist.songId, "standard")).status).toBe(401);

    expect(await chargesOf(artist.customerId)).toHaveLength(0);
    expect(await env.DB.prepare("SELECT count(*) AS n FROM payments WHERE song_id = ?").bind(artist.songId).first("n")).toBe(0);
  });
});
