/**
 * The one-off /checkout payment (POST /api/create-payment-intent) and the Pro subscription
 * (POST /api/get-or-create-subscription): the server's prices only, the song paid by webhook, and
 * Pro on only while Stripe says the subscription is paid.
 */
import { describe, expect, it } from "vitest";
import { Browser } from "./support";
import { artistWithSong, freshCardNumber, intentIdOf, payInBrowser, paymentIntentsOf, songPaid, songRow, uploadSong } from "./payment-support";

const checkout = (browser: Browser, body?: unknown) =>
  browser.fetch("/api/create-payment-intent", { method: "POST", headers: { "Content-Type": "application/json" }, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });

describe("one-off checkout", { timeout: 30_000 }, () => {
  it("charges the server's $99.00 for the latest song awaiting payment, paid as standard by the webhook", async () => {
    const artist = await artistWithSong();
    const newer = await uploadSong(artist.browser, "Newer Song");
    const res = await checkout(artist.browser, { amount: 9900 });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { clientSecret: string; songId: string };
    expect(body).toEqual({ clientSecret: expect.stringMatching(/^pi_.+_secret_/), songId: newer });
    // Asking again while the form is open gives the same payment.
    expect(await (await checkout(artist.browser, { amount: 9900 })).json()).toEqual(body);
    expect((await paymentIntentsOf(artist.customerId)).map((i) => i.amount)).toEqual([9900]);

    expect((await payInBrowser(artist.browser, body.clientSecret, freshCardNumber())).body.status).toBe("succeeded");
    expect(await songPaid(newer)).toMatchObject({ package: "standard", distribution_fee_cents: 9900, revenue_split_bps: 200 });
    expect((await songRow(artist.songId))?.status).toBe("pending");
    // The next checkout is for the older song, still awaiting payment.
    const next = (await (await checkout(artist.browser)).json()) as { clientSecret: string; songId: string };
    expect(next.songId).toBe(artist.songId);
    expect(intentIdOf(next.clientSecret)).not.toBe(intentIdOf(body.clientSecret));
  });

  it("refuses any other amount and never sends it to Stripe", async () => {
    const artist = await artistWithSong();
    for (const amount of [1, 4999, "9900", 9900.5, null]) {
      const res = await checkout(artist.browser, { amount });
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ error: { code: "bad_request", message: "The one-off distribution fee is $99.00 (9900 cents)." } });
    }
    expect((await checkout(artist.browser, [9900])).status).toBe(400);
    expect(await paymentIntentsOf(artist.customerId)).toHaveLength(0);
  });

  it("answers 404 when no song awaits payment, 401 without a session", async () => {
    const artist = await artistWithSong();
    const first = (await (await checkout(artist.browser, { amount: 9900 })).json()) as { clientSecret: string };
    await payInBrowser(artist.browser, first.clientSecret, freshCardNumber());
    await songPaid(artist.songId);
    const none = await checkout(artist.browser, { amount: 9900 });
    expect(none.status).toBe(404);
    expect(await none.json()).toMatchObject({ error: { message: "You have no song awaiting payment. Submit a song for distribution first." } });
    expect((await checkout(new Browser(), { amount: 9900 })).status).toBe(401);
  });
});
