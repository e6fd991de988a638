/**
 * "Cancel any time", kept, in a real browser against the real Worker and its Stripe sandbox
 * (docs/decisions/023-pro-renewals.md): an artist subscribes to Pro on /subscribe, follows the link
 * to their private page, sees the plan and its next renewal date, cancels at period end after a
 * confirmation ("Pro ends on <date>", still so after a reload), and resumes before that date; and a
 * renewal the bank wants confirmed (3-D Secure) is confirmed from the page with the saved card.
 */
import type { Locator, Page } from "playwright-core";
import { describe, expect, test } from "vitest";
import { CARDS, answerBank, fillCard, freshVisa, sandboxApi, saveCard, toastShown } from "./support/artist";
import { newPage } from "./support/browser";
import { sharedServer } from "./support/shared-server";

const { baseURL } = sharedServer();

/** The plan's status line, a paragraph: the card form's loading spinner is a status of its own. */
const planStatusOf = (page: Page, pro: Locator) => pro.getByRole("status").and(page.locator("p"));

/** The answer of the page's next change to the Pro plan, once the server has settled it. */
const proChange = (page: Page, change: "cancel" | "resume") =>
  page.waitForResponse((response) => new URL(response.url()).pathname.endsWith(`/pro/${change}`) && response.request().method() === "POST");

/** Subscribes to Pro on /subscribe with `card` and opens the private page; answers its Pro region. */
async function proArtistPage(page: Page, card: string) {
  await saveCard(page, baseURL, CARDS.visa);
  await page.goto(`${baseURL}/subscribe`);
  await page.getByText(/Cancel any time on your private artist page/).waitFor();
  await fillCard(page, card);
  await page.getByRole("button", { name: "Subscribe for $14.99/month" }).click();
  if (card === CARDS.threeDSecure) await answerBank(page, "Complete authentication");
  await page.waitForURL(`${baseURL}/subscription-success`);
  await page.goto(`${baseURL}/artist`);
  return page.getByRole("region", { name: "JPlay Pro" });
}

/** Reloads the page until the Pro region shows `text` (webhooks settle it in the background). */
async function reloadUntilPro(page: Page, text: string) {
  const pro = page.getByRole("region", { name: "JPlay Pro" });
  await expect
    .poll(
      async () => {
        await page.reload();
        await page.getByRole("heading", { level: 1, name: "Your artist page" }).waitFor();
        return pro.getByText(text, { exact: true }).count();
      },
      { timeout: 20_000 },
    )
    .toBe(1);
}

describe("Pro on the artist's private page", () => {
  test("shows the plan and next renewal date; Cancel at period end (confirmed) shows Pro ends on that date; Resume takes it back", async () => {
    const page = await newPage();
    await saveCard(page, baseURL, CARDS.visa);
    await page.goto(`${baseURL}/subscribe`);
    await page.getByText(/Cancel any time on your private artist page/).waitFor();
    await fillCard(page, freshVisa());
    await page.getByRole("button", { name: "Subscribe for $14.99/month" }).click();
    await page.waitForURL(`${baseURL}/subscription-success`);
    const pageLink = page.getByRole("link", { name: "your private artist page" });
    await pageLink.waitFor();
    expect(await pageLink.getAttribute("href")).toBe("/artist");

    // Pro turns on when Stripe's invoice.paid webhook arrives: reload until the plan shows.
    await pageLink.click();
    await page.waitForURL(`${baseURL}/artist`);
    const pro = page.getByRole("region", { name: "JPlay Pro" });
    await reloadUntilPro(page, "JPlay Pro, $14.99/month");
    const planStatus = planStatusOf(page, pro);
    const renews = (await planStatus.textContent())!;
    expect(renews).toMatch(/^Renews on [A-Z][a-z]{2} \d{1,2}, \d{4}$/);
    const date = renews.slice("Renews on ".length);

    // Changing one's mind in the confirmation changes nothing.
    await pro.getByRole("button", { name: "Cancel at period end" }).click();
    const dialog = page.getByRole("dialog", { name: "Cancel JPlay Pro?" });
    await dialog.waitFor();
    await expect.poll(() => dialog.getByText(`Pro stays on until ${date}`, { exact: false }).isVisible()).toBe(true);
    await dialog.getByRole("button", { name: "Keep Pro" }).click();
    await dialog.waitFor({ state: "hidden" });
    await expect.poll(() => planStatus.textContent()).toBe(renews);

    // Confirmed: Pro ends on the renewal date instead.
    await pro.getByRole("button", { name: "Cancel at period end" }).click();
    await dialog.waitFor();
    const canceled = proChange(page, "cancel");
    await dialog.getByRole("button", { name: "Cancel at period end" }).click();
    expect((await canceled).status()).toBe(200);
    await pro.getByText(`Pro ends on ${date}`, { exact: true }).waitFor();
    await pro.getByRole("button", { name: "Resume" }).waitFor();
    await expect.poll(() => pro.getByRole("button", { name: "Cancel at period end" }).count()).toBe(0);
    // It is the server's state, not the page's.
    await page.reload();
    await pro.getByText(`Pro ends on ${date}`, { exact: true }).waitFor();

    const resumed = proChange(page, "resume");
    await pro.getByRole("button", { name: "Resume" }).click();
    expect((await resumed).status()).toBe(200);
    await pro.getByText(renews, { exact: true }).waitFor();
    await pro.getByRole("button", { name: "Cancel at period end" }).waitFor();
    await page.reload();
    await pro.getByText(renews, { exact: true }).waitFor();
  });

  test("a renewal the bank wants confirmed: the page offers Confirm renewal, the bank's challenge runs with the saved card, and Pro renews", async () => {
    const page = await newPage();
    // 4000 0027 6000 3184 asks for 3-D Secure on every payment, the off-session renewal included.
    const pro = await proArtistPage(page, CARDS.threeDSecure);
    await reloadUntilPro(page, "JPlay Pro, $14.99/month");
    const planStatus = planStatusOf(page, pro);
    const renews = (await planStatus.textContent())!;

    // A month passes at Stripe; its next call renews the subscription, and the bank asks for the cardholder.
    await sandboxApi(baseURL, "POST", "/v1/test_helpers/advance_clock", { seconds: String(32 * 24 * 60 * 60) });
    await sandboxApi(baseURL, "GET", "/v1/balance");
    await reloadUntilPro(page, "Confirm your renewal");
    await pro
      .getByText("Your bank asks you to confirm this month's renewal of $14.99 with the card you saved. Pro is off until you do.", { exact: true })
      .waitFor();
    expect(await planStatus.textContent()).not.toBe(renews);

    await pro.getByRole("button", { name: "Confirm renewal" }).click();
    await answerBank(page, "Complete authentication");
    await toastShown(page, "Pro renewed", "Your renewal is paid and Pro is on again.");
    await expect.poll(() => pro.getByRole("button", { name: "Confirm renewal" }).count()).toBe(0);
    await pro.getByRole("button", { name: "Cancel at period end" }).waitFor();
    // Stripe's state, not the page's: still renewed after a reload.
    await reloadUntilPro(page, "JPlay Pro, $14.99/month");
    expect(await pro.getByText("Confirm your renewal", { exact: true }).count()).toBe(0);
  });
});
