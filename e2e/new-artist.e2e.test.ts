/// <reference lib="dom" />
/**
 * A new artist's whole journey in one browser, on a server of its own (delivery windows compressed,
 * the cron callable): save a card, pay for a song on the offer screen, reach the private page from
 * Home's banner, set up payouts in Stripe's (sandbox) onboarding, see the song go live once an
 * operator approved it in the Review tab, a sale credited and a payout sent, have a second paid song
 * rejected by an operator and refunded, replace the card and cancel Pro — and find a text for each
 * step in the admin Messages tab (docs/decisions/025–029, 049).
 */
import { randomBytes } from "node:crypto";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { startOwnServer, type LocalServer } from "./support/own-server";
import { cronTrigger } from "../scripts/cron-trigger.ts";
import { DAILY_CRON } from "../workers/api/src/worker/crons.ts";
import { answerBank, CARDS, expectNoLinkInStorage, fillCard, keptArtistLink, newPhone, uploadSong } from "./support/artist";
import { newPage } from "./support/browser";
import { approveInReviewTab, signedInOperator } from "./support/operator";
import { reportPurchase } from "./support/provider";

const providerSecret = randomBytes(24).toString("hex");
let server: LocalServer;

beforeAll(async () => {
  // 1 hour of a delivery window lasts 0.01 s here: an expedited song goes live right after its audio check.
  // One $1.99 sale is paid out in this journey: the minimum is $1.00 here, not the $10.00 default,
  // whose own tests are workers/api/src/ledger/test/payouts.test.ts and e2e/artist-page.e2e.test.ts.
  server = await startOwnServer({
    vars: { DISTRIBUTION_SECONDS_PER_HOUR: "0.01", PROVIDER_WEBHOOK_SECRET: providerSecret, PAYOUT_MINIMUM_CENTS: "100" },
  });
}, 240_000);

afterAll(async () => {
  await server?.stop();
});

/** What an operator does in Stripe's Dashboard: a secret-key call to this server's Stripe sandbox. */
async function stripeDashboard(path: string, fields: Record<string, string>) {
  const response = await fetch(`${server.baseURL}/api/stripe-sandbox${path}`, {
    method: "POST",
    headers: { Authorization: "Bearer sk_test_jplay_sandbox", "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields).toString(),
  });
  expect(response.status, await response.clone().text()).toBe(200);
}

/** Reloads the artist page until `ready` holds (webhooks, queue jobs and the pipeline run in the background). */
async function reloadUntil(page: Page, ready: () => Promise<boolean>, timeout = 60_000) {
  await expect
    .poll(
      async () => {
        await page.reload();
        await page.getByRole("heading", { level: 1, name: "Your artist page" }).waitFor();
        return ready();
      },
      { timeout, interval: 1_000 },
    )
    .toBe(true);
}

const songItem = (page: Page, title: string) => page.getByRole("listitem").filter({ has: page.getByRole("heading", { level: 3, name: title }) });
const figure = (page: Page, region: string, label: string) =>
  page.getByRole("region", { name: region }).getByText(label, { exact: true }).locator("xpath=following-sibling::dd");

describe("a new artist, from saving a card to being paid, refunded and in control", () => {
  test("pays, finds their page, gets paid, is refunded for a rejected song, replaces the card, cancels Pro, and is texted each step", async () => {
    const page = await newPage();
    const phone = newPhone();
    const run = Date.now() % 100_000;
    const liveTitle = `Journey Live ${run}`;
    const rejectedTitle = `Journey Rejected ${run}`;

    // 1. Saves a card on /distribute, paid out daily.
    await page.goto(`${server.baseURL}/distribute`);
    await page.getByLabel("Phone number", { exact: true }).fill(phone);
    await page.getByRole("radio", { name: /Daily/ }).check();
    await fillCard(page, CARDS.visa);
    await page.getByRole("button", { name: "Save Payment Method" }).click();
    await page.getByText("Payment method saved successfully", { exact: true }).waitFor();

    // 2. Pays for a song on the offer screen (expedited, preselected) and lands on Home, whose banner links to the page.
    const liveSongId = await uploadSong(page, server.baseURL, liveTitle);
    await page.getByRole("button", { name: "Complete Distribution" }).click();
    await page.getByText(`${liveTitle} is being distributed`, { exact: true }).waitFor({ timeout: 30_000 });
    await page.getByRole("link", { name: "Your private artist page" }).click();
    // The Worker keeps the link's token in a cookie and shows the page at /artist.
    await page.waitForURL(`${server.baseURL}/artist`);
    const artistPage = (await keptArtistLink(page))!;
    expect(artistPage).toMatch(/^\/artist\/[A-Za-z0-9_-]{43}$/);
    await expectNoLinkInStorage(page, artistPage);
    await page.getByRole("heading", { level: 1, name: "Your artist page" }).waitFor();

    // 3. Get paid: Stripe's hosted onboarding, then back on the page with payouts ready.
    await page.getByRole("button", { name: "Get paid" }).click();
    await page.waitForURL(/\/api\/stripe-sandbox\/connect\/onboarding\/acl_/);
    await page.getByRole("button", { name: "Complete onboarding" }).click();
    await page.waitForURL(`${server.baseURL}/artist`);
    await reloadUntil(page, async () => (await page.getByRole("region", { name: "Balance" }).getByText("Ready", { exact: true }).count()) === 1);

    // 4. An operator listens to the song and approves it in the Review tab; it goes live; a listener
    //    buys it; the sale is credited (199 − 10% to the provider = $1.80).
    const admin = await signedInOperator(server.baseURL, server.adminPassword);
    await approveInReviewTab(admin, liveTitle);
    await reloadUntil(page, async () => (await songItem(page, liveTitle).getByText("Status: Live").count()) === 1);
    await reportPurchase(server.baseURL, providerSecret, liveSongId, 199);
    await reloadUntil(page, async () => (await figure(page, "Balance", "Available").textContent()) === "$1.80");
    expect(await songItem(page, liveTitle).getByText("1 download sold · $1.99 in sales").isVisible()).toBe(true);

    // 5. The payout run: Stripe's balance is funded (a top-up, available days later), the daily cron pays the artist.
    await stripeDashboard("/v1/topups", { amount: "100000", currency: "usd", description: "journey top-up" });
    await stripeDashboard("/v1/test_helpers/advance_clock", { seconds: String(10 * 24 * 60 * 60) });
    expect((await cronTrigger(server.baseURL, DAILY_CRON)).status).toBe(200);
    const payouts = page.getByRole("table", { name: "Your payouts, newest first" });
    await reloadUntil(page, async () => (await payouts.getByRole("row").filter({ hasText: "$1.80" }).filter({ hasText: "Paid" }).count()) === 1);
    expect(await figure(page, "Balance", "Available").textContent()).toBe("$0.00");

    // 6. A second song, paid (standard, $99.00), is rejected by an operator before it goes live: the fee comes back.
    // Back on /distribute, the card saved in this browser is offered: no typing it again.
    await page.goto(`${server.baseURL}/distribute`);
    const savedCard = page.getByRole("region", { name: "Your saved card" });
    await savedCard.getByText("Your Visa card ending in 4242 is saved.", { exact: true }).waitFor();
    await savedCard.getByRole("button", { name: "Use saved card" }).click();
    const rejectedSongId = await uploadSong(page, server.baseURL, rejectedTitle);
    await page.getByRole("radio", { name: /Standard/ }).check();
    await page.getByRole("button", { name: "Complete Distribution" }).click();
    await page.getByText(`${rejectedTitle} is being distributed`, { exact: true }).waitFor({ timeout: 30_000 });
    // The song is rejected once Stripe's webhook has marked it paid (approved); until then the answer is 409.
    await expect
      .poll(
        () =>
          admin.evaluate(
            async (songId) =>
              (
                await fetch(`/api/admin/songs/${songId}/reject`, {
                  method: "POST",
                  headers: { "Content-Type": "application/json" },
                  body: JSON.stringify({ reason: "not_their_work", note: "The recording is not the artist's own." }),
                })
              ).status,
            rejectedSongId,
          ),
        { timeout: 30_000, interval: 1_000 },
      )
      .toBe(200);
    await page.goto(`${server.baseURL}${artistPage}`);
    await reloadUntil(page, async () => (await songItem(page, rejectedTitle).getByText("Refunded $99.00", { exact: true }).count()) === 1);
    expect(await songItem(page, rejectedTitle).getByText("Status: Rejected").count()).toBe(1);
    // The operator sees it in the Refunds panel, refunded in full.
    await admin.reload();
    await admin.getByText(/^Refunds \(\d+/).click();
    const refundRow = admin.getByRole("table", { name: "Refunds of rejected songs" }).getByRole("row").filter({ hasText: rejectedTitle });
    await refundRow.waitFor();
    await expect.poll(() => refundRow.getByRole("cell").nth(3).textContent()).toBe("$99.00");
    await expect.poll(() => refundRow.getByRole("cell").nth(4).textContent()).toBe("Refunded");

    // 7. The card is replaced with one that asks for 3-D Secure.
    const card = page.getByRole("region", { name: "Card" });
    await card.getByText("VISA ending in 4242, expires 12/2034", { exact: true }).waitFor();
    await card.getByRole("button", { name: "Replace card" }).click();
    await fillCard(page, "4000 0025 0000 3155", card);
    await card.getByRole("button", { name: "Save new card" }).click();
    await answerBank(page, "Complete authentication");
    await card.getByText("VISA ending in 3155, expires 12/2034", { exact: true }).waitFor();

    // 8. Pro: subscribes, then cancels at the period's end from the page.
    await page.goto(`${server.baseURL}/subscribe`);
    await fillCard(page, CARDS.visa);
    await page.getByRole("button", { name: "Subscribe for $14.99/month" }).click();
    await page.waitForURL(`${server.baseURL}/subscription-success`);
    await page.goto(`${server.baseURL}${artistPage}`);
    const pro = page.getByRole("region", { name: "JPlay Pro" });
    await reloadUntil(page, async () => (await pro.getByRole("button", { name: "Cancel at period end" }).count()) === 1);
    const renews = (await pro.getByRole("status").textContent())!;
    await pro.getByRole("button", { name: "Cancel at period end" }).click();
    const confirm = page.getByRole("dialog", { name: "Cancel JPlay Pro?" });
    await confirm.getByRole("button", { name: "Cancel at period end" }).click();
    await pro.getByText(`Pro ends on ${renews.slice("Renews on ".length)}`, { exact: true }).waitFor();

    // 9. Every step was texted: the operator's Messages tab lists them for this number, the link never shown.
    const texts = admin.getByRole("table", { name: "Texts sent to artists, newest first" });
    const kindsTexted = async () => {
      await admin.reload();
      await admin.getByRole("tab", { name: "Messages" }).click();
      await texts.waitFor();
      const rows = await texts
        .getByRole("row")
        .filter({ hasText: phone.replace(/\s/g, "") })
        .all();
      return Promise.all(rows.map(async (row) => (await row.getByRole("cell").nth(1).textContent())!));
    };
    const everyStep = ["Card saved", "Payment succeeded", "Song live", "Payout sent", "Song rejected"];
    await expect.poll(kindsTexted, { timeout: 30_000, interval: 1_000 }).toEqual(expect.arrayContaining(everyStep));
    // One per paid song: the live one and the rejected one.
    expect((await kindsTexted()).filter((kind) => kind === "Payment succeeded")).toHaveLength(2);
    await expect.poll(() => texts.getByText(artistPage.slice("/artist/".length)).count()).toBe(0);
  }, 420_000);
});
