/**
 * The card on the artist's page is replaced through a SetupIntent the browser confirms
 * (docs/decisions/049): the new card becomes the default at Stripe (customer and active Pro
 * subscription) and in D1, the old one is detached; another customer's SetupIntent and a declined card
 * change nothing; a retry of the same replacement finishes it once more without harm.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { createStripe } from "../../platform/stripe-client";
import { issueArtistLink } from "../../access/artist-links";
import { REPLACE_MESSAGES } from "../cards/replace-card";
import { artistWithSong, confirmNewCard, finishNewCard as finish, freshCardNumber, payInBrowser } from "../../../test/payment-support";
import { Browser, testContext } from "../../../test/support";

const stripe = createStripe(env);
const DECLINED = "4000000000000002";
const THREE_D_SECURE = "4000002500003155";

async function artistWithPage() {
  const artist = await artistWithSong();
  return { ...artist, token: await issueArtistLink(testContext(), artist.artistId), page: new Browser() };
}

const cardsOf = async (artistId: string) =>
  (
    await env.DB.prepare("SELECT stripe_payment_method_id AS pm, last4, is_default AS isDefault FROM payment_methods WHERE artist_id = ? ORDER BY created_at")
      .bind(artistId)
      .all<{ pm: string; last4: string; isDefault: number }>()
  ).results;

describe("replacing the saved card from the artist page", () => {
  it("shows the default card, then makes a 3-D Secure card the default at Stripe and in D1 and detaches the old one; a retry changes nothing", async () => {
    const artist = await artistWithPage();
    const before = await (
      await artist.page.fetch(`/api/artist/${artist.token}/card`)
    ).json<{ card: { brand: string; last4: string; expMonth: number; expYear: number } }>();
    expect(before.card).toEqual({ brand: "visa", last4: (await cardsOf(artist.artistId))[0]!.last4, expMonth: 12, expYear: 2034 });

    const setupIntentId = await confirmNewCard(artist.page, artist.token, THREE_D_SECURE);
    const replaced = await finish(artist.page, artist.token, setupIntentId);
    expect(replaced.status).toBe(200);
    expect((await replaced.json<{ card: { last4: string } }>()).card.last4).toBe("3155");

    const newMethod = (await stripe.setupIntents.retrieve(setupIntentId)).payment_method as string;
    const customer = (await stripe.customers.retrieve(artist.customerId)) as { invoice_settings: { default_payment_method: string | null } };
    expect(customer.invoice_settings.default_payment_method).toBe(newMethod);
    expect((await stripe.paymentMethods.retrieve(artist.stripePaymentMethodId)).customer).toBeNull();
    expect(await cardsOf(artist.artistId)).toEqual([
      { pm: artist.stripePaymentMethodId, last4: expect.any(String), isDefault: 0 },
      { pm: newMethod, last4: "3155", isDefault: 1 },
    ]);
    const shown = await (await artist.page.fetch(`/api/artist/${artist.token}/card`)).json<{ card: { last4: string } }>();
    expect(shown.card.last4).toBe("3155");

    // The same answer again (a retry after a lost response or a crash): one default, nothing else changes.
    const retried = await finish(artist.page, artist.token, setupIntentId);
    expect(retried.status).toBe(200);
    expect((await cardsOf(artist.artistId)).filter((card) => card.isDefault === 1).map((card) => card.pm)).toEqual([newMethod]);
    expect((await stripe.paymentMethods.retrieve(newMethod)).customer).toBe(artist.customerId);
  });

  it("an active Pro subscription renews from the new card", async () => {
    const artist = await artistWithPage();
    const subscribed = await (await artist.browser.fetch("/api/get-or-create-subscription", { method: "POST" })).json<{ clientSecret: string }>();
    expect((await payInBrowser(artist.browser, subscribed.clientSecret, freshCardNumber())).body.status).toBe("succeeded");
    const row = await env.DB.prepare("SELECT stripe_subscription_id AS id FROM subscriptions WHERE artist_id = ?")
      .bind(artist.artistId)
      .first<{ id: string }>();
    expect((await stripe.subscriptions.retrieve(row!.id)).status).toBe("active");
    // What the webhook records for an active subscription (its delivery is asynchronous).
    await env.DB.prepare("UPDATE subscriptions SET status = 'active' WHERE artist_id = ?").bind(artist.artistId).run();

    const setupIntentId = await confirmNewCard(artist.page, artist.token, freshCardNumber());
    expect((await finish(artist.page, artist.token, setupIntentId)).status).toBe(200);
    const newMethod = (await stripe.setupIntents.retrieve(setupIntentId)).payment_method as string;
    expect((await stripe.subscriptions.retrieve(row!.id)).default_payment_method).toBe(newMethod);
  });

  it("another artist's SetupIntent is refused and changes nothing", async () => {
    const [owner, other] = await Promise.all([artistWithPage(), artistWithPage()]);
    const othersIntent = await confirmNewCard(other.page, other.token, freshCardNumber());
    const response = await finish(owner.page, owner.token, othersIntent);
    expect(response.status).toBe(403);
    expect((await response.json<{ error: { message: string } }>()).error.message).toBe(REPLACE_MESSAGES.otherCustomer);
    expect((await cardsOf(owner.artistId)).map((card) => [card.pm, card.isDefault])).toEqual([[owner.stripePaymentMethodId, 1]]);
    expect((await stripe.paymentMethods.retrieve(owner.stripePaymentMethodId)).customer).toBe(owner.customerId);
  });

  it("a declined card leaves the old card the default, attached", async () => {
    const artist = await artistWithPage();
    const setupIntentId = await confirmNewCard(artist.page, artist.token, DECLINED);
    const response = await finish(artist.page, artist.token, setupIntentId);
    expect(response.status).toBe(409);
    expect((await response.json<{ error: { message: string } }>()).error.message).toBe(REPLACE_MESSAGES.notConfirmed);
    expect((await cardsOf(artist.artistId)).map((card) => [card.pm, card.isDefault])).toEqual([[artist.stripePaymentMethodId, 1]]);
    const customer = (await stripe.customers.retrieve(artist.customerId)) as { invoice_settings: { default_payment_method: string | null } };
    expect(customer.invoice_settings.default_payment_method).toBe(artist.stripePaymentMethodId);
  });

  it("an unknown link answers 404", async () => {
    expect((await new Browser().postJson("/api/artist/not-a-real-token-aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa/card/setup-intent", {})).status).toBe(404);
  });
});
