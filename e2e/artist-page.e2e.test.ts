/// <reference lib="dom" />
// page.evaluate callbacks run in the browser: they need the DOM types the Node tsconfig leaves out.
/**
 * The artist's private page in a real browser against the real Worker and its Stripe sandbox: save a
 * card, upload a song, open the private link the browser kept, see the song and its status, set up
 * payouts through the (sandbox-hosted) Stripe onboarding and come back ready; unknown links say so.
 */
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, test } from "vitest";
import { expectNoLinkInStorage, keptArtistLink } from "./support/artist";
import { newPage } from "./support/browser";
import { sharedServer } from "./support/shared-server";

const { baseURL } = sharedServer();

let mp3: Buffer;

beforeAll(async () => {
  const response = await fetch(`${baseURL}/api/songs/popular`);
  expect(response.status).toBe(200);
  const [song] = await response.json<{ audioUrl: string }[]>();
  const audio = await fetch(`${baseURL}${song!.audioUrl}`);
  expect(audio.status).toBe(200);
  mp3 = Buffer.from(await audio.arrayBuffer());
});

const newPhone = () => `+1 555 ${String(Date.now() % 1_000_000).padStart(6, "0")}7`;

/** Saves a card and uploads a song on /distribute, as an artist does; answers the kept link. */
async function saveCardAndUpload(page: Page, title: string): Promise<string> {
  await page.goto(`${baseURL}/distribute`);
  await page.getByLabel("Phone number", { exact: true }).fill(newPhone());
  await page.getByRole("radio", { name: /Weekly/ }).check();
  await page.getByLabel("Card number", { exact: true }).fill("4242 4242 4242 4242");
  await page.getByLabel("Expiry", { exact: true }).fill("12 / 34");
  await page.getByLabel("CVC", { exact: true }).fill("123");
  await expect.poll(() => page.getByRole("button", { name: "Save Payment Method" }).isEnabled(), { timeout: 15_000 }).toBe(true);
  await page.getByRole("button", { name: "Save Payment Method" }).click();
  await page.getByText("Payment method saved successfully", { exact: true }).waitFor();

  // The link the save issued is in the Worker's HttpOnly cookie, and in no storage a script of the page reads.
  const link = await keptArtistLink(page);
  expect(link).toMatch(/^\/artist\/[A-Za-z0-9_-]{43}$/);
  await expectNoLinkInStorage(page, link!);

  await page.getByLabel("Artist name", { exact: true }).fill("Page Artist");
  await page.getByLabel("Song title", { exact: true }).fill(title);
  await page.getByRole("radio", { name: "No, it's clean" }).check();
  await page.getByLabel("MP3 file").setInputFiles({ name: "song.mp3", mimeType: "audio/mpeg", buffer: mp3 });
  await page.getByRole("button", { name: "Submit for Distribution" }).click();
  await page.waitForURL(/\/approval\/[^/]+$/, { timeout: 30_000 });
  return link!;
}

describe("the artist's private page", () => {
  test("shows the uploaded song with its status and a zero balance, then sets up payouts through Stripe onboarding", async () => {
    const page = await newPage();
    const link = await saveCardAndUpload(page, "Private Page Song");

    // The page opens at /artist from the cookie the save left: no token in any address.
    await page.goto(`${baseURL}/artist`);
    await page.getByRole("heading", { level: 1, name: "Your artist page" }).waitFor();
    expect(page.url()).toBe(`${baseURL}/artist`);
    const kept = (await page.context().cookies()).find((cookie) => cookie.name === "__Host-jplay_artist_link");
    expect(kept).toMatchObject({ value: link.slice("/artist/".length), secure: true, httpOnly: true, sameSite: "Lax", path: "/" });
    expect(await page.evaluate(() => document.cookie)).not.toContain("jplay_artist_link");
    const song = page.getByRole("listitem").filter({ has: page.getByRole("heading", { level: 3, name: "Private Page Song" }) });
    await song.waitFor();
    await expect.poll(() => song.getByText("Status: Pending payment").count()).toBe(1);
    await expect.poll(() => song.getByRole("list", { name: "History of Private Page Song" }).getByText("Submitted").isVisible()).toBe(true);
    await expect.poll(() => song.getByText("0 downloads sold · $0.00 in sales").isVisible()).toBe(true);
    // No earnings yet (the provider's purchase reports arrive with the sales ledger work).
    const balance = page.getByRole("region", { name: "Balance" });
    await expect.poll(() => balance.getByText("Available").locator("xpath=following-sibling::dd").textContent()).toBe("$0.00");
    await expect.poll(() => balance.getByText("Weekly, every Monday").isVisible()).toBe(true);
    await expect.poll(() => balance.getByText("Not set up").isVisible()).toBe(true);
    await expect.poll(() => page.getByText("No payouts yet.").isVisible()).toBe(true);
    // The page must not hand its private URL to the sites it links to.
    expect(await page.locator('meta[name="referrer"]').getAttribute("content")).toBe("no-referrer");

    // Get paid: the button opens the (sandbox-hosted) Stripe onboarding.
    const setUp = page.getByRole("button", { name: "Get paid" });
    await setUp.focus();
    await page.keyboard.press("Enter");
    await page.waitForURL(/\/api\/stripe-sandbox\/connect\/onboarding\/acl_/);
    const card = page.getByLabel("Debit card number");
    await expect.poll(() => card.inputValue()).toBe("4000 0566 5566 5556");
    await page.getByRole("button", { name: "Complete onboarding" }).click();

    // Back on the private page (Stripe was given its address without the token); Stripe's
    // account.updated webhook marks payouts ready.
    await page.waitForURL(`${baseURL}/artist`);
    await expect
      .poll(
        async () => {
          await page.reload();
          await page.getByRole("heading", { level: 1, name: "Your artist page" }).waitFor();
          return page.getByRole("region", { name: "Balance" }).getByText("Ready", { exact: true }).count();
        },
        { timeout: 15_000 },
      )
      .toBe(1);
    await expect.poll(() => page.getByRole("button", { name: "Get paid" }).count()).toBe(0);
  });

  test("onboarding without the tax details says what Stripe still needs and holds payouts; giving them makes payouts ready, with the minimum shown", async () => {
    const page = await newPage();
    const link = await saveCardAndUpload(page, "Tax Details Song");
    await page.goto(`${baseURL}${link}`);
    await page.getByRole("heading", { level: 1, name: "Your artist page" }).waitFor();

    // Stripe's (sandbox) onboarding, finished without the tax details.
    await page.getByRole("button", { name: "Get paid" }).click();
    await page.waitForURL(/\/api\/stripe-sandbox\/connect\/onboarding\/acl_/);
    await expect.poll(() => page.getByLabel("Taxpayer ID (SSN or ITIN, for your W-9)").inputValue()).toBe("000-00-0000");
    await page.getByLabel("Finish without tax details").check();
    await page.getByRole("button", { name: "Complete onboarding" }).click();
    await page.waitForURL(`${baseURL}/artist`);

    // The page lists what is missing, in plain words, beside the button that continues the onboarding.
    const missing = page.getByRole("list", { name: "Payouts wait until Stripe has:" });
    const taxDetails = "Your tax details: your taxpayer ID for a W-9 (US persons) or a W-8 (everyone else)";
    await expect
      .poll(
        async () => {
          await page.reload();
          await page.getByRole("heading", { level: 1, name: "Your artist page" }).waitFor();
          return missing.getByText(taxDetails, { exact: true }).count();
        },
        { timeout: 15_000 },
      )
      .toBe(1);
    expect(await missing.getByRole("listitem").count()).toBe(1);
    expect(await page.getByRole("region", { name: "Balance" }).getByText("Ready", { exact: true }).count()).toBe(0);

    // Continuing the onboarding with the prefilled test taxpayer id makes payouts ready.
    await page.getByRole("button", { name: "Get paid" }).click();
    await page.waitForURL(/\/api\/stripe-sandbox\/connect\/onboarding\/acl_/);
    await page.getByRole("button", { name: "Complete onboarding" }).click();
    await page.waitForURL(`${baseURL}/artist`);
    const balance = page.getByRole("region", { name: "Balance" });
    await expect
      .poll(
        async () => {
          await page.reload();
          await page.getByRole("heading", { level: 1, name: "Your artist page" }).waitFor();
          return balance.getByText("Ready", { exact: true }).count();
        },
        { timeout: 15_000 },
      )
      .toBe(1);
    expect(await page.getByText(taxDetails, { exact: true }).count()).toBe(0);
    // Payouts are set up: the balance shows how far it is from the minimum.
    await balance.getByText("$0.00 of $10.00 — paid when it reaches $10.00", { exact: true }).waitFor();
  });

  test("this browser's session is a __Host- cookie, listed on the page and signed out from it; revoking the links gives a new one", async () => {
    const page = await newPage();
    const link = await saveCardAndUpload(page, "Session Page Song");
    // Chromium keeps the Secure, __Host- cookie over plain http on 127.0.0.1.
    const session = (await page.context().cookies()).find((cookie) => cookie.name === "__Host-jplay_session");
    expect(session).toMatchObject({ secure: true, httpOnly: true, sameSite: "Lax", path: "/" });

    await page.goto(`${baseURL}${link}`);
    const browsers = page.getByRole("region", { name: "Signed-in browsers" });
    await browsers.getByText("This browser", { exact: true }).waitFor();
    await expect.poll(() => browsers.getByRole("listitem").count()).toBe(1);
    const linkRegion = page.getByRole("region", { name: "Your private link" });
    await expect.poll(() => linkRegion.getByText(/^This link works until .+\. Each visit keeps it working for longer\.$/).isVisible()).toBe(true);

    // Revoke: confirm, the page shows the new link with a notice and keeps working (the browser keeps
    // the new link); the old link no longer opens the page.
    await linkRegion.getByRole("button", { name: "Revoke my links" }).click();
    await linkRegion.getByRole("button", { name: "Revoke and get a new link" }).click();
    await page.getByRole("status").filter({ hasText: "Your old links no longer work." }).waitFor();
    const newLink = (await keptArtistLink(page))!;
    expect(newLink).toMatch(/^\/artist\/[A-Za-z0-9_-]{43}$/);
    expect(newLink).not.toBe(link);
    await expect.poll(() => page.getByText(`${baseURL}${newLink}`, { exact: true }).isVisible()).toBe(true);
    expect(page.url()).toBe(`${baseURL}/artist`);
    await expectNoLinkInStorage(page, newLink);
    await page.reload();
    await linkRegion.getByText(/^This link works until /).waitFor();
    const old = await newPage();
    await old.goto(`${baseURL}${link}`);
    await old.getByRole("heading", { level: 1, name: "Link not found" }).waitFor();

    // Sign this browser out from the page: the cookie is gone and artist calls are refused.
    await browsers.getByRole("button", { name: /^Sign out .* \(this browser\)$/ }).click();
    await browsers.getByText("No browser is signed in as you.", { exact: false }).waitFor();
    expect((await page.context().cookies()).some((cookie) => cookie.name === "__Host-jplay_session")).toBe(false);
    expect(
      await page.evaluate(
        async () => (await fetch("/api/create-payment-intent", { method: "POST", headers: { "Content-Type": "application/json" }, body: "{}" })).status,
      ),
    ).toBe(401);
  });

  test("an unknown link says Link not found", async () => {
    const page = await newPage();
    await page.goto(`${baseURL}/artist/${"A".repeat(43)}`);
    await page.getByRole("heading", { level: 1, name: "Link not found" }).waitFor();
    await expect.poll(() => page.getByRole("link", { name: "Go to distribution" }).isVisible()).toBe(true);
  });
  test("replaces the saved card with a 3-D Secure card: the Card section then shows its last 4", async () => {
    const page = await newPage();
    const link = await saveCardAndUpload(page, "Card Page Song");
    await page.goto(`${baseURL}${link}`);
    const section = page.getByRole("region", { name: "Card" });
    await section.getByText("VISA ending in 4242, expires 12/2034", { exact: true }).waitFor();

    await section.getByRole("button", { name: "Replace card" }).click();
    await section.getByLabel("Card number", { exact: true }).fill("4000 0025 0000 3155");
    await section.getByLabel("Expiry", { exact: true }).fill("12 / 34");
    await section.getByLabel("CVC", { exact: true }).fill("123");
    await section.getByRole("button", { name: "Save new card" }).click();
    const dialog = page.getByRole("dialog", { name: "Confirm your payment" });
    await dialog.waitFor();
    await dialog.getByRole("button", { name: "Complete authentication" }).click();

    await section.getByText("VISA ending in 3155, expires 12/2034", { exact: true }).waitFor();
    await expect.poll(() => section.getByRole("button", { name: "Replace card" }).isVisible()).toBe(true);
  });
});
