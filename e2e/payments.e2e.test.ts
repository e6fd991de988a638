/// <reference lib="dom" />
// page.evaluate callbacks run in the browser: they need the DOM types the Node tsconfig leaves out.
/**
 * Paying for a distribution in a real browser against the real Worker and its Stripe sandbox
 * (docs/product.md, Screens; States and flows; Errors; Prices and limits): the offer screen and its outcomes (paid, 3-D Secure completed and
 * failed, declined → recovery), the client's pacing rules, the one-off checkout, Pro, and the
 * 'Song not found' states. Recovery offers have their own file.
 */
import type { Page } from "playwright-core";
import { describe, expect, test } from "vitest";
import { newPage } from "./support/browser";
import { answerBank, CARDS, fillCard, freshVisa, pathOf, saveCard, songAwaitingPayment, toastShown } from "./support/artist";
import { sharedServer } from "./support/shared-server";

const { baseURL } = sharedServer();

const uniqueTitle = (name: string) => `${name} ${Date.now() % 100_000}`;

/** The home banner after a paid distribution (docs/product.md, Screens, Home). */
async function homeBannerFor(page: Page, title: string) {
  await page.waitForURL(`${baseURL}/`, { timeout: 30_000 }).catch(async (error: unknown) => {
    // Say what the screen said instead (a toast) rather than only that it stayed.
    const toasts = await page.locator("[data-sonner-toast]").allTextContents();
    throw new Error(`Still on ${pathOf(page)}; toasts: ${JSON.stringify(toasts)}`, { cause: error });
  });
  await page.getByText(`${title} is being distributed`, { exact: true }).waitFor({ timeout: 30_000 });
}

describe("offer screen", () => {
  test("shows the offer, and Standard paid with the saved card leads home to the banner", async () => {
    const page = await newPage();
    const title = uniqueTitle("Yard Lights");
    const songId = await songAwaitingPayment(page, baseURL, freshVisa(), title);

    // docs/product.md, Screens: banner, title and artist, video, sample projection, themes, partner offer.
    await page.getByText("Congratulations!", { exact: true }).waitFor();
    await expect.poll(() => page.getByRole("heading", { level: 1, name: title }).isVisible()).toBe(true);
    await expect.poll(() => page.getByText("E2E Payer", { exact: true }).isVisible()).toBe(true);
    expect(await page.locator('video[src="/api/videos/success.mp4"]').getAttribute("preload")).toBe("metadata");
    await expect.poll(() => page.getByText("$45,250", { exact: true }).isVisible()).toBe(true);
    await expect.poll(() => page.getByText("sample projection", { exact: false }).first().isVisible()).toBe(true);
    await expect.poll(() => page.getByRole("heading", { name: "Detected themes" }).isVisible()).toBe(true);
    await expect.poll(() => page.getByText("10% instead of 2%", { exact: true }).isVisible()).toBe(true);
    await expect.poll(() => page.getByText(/\$99-\$499/).isVisible()).toBe(true);
    // The packages, Expedited preselected.
    const standard = page.getByRole("radio", { name: /Standard/ });
    const expedited = page.getByRole("radio", { name: /Expedited/ });
    await expect.poll(() => expedited.isChecked()).toBe(true);
    await expect.poll(() => standard.isChecked()).toBe(false);
    await expect.poll(() => page.getByText("14-30 days processing", { exact: true }).isVisible()).toBe(true);
    await expect.poll(() => page.getByText("48 hours processing", { exact: true }).isVisible()).toBe(true);
    await expect.poll(() => page.getByText("50% OFF", { exact: true }).isVisible()).toBe(true);
    await expect.poll(() => page.getByText("2% revenue share (you keep 98%)", { exact: true }).isVisible()).toBe(true);
    await expect.poll(() => page.getByText("10% revenue share (you keep 90%)", { exact: true }).isVisible()).toBe(true);

    const completes: unknown[] = [];
    page.on("request", (request) => {
      if (new URL(request.url()).pathname === `/api/distribute/${songId}/complete`) completes.push(request.postDataJSON());
    });
    await standard.check();
    await page.getByRole("button", { name: "Complete Distribution" }).click();
    await homeBannerFor(page, title);
    expect(completes).toEqual([{ feeOption: "standard", requestId: expect.stringMatching(/^\d{13}$/) }]);

    // The flags are cleared 5 s after the banner shows.
    await expect
      .poll(() => page.evaluate(() => [localStorage.getItem("distributionSuccess"), localStorage.getItem("distributedSongId")]), { timeout: 10_000 })
      .toEqual([null, null]);

    // Paid: a second visit to the offer answers Already Processed and goes home again.
    await page.goto(`${baseURL}/approval/${songId}`);
    await page.getByRole("button", { name: "Complete Distribution" }).click();
    await toastShown(page, "Already Processed");
    await homeBannerFor(page, title);
  });

  test("3-D Secure on the saved card: completing it pays the song", async () => {
    const page = await newPage();
    const title = uniqueTitle("Three Doors");
    await songAwaitingPayment(page, baseURL, CARDS.threeDSecure, title);
    await page.getByRole("button", { name: "Complete Distribution" }).click();
    await toastShown(page, "Additional Authentication Required");
    // Expedited, the amount from the server; no card to type.
    await page.getByText("$49.99", { exact: true }).first().waitFor();
    await expect.poll(() => page.getByLabel("Card number", { exact: true }).count()).toBe(0);
    await page.getByRole("button", { name: "Authenticate and Pay $49.99" }).click();
    await answerBank(page, "Complete authentication");
    await toastShown(page, "Payment Successful");
    await homeBannerFor(page, title);
  });

  test("3-D Secure on the saved card: failing it is a decline that leads to the recovery offer", async () => {
    const page = await newPage();
    const songId = await songAwaitingPayment(page, baseURL, CARDS.threeDSecure, uniqueTitle("Closed Doors"));
    await page.getByRole("button", { name: "Complete Distribution" }).click();
    await toastShown(page, "Additional Authentication Required");
    await page.getByRole("button", { name: "Authenticate and Pay $49.99" }).click();
    // The redirect waits 1.5 s after the decline is toasted. Both moments are taken in
    // the page (the toast's insertion, the history entry), so a slow test process cannot shorten it.
    await page.evaluate(() => {
      const marks: { toast?: number; left?: number } = {};
      (window as unknown as { __marks: typeof marks }).__marks = marks;
      new MutationObserver(() => {
        const declined = Array.from(document.querySelectorAll("[data-sonner-toast]")).some((toast) => toast.textContent?.includes("Payment Declined"));
        if (declined) marks.toast ??= performance.now();
      }).observe(document.body, { childList: true, subtree: true });
      for (const method of ["pushState", "replaceState"] as const) {
        const original = history[method].bind(history);
        history[method] = (...args: Parameters<History["pushState"]>) => {
          if (String(args[2]).includes("/payment-recovery/")) marks.left ??= performance.now();
          original(...args);
        };
      }
    });
    await answerBank(page, "Fail authentication");
    await toastShown(page, "Payment Declined");
    await page.waitForURL(`${baseURL}/payment-recovery/${songId}/1`);
    const marks = await page.evaluate(() => (window as unknown as { __marks: { toast?: number; left?: number } }).__marks);
    expect(marks).toEqual({ toast: expect.any(Number), left: expect.any(Number) });
    expect(marks.left! - marks.toast!).toBeGreaterThan(1_000);
    await page.getByRole("heading", { name: "Special Offer - Limited Time Only" }).waitFor();
  });

  test("a declined saved card toasts Payment Declined and opens recovery tier 1 after 1.5 s", async () => {
    const page = await newPage();
    const songId = await songAwaitingPayment(page, baseURL, CARDS.declinesPayments, uniqueTitle("No Sale"));
    await page.getByRole("button", { name: "Complete Distribution" }).click();
    await toastShown(page, "Payment Declined");
    expect(pathOf(page)).toBe(`/approval/${songId}`);
    await page.waitForURL(`${baseURL}/payment-recovery/${songId}/1`);
  });
});

describe("offer screen rules (server answers stubbed in the browser)", () => {
  test("Payment Required shows the card form with the server's amount, else the package's fee", async () => {
    const page = await newPage();
    const songId = await songAwaitingPayment(page, baseURL, freshVisa(), uniqueTitle("Form Due"));
    let amount: number | undefined = 12.34;
    await page.route(`**/api/distribute/${songId}/complete`, (route) =>
      route.fulfill({ json: { requiresPaymentMethod: true, clientSecret: "pi_stub_secret_stub", feeOption: "expedited", ...(amount ? { amount } : {}) } }),
    );
    await page.getByRole("button", { name: "Complete Distribution" }).click();
    await toastShown(page, "Payment Required");
    await page.getByRole("button", { name: "Pay $12.34" }).waitFor();
    await expect.poll(() => page.getByLabel("Card number", { exact: true }).isVisible()).toBe(true);

    // An incomplete card is the artist's to fix: no decline, no redirect.
    await page.getByLabel("Card number", { exact: true }).fill("4242");
    await page.getByRole("button", { name: "Pay $12.34" }).click();
    await page.getByRole("alert").filter({ hasText: "Your card number is incomplete." }).waitFor();
    expect(pathOf(page)).toBe(`/approval/${songId}`);

    // Without an amount from the server, the package's own fee (docs/product.md, States and flows fallbacks), in a fresh screen.
    amount = undefined;
    await page.reload();
    await page.getByRole("radio", { name: /Standard/ }).check();
    await page.getByRole("button", { name: "Complete Distribution" }).click();
    await page.getByRole("button", { name: "Pay $99.00" }).waitFor();
  });

  test("a second attempt within 30 s and a package switch within 60 s are refused with a toast; a 429 shows the server's words", async () => {
    const page = await newPage();
    const songId = await songAwaitingPayment(page, baseURL, freshVisa(), uniqueTitle("Slow Down"));
    const completes: unknown[] = [];
    await page.route(`**/api/distribute/${songId}/complete`, (route) => {
      completes.push(route.request().postDataJSON());
      return route.fulfill({ status: 429, json: { error: { code: "too_many_attempts", message: "Please wait 30 seconds between payment attempts." } } });
    });
    await page.getByRole("button", { name: "Complete Distribution" }).click();
    await toastShown(page, "Please Wait", "Please wait 30 seconds between payment attempts.");
    expect(completes).toHaveLength(1);

    await page.getByRole("button", { name: "Complete Distribution" }).click();
    await toastShown(page, "Please Wait", /You can try the payment again in \d+ seconds?\./);
    expect(completes).toHaveLength(1);

    // click(), not check(): the refused switch leaves the radio unchecked on purpose.
    await page.getByRole("radio", { name: /Standard/ }).click();
    await toastShown(page, "Package Recently Changed", /You can switch packages again in \d+ seconds?\./);
    await expect.poll(() => page.getByRole("radio", { name: /Expedited/ }).isChecked()).toBe(true);
    expect(completes).toHaveLength(1);
  });

  test("a provider outage (503) is not a decline, and the next attempt resumes the same request", async () => {
    const page = await newPage();
    const songId = await songAwaitingPayment(page, baseURL, freshVisa(), uniqueTitle("Outage"));
    const requestIds: string[] = [];
    await page.route(`**/api/distribute/${songId}/complete`, (route) => {
      requestIds.push((route.request().postDataJSON() as { requestId: string }).requestId);
      return route.fulfill({ status: 503, json: { error: { code: "payments_unavailable", message: "Payments are unavailable right now." } } });
    });
    // The page's clock runs 31 s ahead after the first attempt, so the 30 s rule lets the second through.
    await page.getByRole("button", { name: "Complete Distribution" }).click();
    const unavailable = await toastShown(page, "Payments Unavailable", "Payments are unavailable right now.");
    expect(pathOf(page)).toBe(`/approval/${songId}`);
    // The second answer shows the same toast: the first one is gone before it is waited for.
    await unavailable.waitFor({ state: "hidden" });
    await page.evaluate(() => {
      const realNow = Date.now.bind(Date);
      Date.now = () => realNow() + 31_000;
    });
    await page.getByRole("button", { name: "Complete Distribution" }).click();
    await toastShown(page, "Payments Unavailable", "Payments are unavailable right now.");
    await expect.poll(() => requestIds.length).toBe(2);
    expect(requestIds[1]).toBe(requestIds[0]);
    expect(pathOf(page)).toBe(`/approval/${songId}`);
  });

  test("before any attempt the package may change freely, and Invalid option is toasted", async () => {
    const page = await newPage();
    const songId = await songAwaitingPayment(page, baseURL, freshVisa(), uniqueTitle("Free Choice"));
    for (const name of [/Standard/, /Expedited/, /Standard/]) {
      await page.getByRole("radio", { name }).check();
    }
    await expect.poll(() => page.getByRole("radio", { name: /Standard/ }).isChecked()).toBe(true);
    // The Worker's own answer to a package outside the list (schema/src/distribution.ts): 400 bad_request.
    await page.route(`**/api/distribute/${songId}/complete`, (route) =>
      route.fulfill({ status: 400, json: { error: { code: "bad_request", message: "Invalid option" } } }),
    );
    await page.getByRole("button", { name: "Complete Distribution" }).click();
    await toastShown(page, "Invalid option");
    // Not a decline: a decline's toast carries the server's message too, then leaves for the offer.
    expect(await page.locator("[data-sonner-toast]").filter({ hasText: "Payment Declined" }).count()).toBe(0);
    expect(pathOf(page)).toBe(`/approval/${songId}`);
  });
});

test("the home page downloads none of the payment screens", async () => {
  const page = await newPage();
  const scripts: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "script") scripts.push(new URL(request.url()).pathname);
  });
  await page.goto(`${baseURL}/`);
  await page
    .getByRole("heading", { name: /Trending Songs/ })
    .first()
    .waitFor();
  await page.waitForLoadState("networkidle");
  expect(scripts.length).toBeGreaterThan(0);
  const paymentChunks = /approval|payment-recovery|checkout|subscribe|confirmation|card-payment|payments-provider|stripe|success-flags|recovery/;
  expect(scripts.filter((path) => paymentChunks.test(path))).toEqual([]);
});

describe("song not found", () => {
  test("offer, recovery and confirmation say 'Song not found' with a way back to /distribute", async () => {
    const page = await newPage();
    for (const path of ["/approval/no-such-song", "/payment-recovery/no-such-song/2", "/confirmation/no-such-song"]) {
      await page.goto(`${baseURL}${path}`);
      await page.getByRole("heading", { level: 1, name: "Song not found" }).waitFor();
      await expect.poll(() => page.getByText("The song you're looking for could not be found.", { exact: true }).isVisible()).toBe(true);
    }
    await page.getByRole("link", { name: "Back to Distribution" }).click();
    await page.waitForURL(`${baseURL}/distribute`);
  });

  test("another artist's pending song is not found for a visitor without its session", async () => {
    const owner = await newPage();
    const songId = await songAwaitingPayment(owner, baseURL, freshVisa(), uniqueTitle("Mine Only"));
    const stranger = await newPage();
    await stranger.goto(`${baseURL}/approval/${songId}`);
    await stranger.getByRole("heading", { level: 1, name: "Song not found" }).waitFor();
  });
});

describe("confirmation", () => {
  test("shows the estimate (price × 0.9 × 10), the next steps, the ways on, and the artist page when set", async () => {
    const page = await newPage();
    const popular = await (await fetch(`${baseURL}/api/songs/popular`)).json<Array<{ id: string; price: number }>>();
    const song = popular[0]!;
    await page.goto(`${baseURL}/confirmation/${song.id}`);
    await page.getByRole("heading", { level: 1, name: "Success! Your distribution is complete" }).waitFor();
    const expected = `$${((Math.round(song.price * 100) * 9) / 100).toFixed(2)}`;
    await expect.poll(() => page.getByText(expected, { exact: true }).isVisible()).toBe(true);
    await expect.poll(() => page.getByRole("heading", { name: "Estimated earnings per 10 downloads" }).isVisible()).toBe(true);
    await expect.poll(() => page.getByRole("heading", { name: "What happens next" }).isVisible()).toBe(true);
    await expect.poll(() => page.getByRole("list", { name: "What happens next" }).getByRole("listitem").count()).toBe(4);
    await expect.poll(() => page.getByRole("link", { name: "Your private artist page" }).count()).toBe(0);
    expect(await page.getByRole("link", { name: "Browse More Music" }).getAttribute("href")).toBe("/#browse");

    // A link an earlier version of the app kept in local storage is cleared at the next page load, and
    // never shown: the page link is the Worker's HttpOnly cookie's alone (docs/decisions/088).
    const oldLink = `/artist/${"A".repeat(43)}`;
    await page.evaluate((link) => localStorage.setItem("artistPageUrl", link), oldLink);
    await page.reload();
    await page.getByRole("heading", { level: 1, name: "Success! Your distribution is complete" }).waitFor();
    await expect.poll(() => page.evaluate(() => localStorage.getItem("artistPageUrl"))).toBeNull();
    await expect.poll(() => page.getByRole("link", { name: "Your private artist page" }).count()).toBe(0);

    await page.getByRole("link", { name: "Distribute Another Song" }).click();
    await page.waitForURL(`${baseURL}/distribute`);
  });
});

describe("one-off checkout", () => {
  test("a declined card toasts Payment Failed and stays; a good card pays and opens the song's confirmation", async () => {
    const page = await newPage();
    const title = uniqueTitle("Checkout Song");
    const songId = await songAwaitingPayment(page, baseURL, freshVisa(), title);
    await page.goto(`${baseURL}/checkout`);
    await page.getByText("$99.00", { exact: true }).waitFor();
    const intents: unknown[] = [];
    page.on("request", (request) => {
      if (new URL(request.url()).pathname === "/api/create-payment-intent") intents.push(request.postDataJSON());
    });

    await fillCard(page, CARDS.declined);
    await page.getByRole("button", { name: "Pay Now" }).click();
    await toastShown(page, "Payment Failed", /declined/i);
    expect(pathOf(page)).toBe("/checkout");

    await fillCard(page, freshVisa());
    await page.getByRole("button", { name: "Pay Now" }).click();
    await toastShown(page, "Payment Successful");
    await page.waitForURL(`${baseURL}/confirmation/${songId}`);
    await page.getByRole("heading", { level: 1, name: "Success! Your distribution is complete" }).waitFor();
    expect(intents.every((body) => JSON.stringify(body) === JSON.stringify({ amount: 9900 }))).toBe(true);
  });
});

describe("Pro subscription", () => {
  test("shows the plan; a declined card toasts Subscription Failed; a good card subscribes", async () => {
    const page = await newPage();
    await saveCard(page, baseURL, CARDS.visa);
    await page.goto(`${baseURL}/subscribe`);
    await page.getByRole("heading", { level: 1, name: "Subscribe to JPlay Pro" }).waitFor();
    for (const text of [
      "$14.99",
      "Unlimited distribution",
      "24-hour priority processing",
      "8% revenue split",
      "Monthly statements of your sales and payouts",
      "Cancel any time from your artist page",
    ]) {
      await expect.poll(() => page.getByText(text, { exact: true }).isVisible(), { message: text }).toBe(true);
    }

    await fillCard(page, CARDS.declined);
    await page.getByRole("button", { name: "Subscribe for $14.99/month" }).click();
    await toastShown(page, "Subscription Failed", /declined/i);
    expect(pathOf(page)).toBe("/subscribe");

    await fillCard(page, freshVisa());
    await page.getByRole("button", { name: "Subscribe for $14.99/month" }).click();
    await page.waitForURL(`${baseURL}/subscription-success`);
    await page.getByRole("heading", { level: 1, name: "Your Pro subscription is active" }).waitFor();
  });
});
