/// <reference lib="dom" />
/**
 * The recovery offers after a declined payment, in a real browser against the real Worker and its
 * Stripe sandbox (docs/product.md, Screens; States and flows; Errors; Prices and limits): the decline → tier 1 → tier 2 → new card journey
 * with every toast, the offer texts, Decline Offer, no offer after a fraud decline
 * (docs/decisions/059-recovery-offer-eligibility.md), and the error paths of the recovery call.
 */
import type { Page } from "playwright-core";
import { describe, expect, test } from "vitest";
import { newPage } from "./support/browser";
import { answerBank, CARDS, fillCard, freshVisa, pathOf, simulateSavedCard, songAwaitingPayment, toastShown } from "./support/artist";
import { songAwaitingPaymentSeeded } from "./support/world";
import { sharedServer } from "./support/shared-server";

const { baseURL } = sharedServer();

const uniqueTitle = (name: string) => `${name} ${Date.now() % 100_000}`;

async function expectOffer(page: Page, offer: { heading: string; fee: string; was: string; share: string; keep: string; accept: string }) {
  await page.getByRole("heading", { name: offer.heading }).waitFor();
  const panel = page.locator("section").filter({ has: page.getByRole("heading", { name: offer.heading }) });
  // The screen's own banner, not the toast of the same title that led here.
  await expect.poll(() => page.getByRole("main").getByText("Payment Declined", { exact: true }).isVisible()).toBe(true);
  await expect.poll(() => panel.getByText(offer.fee, { exact: true }).isVisible()).toBe(true);
  await expect.poll(() => panel.locator("s").textContent()).toBe(offer.was);
  await expect.poll(() => panel.getByText(`${offer.share} revenue share`, { exact: true }).isVisible()).toBe(true);
  await expect.poll(() => panel.getByText(`(you keep ${offer.keep})`, { exact: false }).isVisible()).toBe(true);
  await expect.poll(() => panel.getByText("7-14 days delivery", { exact: true }).isVisible()).toBe(true);
  await expect.poll(() => panel.getByText("Full promotion on the partner platform", { exact: true }).isVisible()).toBe(true);
  await expect.poll(() => panel.getByRole("button", { name: offer.accept }).isEnabled()).toBe(true);
  await expect.poll(() => panel.getByRole("button", { name: "Decline Offer" }).isEnabled()).toBe(true);
  await expect.poll(() => page.locator("blockquote").count()).toBe(1);
}

const TIER_1 = { heading: "Special Offer - Limited Time Only", fee: "$20.49", was: "$99.00", share: "30%", keep: "70%", accept: "I ACCEPT" };
const TIER_2 = { heading: "Final Offer - Limited Time Only", fee: "$10.49", was: "$19.99", share: "40%", keep: "60%", accept: "ACCEPT FINAL OFFER" };

describe("decline → recovery", () => {
  test("a card that declines every payment: tier 1, tier 2, then a new card pays, with every toast", async () => {
    const page = await newPage();
    const title = uniqueTitle("Second Chance");
    // A card of its own that declines every payment: one card gets one recovery offer in 90 days.
    const songId = await songAwaitingPaymentSeeded(page, baseURL, freshVisa(), title, (paymentMethodId) =>
      simulateSavedCard(baseURL, paymentMethodId, CARDS.declinesPayments),
    );

    await page.getByRole("button", { name: "Complete Distribution" }).click();
    await toastShown(page, "Payment Declined");
    await page.waitForURL(`${baseURL}/payment-recovery/${songId}/1`);
    await expectOffer(page, TIER_1);
    await expect.poll(() => page.getByRole("heading", { level: 1, name: title }).isVisible()).toBe(true);

    await page.getByRole("button", { name: "I ACCEPT" }).click();
    await toastShown(page, "Special Final Offer Available", "We have a better offer for you that's likely to succeed!");
    // Both buttons stay disabled until the redirect.
    await expect.poll(() => page.getByRole("button", { name: "Decline Offer" }).isDisabled()).toBe(true);
    await page.waitForURL(`${baseURL}/payment-recovery/${songId}/2`);
    await expectOffer(page, TIER_2);

    await page.getByRole("button", { name: "ACCEPT FINAL OFFER" }).click();
    // The saved card cannot pay: the card form replaces the buttons.
    await page.getByRole("button", { name: "Pay $10.49" }).waitFor();
    await expect.poll(() => page.getByRole("button", { name: "ACCEPT FINAL OFFER" }).count()).toBe(0);

    await fillCard(page, CARDS.declined);
    await page.getByRole("button", { name: "Pay $10.49" }).click();
    await toastShown(page, "Payment Failed", /declined/i);
    expect(pathOf(page)).toBe(`/payment-recovery/${songId}/2`);

    await fillCard(page, freshVisa());
    await page.getByRole("button", { name: "Pay $10.49" }).click();
    await toastShown(page, "Payment Successful");
    await page.waitForURL(`${baseURL}/`);
    await page.getByText(`${title} is being distributed`, { exact: true }).waitFor();
  });

  test("a card reported lost opens no discount: tier 1 says why and leads back to paying the full fee", async () => {
    const page = await newPage();
    const title = uniqueTitle("Lost And Found");
    const songId = await songAwaitingPaymentSeeded(page, baseURL, freshVisa(), title, (paymentMethodId) =>
      simulateSavedCard(baseURL, paymentMethodId, CARDS.lost),
    );
    await page.getByRole("button", { name: "Complete Distribution" }).click();
    await toastShown(page, "Payment Declined");
    await page.waitForURL(`${baseURL}/payment-recovery/${songId}/1`);

    await page.getByRole("button", { name: "I ACCEPT" }).click();
    const reason =
      "Discounted offers are not available after your bank flagged a payment as possible fraud. Please pay the distribution fee with another card.";
    await toastShown(page, "Offer Not Available", reason);
    await page.getByRole("alert").filter({ hasText: reason }).waitFor();
    // No final offer follows, and the saved card is not charged at a discount.
    expect(pathOf(page)).toBe(`/payment-recovery/${songId}/1`);
    await expect.poll(() => page.getByRole("button", { name: "I ACCEPT" }).count()).toBe(0);
    await page.getByRole("link", { name: "Pay the distribution fee" }).click();
    await page.waitForURL(`${baseURL}/approval/${songId}`);
    await page.getByRole("button", { name: "Complete Distribution" }).waitFor();
  });

  test("3-D Secure failed at the offer, then completed for the special offer on the saved card", async () => {
    const page = await newPage();
    const title = uniqueTitle("Verified");
    const songId = await songAwaitingPayment(page, baseURL, CARDS.threeDSecure, title);
    await page.getByRole("button", { name: "Complete Distribution" }).click();
    const offerToast = await toastShown(page, "Additional Authentication Required");
    await page.getByRole("button", { name: "Authenticate and Pay $49.99" }).click();
    await answerBank(page, "Fail authentication");
    await toastShown(page, "Payment Declined");
    await page.waitForURL(`${baseURL}/payment-recovery/${songId}/1`);

    // Tier 1 shows the same toast as the offer screen did: that one is gone before tier 1's is waited for.
    await offerToast.waitFor({ state: "hidden" });
    await page.getByRole("button", { name: "I ACCEPT" }).click();
    await toastShown(page, "Additional Authentication Required");
    await expect.poll(() => page.getByLabel("Card number", { exact: true }).count()).toBe(0);
    await page.getByRole("button", { name: "Authenticate and Pay $20.49" }).click();
    await answerBank(page, "Complete authentication");
    await toastShown(page, "Payment Successful");
    await page.waitForURL(`${baseURL}/`);
    await page.getByText(`${title} is being distributed`, { exact: true }).waitFor();
  });

  test("Decline Offer goes home; a tier outside 1-2 shows tier 1", async () => {
    const page = await newPage();
    const songId = await songAwaitingPaymentSeeded(page, baseURL, freshVisa(), uniqueTitle("Not Now"));
    await page.goto(`${baseURL}/payment-recovery/${songId}/7`);
    await expectOffer(page, TIER_1);
    await page.goto(`${baseURL}/payment-recovery/${songId}`);
    await expectOffer(page, TIER_1);
    await page.getByRole("button", { name: "Decline Offer" }).click();
    await page.waitForURL(`${baseURL}/`);
  });
});

describe("recovery call errors (server answers stubbed in the browser)", () => {
  test("an error at tier 1 offers the final tier; at tier 2 it is a destructive 'Error'", async () => {
    const page = await newPage();
    const songId = await songAwaitingPaymentSeeded(page, baseURL, freshVisa(), uniqueTitle("Bad Gateway"));
    await page.route(`**/api/distribute/${songId}/recovery`, (route) => route.fulfill({ status: 502, body: "" }));
    await page.goto(`${baseURL}/payment-recovery/${songId}/1`);
    await page.getByRole("button", { name: "I ACCEPT" }).click();
    await toastShown(page, "We Have a Final Offer", "We're able to provide you with an even better offer!");
    await page.waitForURL(`${baseURL}/payment-recovery/${songId}/2`);

    await page.getByRole("button", { name: "ACCEPT FINAL OFFER" }).click();
    const toast = await toastShown(page, "Error", "Failed to create payment. Please try again.");
    expect(await toast.getAttribute("data-type")).toBe("error");
    expect(pathOf(page)).toBe(`/payment-recovery/${songId}/2`);
    // Ready for another try.
    await expect.poll(() => page.getByRole("button", { name: "ACCEPT FINAL OFFER" }).isEnabled()).toBe(true);
  });

  test("a 402 that needs a new card says so on the next tier", async () => {
    const page = await newPage();
    const songId = await songAwaitingPaymentSeeded(page, baseURL, freshVisa(), uniqueTitle("New Card"));
    await page.route(`**/api/distribute/${songId}/recovery`, (route) =>
      route.fulfill({
        status: 402,
        json: { suggestNextTier: true, nextTier: 2, requiresNewCard: true, message: "Your card was reported lost. Please use a new card." },
      }),
    );
    await page.goto(`${baseURL}/payment-recovery/${songId}/1`);
    await page.getByRole("button", { name: "I ACCEPT" }).click();
    await toastShown(page, "Special Final Offer Available");
    await page.waitForURL(`${baseURL}/payment-recovery/${songId}/2`);
    await page.getByRole("alert").filter({ hasText: "Your card was reported lost. Please use a new card." }).waitFor();
  });
});
