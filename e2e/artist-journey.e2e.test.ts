/// <reference lib="dom" />
// page.evaluate callbacks run in the browser: they need the DOM types the Node tsconfig leaves out.
/**
 * The artist's way back to their page and their money in a real browser against the real Worker and
 * its Stripe sandbox (docs/decisions/028-artist-journey.md): after paying on the offer screen the
 * home banner links to the artist page, offers "Get paid", and the header shows "My music" (which
 * still works once the kept link is lost); /distribute lists an unpaid song with Pay now; /checkout
 * without a saved card leads to saving one and back; the artist page's monthly statement downloads.
 */
import { describe, expect, test } from "vitest";
import { newPage } from "./support/browser";
import {
  ARTIST_LINK_COOKIE,
  CARDS,
  expectNoLinkInStorage,
  fillCard,
  freshVisa,
  keptArtistLink,
  newPhone,
  pathOf,
  saveCard,
  songAwaitingPayment,
} from "./support/artist";
import { sharedServer } from "./support/shared-server";

const { baseURL } = sharedServer();

const uniqueTitle = (name: string) => `${name} ${Date.now() % 100_000}`;

describe("after paying", () => {
  test("the home banner links to the artist page and offers Get paid; the header shows My music, even once the kept link is lost", async () => {
    const page = await newPage();
    const title = uniqueTitle("Way Back");
    await songAwaitingPayment(page, baseURL, freshVisa(), title);
    // The saved card's link is in the Worker's HttpOnly cookie, in no storage a script reads.
    const link = (await keptArtistLink(page))!;
    expect(link).toMatch(/^\/artist\/[A-Za-z0-9_-]{43}$/);
    await expectNoLinkInStorage(page, link);

    await page.getByRole("radio", { name: /Standard/ }).check();
    await page.getByRole("button", { name: "Complete Distribution" }).click();
    await page.waitForURL(`${baseURL}/`, { timeout: 30_000 });
    await page.getByText(`${title} is being distributed`, { exact: true }).waitFor({ timeout: 30_000 });
    const bannerLink = page.getByRole("link", { name: "Your private artist page" });
    expect(await bannerLink.getAttribute("href")).toBe("/artist");
    await page.getByRole("heading", { name: "Next step: get paid" }).waitFor();
    await expect.poll(() => page.getByRole("button", { name: "Get paid" }).isEnabled()).toBe(true);

    const myMusic = page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "My music" });
    await myMusic.waitFor();
    expect(await myMusic.getAttribute("href")).toBe("/artist");
    // The mobile menu has it too.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole("button", { name: "Menu" }).click();
    expect(await page.getByRole("navigation", { name: "Mobile" }).getByRole("link", { name: "My music" }).getAttribute("href")).toBe("/artist");
    await page.setViewportSize({ width: 1280, height: 800 });

    // My music opens the page from the kept link, which it keeps (no new link).
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "My music" }).click();
    await page.waitForURL(`${baseURL}/artist`);
    await page.getByRole("heading", { level: 3, name: title }).waitFor();
    expect(await keptArtistLink(page)).toBe(link);

    // The kept link is lost (its cookie cleared): My music asks for a fresh one, kept in the cookie, and opens the page.
    await page.context().clearCookies({ name: ARTIST_LINK_COOKIE });
    await page.goto(`${baseURL}/`);
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "My music" }).click();
    await page.waitForURL(`${baseURL}/artist`);
    await page.getByRole("heading", { level: 1, name: "Your artist page" }).waitFor();
    await page.getByRole("heading", { level: 3, name: title }).waitFor();
    const fresh = (await keptArtistLink(page))!;
    expect(fresh).toMatch(/^\/artist\/[A-Za-z0-9_-]{43}$/);
    expect(fresh).not.toBe(link);
    await expectNoLinkInStorage(page, fresh);
  });

  test("Get paid on the home banner opens Stripe's payout onboarding in one click", async () => {
    const page = await newPage();
    const title = uniqueTitle("Get Paid");
    await songAwaitingPayment(page, baseURL, freshVisa(), title);
    await page.getByRole("radio", { name: /Standard/ }).check();
    await page.getByRole("button", { name: "Complete Distribution" }).click();
    await page.getByText(`${title} is being distributed`, { exact: true }).waitFor({ timeout: 30_000 });
    await page.getByRole("button", { name: "Get paid" }).click();
    await page.waitForURL(/\/api\/stripe-sandbox\/connect\/onboarding\//, { timeout: 30_000 });
  });
});

describe("/distribute", () => {
  test("lists the artist's unpaid song with Pay now, which leads to its offer screen", async () => {
    const page = await newPage();
    const title = uniqueTitle("Still Unpaid");
    const songId = await songAwaitingPayment(page, baseURL, freshVisa(), title);
    await page.goto(`${baseURL}/distribute`);
    const songs = page.getByRole("list", { name: "Your songs" });
    const item = songs.getByRole("listitem").filter({ hasText: title });
    await item.waitFor();
    await expect.poll(() => item.getByText("Not paid yet", { exact: true }).isVisible()).toBe(true);
    await item.getByRole("link", { name: `Pay now for ${title}` }).click();
    await page.waitForURL(`${baseURL}/approval/${songId}`);
    await page.getByRole("button", { name: "Complete Distribution" }).waitFor();
  });
});

describe("/checkout without a saved card", () => {
  test("says a card must be saved first, saves one on /distribute, and comes back", async () => {
    const page = await newPage();
    await page.goto(`${baseURL}/checkout`);
    await page.getByRole("heading", { name: "Save a card first" }).waitFor();
    await expect.poll(() => page.getByRole("button", { name: "Pay Now" }).count()).toBe(0);
    await page.getByRole("link", { name: "Save a card" }).click();
    await page.waitForURL(`${baseURL}/distribute?returnTo=%2Fcheckout`);
    await page.getByText("Save your card below, then you will go straight back to the distribution fee payment.", { exact: true }).waitFor();

    await page.getByLabel("Phone number", { exact: true }).fill(newPhone());
    await fillCard(page, CARDS.visa);
    await page.getByRole("button", { name: "Save Payment Method" }).click();
    await page.waitForURL(`${baseURL}/checkout`, { timeout: 30_000 });
    await page.getByRole("button", { name: "Pay Now" }).waitFor();
    await expect.poll(() => page.getByRole("heading", { name: "Save a card first" }).count()).toBe(0);
  });

  test("a returnTo outside the payment screens is ignored", async () => {
    const page = await newPage();
    await page.goto(`${baseURL}/distribute?returnTo=${encodeURIComponent("https://example.com/checkout")}`);
    await page.getByRole("button", { name: "Save Payment Method" }).waitFor();
    await expect.poll(() => page.getByText(/you will go straight back/).count()).toBe(0);
    await saveCard(page, baseURL, CARDS.visa);
    expect(pathOf(page)).toBe("/distribute");
  });
});

describe("monthly statements", () => {
  test("the artist page lists this month's statement and downloads it as CSV", async () => {
    const page = await newPage();
    await saveCard(page, baseURL, CARDS.visa);
    await page.goto(`${baseURL}/artist`);
    await page.getByRole("heading", { level: 2, name: "Monthly statements" }).waitFor();
    const month = new Date().toISOString().slice(0, 7);
    const monthName = new Intl.DateTimeFormat("en-US", { month: "long", year: "numeric", timeZone: "UTC" }).format(new Date());
    const download = page.waitForEvent("download");
    await page.getByRole("link", { name: `Download the ${monthName} statement` }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe(`jplay-statement-${month}.csv`);
    const text = await (await file.createReadStream()).toArray();
    const csv = Buffer.concat(text as Buffer[]).toString("utf8");
    expect(csv.split("\r\n")).toContain(`"JPlay monthly statement","${month}"`);
    expect(csv.split("\r\n")).toContain('"Total","0","0.00","0.00"');
  });
});
