/// <reference lib="dom" />
// page.evaluate callbacks run in the browser: they need the DOM types the Node tsconfig leaves out.
/**
 * Scripts in titles render as text (docs/security.md): an artist uploads a song whose title and artist name
 * are HTML with an event handler. The artist's private page and the admin portal show the
 * characters as typed; on those and on the approval screen no element is made from them and the
 * handler never runs (`window.__xss` stays undefined).
 */
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, test } from "vitest";
import { newPage } from "./support/browser";
import { sharedServer } from "./support/shared-server";

const { baseURL, adminPassword } = sharedServer();

const tag = `xss${Date.now().toString(36)}`;
const TITLE = `<img src=x onerror=window.__xss=1> ${tag}`;
const ARTIST = `<svg onload=window.__xss=2>${tag}</svg>`;

let mp3: Buffer;

beforeAll(async () => {
  const popular = await (await fetch(`${baseURL}/api/songs/popular`)).json<Array<{ audioUrl: string }>>();
  mp3 = Buffer.from(await (await fetch(`${baseURL}${popular[0]!.audioUrl}`)).arrayBuffer());
});

/** No script ran and no element was made from the text. */
async function expectInert(page: Page, where: string) {
  // An injected handler fires once its image has loaded or failed (an SVG's on insertion): wait until
  // every image on the page has settled.
  await page.waitForFunction(() => Array.from(document.images).every((image) => image.complete));
  expect(await page.evaluate(() => (window as unknown as { __xss?: unknown }).__xss), where).toBeUndefined();
  await expect.poll(() => page.locator('img[src="x"], img[onerror], svg[onload]').count(), { message: where }).toBe(0);
}

describe("script in a song title and artist name", () => {
  test("shows as text on the artist's page and the admin portal, and never runs there or on the approval screen", async () => {
    const page = await newPage();
    await page.goto(`${baseURL}/distribute`);
    await page.getByLabel("Phone number", { exact: true }).fill(`+1 557 ${String(Date.now() % 1_000_000).padStart(6, "0")}1`);
    await page.getByLabel("Card number", { exact: true }).fill("4242 4242 4242 4242");
    await page.getByLabel("Expiry", { exact: true }).fill("12 / 34");
    await page.getByLabel("CVC", { exact: true }).fill("123");
    await page.getByRole("button", { name: "Save Payment Method" }).click();
    await page.getByText("Payment method saved successfully", { exact: true }).waitFor();

    await page.getByLabel("Artist name", { exact: true }).fill(ARTIST);
    await page.getByLabel("Song title", { exact: true }).fill(TITLE);
    await page.getByRole("radio", { name: "No, it's clean" }).check();
    await page.getByLabel("MP3 file").setInputFiles({ name: "<script>.mp3", mimeType: "audio/mpeg", buffer: mp3 });
    await page.getByRole("button", { name: "Submit for Distribution" }).click();
    await page.waitForURL(/\/approval\/[^/]+$/, { timeout: 30_000 });

    // The approval screen (its song details arrive with the payment screens) runs nothing either. Its
    // own heading: /distribute's stays on view while the screen's code downloads.
    await page.getByRole("heading", { level: 1, name: TITLE }).waitFor();
    await expectInert(page, "approval");

    // The artist's private page.
    await page.goto(`${baseURL}/artist`);
    await page.getByRole("heading", { level: 3, name: TITLE }).waitFor();
    await expectInert(page, "artist page");

    // The admin portal: the song's badge and the artist's row, found by the search box.
    const admin = await newPage();
    await admin.goto(`${baseURL}/admin`);
    await admin.getByLabel("Password", { exact: true }).fill(adminPassword);
    await admin.getByRole("button", { name: "Sign in" }).click();
    await admin.getByRole("searchbox", { name: "Search payment methods" }).fill(tag);
    await admin.getByRole("row").filter({ hasText: ARTIST }).first().waitFor();
    await expect.poll(() => admin.getByRole("row").filter({ hasText: TITLE }).count()).toBeGreaterThan(0);
    await expectInert(admin, "admin payment methods");
    await admin.getByRole("tab", { name: "Distribution Status" }).click();
    // The song's row in that tab's table (the payment methods table has one with the same text).
    await admin.getByRole("table", { name: "Distribution status" }).getByRole("row").filter({ hasText: TITLE }).first().waitFor();
    await expectInert(admin, "admin distribution status");
  });
});
