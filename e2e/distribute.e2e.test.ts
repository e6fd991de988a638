/// <reference lib="dom" />
// page.evaluate callbacks run in the browser: they need the DOM types the Node tsconfig leaves out.
/**
 * The artist's first steps in a real browser against the real Worker and its Stripe sandbox: save a
 * card (plain, declined, 3-D Secure), then upload a song with a cover and land on /approval/{id};
 * the form's validation, the upload's progress bar and Cancel upload, and a failed payment setup.
 */
import type { Page, Request } from "playwright-core";
import { beforeAll, describe, expect, test } from "vitest";
import { newPage } from "./support/browser";
import { sharedServer } from "./support/shared-server";
import { encodePng } from "../scripts/demo/render-cover.ts";

const { baseURL } = sharedServer();

const CARDS = {
  visa: "4242 4242 4242 4242",
  declined: "4000 0000 0000 0002",
  threeDSecure: "4000 0025 0000 3155",
};

/** A 1×1 PNG: real image bytes to disguise as an MP3. */
const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==", "base64");

interface Song {
  audioUrl: string;
  coverUrl: string | null;
}

let mp3: Buffer;
let cover: { name: string; mimeType: string; buffer: Buffer };

beforeAll(async () => {
  const response = await fetch(`${baseURL}/api/songs/popular`);
  expect(response.status).toBe(200);
  const song = (await response.json<Song[]>()).find((candidate) => candidate.coverUrl);
  expect(song, "a seeded song with a cover").toBeTruthy();
  const audio = await fetch(`${baseURL}${song!.audioUrl}`);
  expect(audio.status).toBe(200);
  mp3 = Buffer.from(await audio.arrayBuffer());
  // The demo catalogue's covers are 288 px, under the upload's 1400 × 1400 rule: the form gets a cover
  // of that size (a warm gradient), as an artist's export would be.
  const side = 1400;
  const pixels = new Uint8Array(side * side * 3).map((_, i) => (i % 3 === 0 ? 200 : i % 3 === 1 ? Math.floor(i / (side * 3 * 6)) : 60));
  cover = { name: "cover.png", mimeType: "image/png", buffer: Buffer.from(encodePng(side, side, pixels)) };
});

/** Saves are rate-limited per phone number: every test uses its own. */
let phoneSerial = 0;
const newPhone = () => `+1 555 ${String(Date.now() % 1_000_000).padStart(6, "0")}${phoneSerial++ % 10}`;

/** Requests the page makes to one API path, to assert what was (not) sent. */
function recordRequests(page: Page, path: string): Request[] {
  const seen: Request[] = [];
  page.on("request", (request) => {
    if (new URL(request.url()).pathname === path) seen.push(request);
  });
  return seen;
}

async function openDistribute(page: Page) {
  await page.goto(`${baseURL}/distribute`);
  await page.getByRole("heading", { level: 1, name: "Distribute Your Music" }).waitFor();
  await page.getByLabel("Card number", { exact: true }).waitFor();
}

async function enterCard(page: Page, number: string) {
  await page.getByLabel("Phone number", { exact: true }).fill(newPhone());
  await page.getByLabel("Card number", { exact: true }).fill(number);
  await page.getByLabel("Expiry", { exact: true }).fill("12 / 34");
  await page.getByLabel("CVC", { exact: true }).fill("123");
  // Enabled once the setup intent has loaded; click() waits for that.
  await page.getByRole("button", { name: "Save Payment Method" }).click();
}

const saved = (page: Page) => page.getByText("Payment method saved successfully", { exact: true });
const artistName = (page: Page) => page.getByLabel("Artist name", { exact: true });

async function saveCard(page: Page, number = CARDS.visa) {
  await enterCard(page, number);
  await saved(page).waitFor();
}

async function fillSong(page: Page, song: Buffer = mp3) {
  await artistName(page).fill("E2E Artist");
  await page.getByLabel("Song title", { exact: true }).fill("First Steps");
  await page.getByRole("radio", { name: "Yes, it's explicit" }).check();
  await page.getByLabel("MP3 file").setInputFiles({ name: "first-steps.mp3", mimeType: "audio/mpeg", buffer: song });
  await page.getByLabel("Cover image").setInputFiles(cover);
}

const isFocused = (page: Page, selector: string) =>
  page.waitForFunction((sel) => document.activeElement === document.querySelector(sel), selector, { timeout: 5_000 });

describe("payment setup", () => {
  test("a new artist saves a card, the artist name is focused, and the song is submitted with a cover", async () => {
    const page = await newPage();
    const setupIntents = recordRequests(page, "/api/create-setup-intent");
    await openDistribute(page);

    // Locked until a card is saved.
    expect(await artistName(page).isDisabled()).toBe(true);
    await expect.poll(() => page.getByRole("button", { name: "Submit for Distribution" }).isDisabled()).toBe(true);
    // The price is shown, fixed.
    await expect.poll(() => page.getByLabel("Price (USD)").inputValue()).toBe("1.99");
    await expect.poll(() => page.getByLabel("Price (USD)").isDisabled()).toBe(true);
    // The artist is told what the saved card may be charged for.
    await expect.poll(() => page.getByText(/one-time distribution fee \(\$99\.00 standard or \$49\.99 expedited\)/).isVisible()).toBe(true);
    // The promo video, metadata only.
    const video = page.locator('video[src="/api/videos/promo"]');
    expect(await video.getAttribute("preload")).toBe("metadata");

    // Changing the frequency loads a new setup intent for it.
    await expect.poll(() => page.getByRole("button", { name: "Save Payment Method" }).isEnabled()).toBe(true);
    await page.getByRole("radio", { name: /Weekly/ }).check();
    await expect.poll(() => setupIntents.map((request) => request.postDataJSON()?.paymentFrequency)).toEqual(["daily", "weekly"]);

    await saveCard(page);
    await expect.poll(() => page.getByText("Visa ending in 4242", { exact: false }).isVisible()).toBe(true);
    await expect.poll(() => page.getByText("payouts every Monday", { exact: false }).isVisible()).toBe(true);
    await isFocused(page, 'input[name="artistName"]');

    await fillSong(page);
    await page.getByRole("button", { name: "Submit for Distribution" }).click();
    await page.waitForURL(/\/approval\/[^/]+$/, { timeout: 30_000 });
    const id = decodeURIComponent(new URL(page.url()).pathname.split("/").pop()!);
    expect(id).toMatch(/^[A-Za-z0-9_-]{8,}$/);
  });

  test("a declined card shows the decline and nothing is saved", async () => {
    const page = await newPage();
    const saves = recordRequests(page, "/api/save-payment-method");
    await openDistribute(page);
    await enterCard(page, CARDS.declined);

    const alert = page.getByRole("alert").filter({ hasText: /declined/i });
    await alert.waitFor();
    console.log("decline message:", await alert.textContent());
    expect(await saved(page).count()).toBe(0);
    expect(saves).toHaveLength(0);
    expect(await artistName(page).isDisabled()).toBe(true);
    // The form is ready for another card.
    await expect.poll(() => page.getByRole("button", { name: "Save Payment Method" }).isEnabled()).toBe(true);
  });

  test("a 3-D Secure card asks in a dialog: failing it saves nothing, completing it saves the card", async () => {
    const page = await newPage();
    const saves = recordRequests(page, "/api/save-payment-method");
    await openDistribute(page);
    await enterCard(page, CARDS.threeDSecure);

    const dialog = page.getByRole("dialog", { name: "Confirm your payment" });
    await dialog.waitFor();
    expect(await dialog.getAttribute("aria-modal")).toBe("true");
    // Focus is inside the dialog.
    expect(await dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true);
    await dialog.getByRole("button", { name: "Fail authentication" }).click();
    await dialog.waitFor({ state: "hidden" });
    await page.locator('[role="alert"]').filter({ hasText: /\S/ }).first().waitFor();
    expect(await saved(page).count()).toBe(0);
    expect(saves).toHaveLength(0);

    // Same card again, and this time the bank says yes.
    await page.getByRole("button", { name: "Save Payment Method" }).click();
    await dialog.waitFor();
    await dialog.getByRole("button", { name: "Complete authentication" }).click();
    await saved(page).waitFor();
    expect(saves).toHaveLength(1);
    await expect.poll(() => page.getByRole("dialog").count()).toBe(0);
    await isFocused(page, 'input[name="artistName"]');
  });

  test("Save waits for the card form: while it loads Save stays disabled, and the first tap once it shows is answered", async () => {
    const page = await newPage();
    let releaseConfig!: () => void;
    const configHeld = new Promise<void>((resolve) => (releaseConfig = resolve));
    await page.route("**/api/config", async (route) => {
      await configHeld;
      await route.continue();
    });
    const intentAnswered = page.waitForResponse((response) => new URL(response.url()).pathname === "/api/create-setup-intent");
    await page.goto(`${baseURL}/distribute`);
    expect((await intentAnswered).status()).toBe(200);
    // The intent is in the form (its own loading line is gone) while the card form still loads.
    await page.getByText("Preparing secure payment setup…", { exact: true }).waitFor({ state: "hidden" });
    await page.getByRole("status", { name: "Loading payment form" }).waitFor();
    expect(await page.getByRole("button", { name: "Save Payment Method" }).isDisabled()).toBe(true);

    releaseConfig();
    await page.getByLabel("Card number", { exact: true }).waitFor();
    await page.getByRole("button", { name: "Save Payment Method" }).click();
    await expect.poll(() => page.getByLabel("Phone number", { exact: true }).getAttribute("aria-invalid")).toBe("true");
  });

  test("a failed setup intent is toasted, the card says so, and Try again recovers", async () => {
    const page = await newPage();
    await page.route("**/api/create-setup-intent", (route) =>
      route.fulfill({ status: 500, json: { error: { code: "internal", message: "Something went wrong on our side. Please try again." } } }),
    );
    await page.goto(`${baseURL}/distribute`);
    await page.getByText("Unable to load payment form. Please try again later.", { exact: true }).waitFor();
    // The toast's title and its description, each waited for: a toast still entering (or a second,
    // collapsed one with the same title) is not yet the one read.
    const toast = page.locator("[data-sonner-toast]").filter({ has: page.getByText("Error creating payment setup", { exact: true }) });
    await toast.filter({ hasText: "Please try again or contact support." }).first().waitFor();

    await page.unroute("**/api/create-setup-intent");
    await page.getByRole("button", { name: "Try again" }).click();
    await page.getByLabel("Card number", { exact: true }).waitFor();
    await expect.poll(() => page.getByRole("button", { name: "Save Payment Method" }).isEnabled()).toBe(true);
  });
});

describe("song form", () => {
  test("an empty submit names every missing field; a PNG named song.mp3 is refused before uploading", async () => {
    const page = await newPage();
    const uploads = recordRequests(page, "/api/distribute");
    await openDistribute(page);
    await saveCard(page);

    await page.getByRole("button", { name: "Submit for Distribution" }).click();
    for (const message of [
      "Artist name must be at least 2 characters",
      "Song title is required",
      "Please say whether the song has explicit content",
      "Please upload an MP3 file",
    ]) {
      await page.getByText(message, { exact: true }).waitFor();
    }
    // The explicit question has no default; it says what counts, and its problem is tied to it.
    const explicitGroup = page.getByRole("radiogroup", { name: "Explicit content" });
    expect(await explicitGroup.getAttribute("aria-invalid")).toBe("true");
    await expect.poll(() => explicitGroup.getByRole("radio", { checked: true }).count()).toBe(0);
    const explicitDescription = await page.evaluate(
      (ids) =>
        ids
          .split(" ")
          .map((id) => document.getElementById(id)?.textContent ?? "")
          .join(" "),
      (await explicitGroup.getAttribute("aria-describedby")) ?? "",
    );
    expect(explicitDescription).toContain("Please say whether the song has explicit content");
    expect(explicitDescription).toContain("Explicit means swearing, sexual content, or graphic violence or drug use.");
    expect(await artistName(page).getAttribute("aria-invalid")).toBe("true");
    // The message is tied to its field for screen readers.
    const describedBy = (await artistName(page).getAttribute("aria-describedby")) ?? "";
    const description = await page.evaluate(
      (ids) =>
        ids
          .split(" ")
          .map((id) => document.getElementById(id)?.textContent ?? "")
          .join(" "),
      describedBy,
    );
    expect(description).toContain("Artist name must be at least 2 characters");
    await isFocused(page, 'input[name="artistName"]');

    await page.getByLabel("MP3 file").setInputFiles({ name: "song.mp3", mimeType: "audio/mpeg", buffer: PNG });
    await page.getByText("Please select an MP3 file", { exact: true }).waitFor();
    await artistName(page).fill("E2E Artist");
    await page.getByLabel("Song title", { exact: true }).fill("Disguised");
    await page.getByRole("radio", { name: "No, it's clean" }).check();
    expect(await explicitGroup.getAttribute("aria-invalid")).toBe("false");
    await page.getByRole("button", { name: "Submit for Distribution" }).click();
    // The message is already on screen from the choice above: the refusal is the focus moving to the field.
    await isFocused(page, 'input[name="songFile"]');
    await page.getByText("Please select an MP3 file", { exact: true }).waitFor();
    expect(await page.getByLabel("MP3 file").getAttribute("aria-invalid")).toBe("true");
    expect(uploads).toHaveLength(0);
  });

  test("an MP3 cut short is refused by the server after its whole upload, the reason shown at the MP3 field", async () => {
    const page = await newPage();
    await openDistribute(page);
    await saveCard(page);
    // The first bytes are a good MP3's, so the browser's own check passes; only the end is missing.
    await fillSong(page, mp3.subarray(0, mp3.length - 20));
    expect(await page.getByLabel("MP3 file").getAttribute("aria-invalid")).toBe("false");

    await page.getByRole("button", { name: "Submit for Distribution" }).click();
    await page.locator('input[name="songFile"][aria-invalid="true"]').waitFor();
    const describedBy = (await page.getByLabel("MP3 file").getAttribute("aria-describedby")) ?? "";
    const description = await page.evaluate(
      (ids) =>
        ids
          .split(" ")
          .map((id) => document.getElementById(id)?.textContent ?? "")
          .join(" "),
      describedBy,
    );
    expect(description).toContain("This MP3 file is cut short: it ends in the middle of its audio. Please export it again and upload the whole file.");
    await isFocused(page, 'input[name="songFile"]');
    expect(new URL(page.url()).pathname).toBe("/distribute");
  });

  test("the server's refusal of the explicit answer is shown at that question, which takes the focus", async () => {
    const page = await newPage();
    await openDistribute(page);
    await saveCard(page);
    await fillSong(page);
    // The server's own answer to an upload without the answer (its test: workers/api/test/artist-onboarding.test.ts).
    const message = "Please say whether the song has explicit content";
    await page.route("**/api/distribute", (route) => route.fulfill({ status: 400, json: { error: { code: "bad_request", message } } }));
    await page.getByRole("button", { name: "Submit for Distribution" }).click();
    const explicitGroup = page.getByRole("radiogroup", { name: "Explicit content" });
    await page.locator('[role="radiogroup"][aria-invalid="true"]').waitFor();
    await expect.poll(() => explicitGroup.getByText(message, { exact: true }).isVisible()).toBe(true);
    await isFocused(page, 'input[name="explicit"][value="no"]');
    expect(new URL(page.url()).pathname).toBe("/distribute");
  });

  test("the upload shows its progress, Cancel upload aborts it, and the intact form submits again", async () => {
    const page = await newPage();
    await openDistribute(page);
    await saveCard(page);

    // About 3 MB (the seeded MP3 repeated: still MP3 frames), sent at 256 KB/s.
    const copies = Math.max(1, Math.ceil((3 * 1024 * 1024) / mp3.length));
    const big = Buffer.concat(Array.from({ length: copies }, () => mp3));
    expect(big.length).toBeLessThan(15 * 1024 * 1024);
    await fillSong(page, big);

    const cdp = await page.context().newCDPSession(page);
    await cdp.send("Network.enable");
    await cdp.send("Network.emulateNetworkConditions", { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: 256 * 1024 });

    await page.getByRole("button", { name: "Submit for Distribution" }).click();
    const bar = page.getByRole("progressbar", { name: "Upload progress" });
    await bar.waitFor();
    await page.waitForFunction(
      () => {
        const now = Number(document.querySelector('[role="progressbar"]')?.getAttribute("aria-valuenow"));
        return now > 0 && now < 100;
      },
      undefined,
      { timeout: 15_000 },
    );
    expect(await bar.getAttribute("aria-valuetext")).toMatch(/^\d+% \([\d.]+ [KM]?B of [\d.]+ MB\)$/);

    await page.getByRole("button", { name: "Cancel upload" }).click();
    await bar.waitFor({ state: "hidden" });
    await page.getByText(/^Upload cancelled\./).waitFor();
    expect(new URL(page.url()).pathname).toBe("/distribute");
    // Nothing was lost.
    expect(await artistName(page).inputValue()).toBe("E2E Artist");
    await expect.poll(() => page.getByLabel("Song title", { exact: true }).inputValue()).toBe("First Steps");
    await expect.poll(() => page.getByRole("radio", { name: "Yes, it's explicit" }).isChecked()).toBe(true);
    await expect.poll(() => page.getByText("first-steps.mp3", { exact: false }).isVisible()).toBe(true);

    await cdp.send("Network.emulateNetworkConditions", { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
    await page.getByRole("button", { name: "Submit for Distribution" }).click();
    await page.waitForURL(/\/approval\/[^/]+$/, { timeout: 30_000 });
  });
});
