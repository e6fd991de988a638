/// <reference lib="dom" />
// page.evaluate callbacks run in the browser: they need the DOM types the Node tsconfig leaves out.
/**
 * The operator's admin portal in a real browser against the real Worker, its Queue and the Stripe
 * sandbox. Three artists are made the way artists make themselves (save a card, upload a song):
 * one whose card pays, one whose card saves but declines every charge, one left unselected.
 * Signed out the portal shows only the sign-in; signed in the operator searches, selects, confirms a
 * retry, reads the results toast, charges the initial fee to every unpaid artist, exports the CSV,
 * opens an artist's details and signs out; reads the payout funding figures, tops Stripe up by the
 * shortfall and records a provider settlement; rejects a paid song through its dialog. A last test
 * serves 10,000 records to the same screen.
 */
import { readFile } from "node:fs/promises";
import type { Locator, Page } from "playwright-core";
import Papa from "papaparse";
import { beforeAll, describe, expect, test } from "vitest";
import type { AdminPaymentRecord, AdminSummaryRecountResponse } from "@jplay/schema/admin";
import type { PayoutFundingResponse } from "@jplay/schema/funding";
import { freshVisa } from "./support/artist";
import { songAwaitingPaymentSeeded } from "./support/world";
import { newPage } from "./support/browser";
import { sharedServer } from "./support/shared-server";

const { baseURL, adminPassword } = sharedServer();

const CARDS = {
  visa: "4242 4242 4242 4242",
  /** Saves fine, then declines every charge. */
  declinesCharges: "4000 0000 0000 0341",
};

/** Ties this run's rows together for the search box. */
const tag = `adm${Date.now().toString(36)}`;
const artists = {
  payer: { name: `Payer ${tag}`, song: `Sunrise ${tag}`, card: CARDS.visa, last4: "4242" },
  decliner: { name: `Decliner ${tag}`, song: `=HYPERLINK("x") ${tag}`, card: CARDS.declinesCharges, last4: "0341" },
  bystander: { name: `Bystander ${tag}`, song: `Evening, "Live" ${tag}`, card: CARDS.visa, last4: "4242" },
};

let phoneSerial = 0;
const newPhone = () => `+1 556 ${String(Date.now() % 1_000_000).padStart(6, "0")}${phoneSerial++ % 10}`;

let mp3: Buffer;

/** An artist saves a card and uploads a song, exactly as on /distribute; the song waits for its fee. */
async function createArtist(artist: { name: string; song: string; card: string }) {
  const page = await newPage();
  await page.goto(`${baseURL}/distribute`);
  await page.getByLabel("Phone number", { exact: true }).fill(newPhone());
  await page.getByLabel("Card number", { exact: true }).fill(artist.card);
  await page.getByLabel("Expiry", { exact: true }).fill("12 / 34");
  await page.getByLabel("CVC", { exact: true }).fill("123");
  await page.getByRole("button", { name: "Save Payment Method" }).click();
  await page.getByText("Payment method saved successfully", { exact: true }).waitFor();
  await page.getByLabel("Artist name", { exact: true }).fill(artist.name);
  await page.getByLabel("Song title", { exact: true }).fill(artist.song);
  await page.getByRole("radio", { name: "No, it's clean" }).check();
  await page.getByLabel("MP3 file").setInputFiles({ name: "song.mp3", mimeType: "audio/mpeg", buffer: mp3 });
  await page.getByRole("button", { name: "Submit for Distribution" }).click();
  await page.waitForURL(/\/approval\/[^/]+$/, { timeout: 30_000 });
  await page.context().close();
}

beforeAll(async () => {
  const popular = await (await fetch(`${baseURL}/api/songs/popular`)).json<Array<{ audioUrl: string }>>();
  mp3 = Buffer.from(await (await fetch(`${baseURL}${popular[0]!.audioUrl}`)).arrayBuffer());
  // Each artist in a page of their own, side by side: nothing here depends on the order they arrive in.
  await Promise.all(Object.values(artists).map(createArtist));
});

const passwordField = (page: Page) => page.getByLabel("Password", { exact: true });
const summaryCard = (page: Page, label: string) => page.locator("dl > div").filter({ has: page.getByText(label, { exact: true }) });

async function signIn(page: Page) {
  await page.goto(`${baseURL}/admin`);
  await passwordField(page).fill(adminPassword);
  await page.getByRole("button", { name: "Sign in" }).click();
  await summaryCard(page, "Total Artists").waitFor();
}

async function searchTag(page: Page) {
  await page.getByRole("searchbox", { name: "Search payment methods" }).fill(tag);
  await page.getByText(/^Showing 3 of [\d,]+ payment methods$/).waitFor();
}

const rowOf = (scope: Page | Locator, text: string) => scope.getByRole("row").filter({ hasText: text });

/**
 * The toast with this title and this description. Sonner shows one at a time but keeps earlier ones
 * in the page while they time out, so both texts are part of what is waited for.
 */
const toastWith = (page: Page, title: string, description: string) =>
  page
    .locator("[data-sonner-toast]")
    .filter({ has: page.getByText(title, { exact: true }) })
    .filter({ has: page.getByText(description, { exact: true }) });

/** What the browser's fetch gets from an admin endpoint, with this page's cookies. */
const statusOf = (page: Page, path: string) => page.evaluate(async (url) => (await fetch(url)).status, path);

describe("signed out", () => {
  test("a locked-out operator is told when to try again", async () => {
    const page = await newPage();
    // The server's lockout answer (its own test: workers/api/src/access/test/admin-access.test.ts), so this
    // run's shared address is not locked out for the other tests.
    const message = "Too many wrong passwords. You can try again at 14:05 UTC (in 15 minutes).";
    await page.route("**/api/admin/session", (route) =>
      route.request().method() === "POST"
        ? route.fulfill({ status: 429, headers: { "Retry-After": "900" }, json: { error: { code: "rate_limited", message } } })
        : route.continue(),
    );
    await page.goto(`${baseURL}/admin`);
    await passwordField(page).fill(adminPassword);
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.getByText(message, { exact: true }).first().waitFor();
    await expect.poll(() => page.getByText("Total Artists").count()).toBe(0);
  });

  test("the admin page shows the sign-in form and no data; a wrong password is refused", async () => {
    const page = await newPage();
    await page.goto(`${baseURL}/admin`);
    await page.getByRole("heading", { level: 1, name: "Admin Portal" }).waitFor();
    await passwordField(page).waitFor();
    await expect.poll(() => page.getByText("Manage payment methods, artists, and distribution status", { exact: true }).isVisible()).toBe(true);
    expect(await passwordField(page).getAttribute("type")).toBe("password");
    // Nothing of the portal, nothing of any artist.
    for (const text of ["Total Artists", "Retry Selected", "Export CSV", artists.payer.name]) {
      await expect.poll(() => page.getByText(text).count()).toBe(0);
    }
    expect(await statusOf(page, "/api/admin/payments")).toBe(401);

    await passwordField(page).fill("not-the-password");
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.getByText("Wrong password", { exact: true }).first().waitFor();
    expect(await passwordField(page).getAttribute("aria-invalid")).toBe("true");
    await expect.poll(() => page.getByText("Total Artists").count()).toBe(0);
    expect(await statusOf(page, "/api/admin/payments")).toBe(401);
  });
});

describe("signed in", () => {
  test("search, select, the retry dialog, the retry and its results toast", async () => {
    const page = await newPage();
    const retryRequests: unknown[] = [];
    page.on("request", (request) => {
      if (new URL(request.url()).pathname === "/api/admin/payments/retry" && request.method() === "POST") retryRequests.push(request.postDataJSON());
    });
    await signIn(page);
    // The counts are kept for up to a minute, and other files' operators sign in meanwhile: Refresh
    // counts them now, and the cards show what the server counted, this run's three artists included.
    const recounted = page.waitForResponse((response) => new URL(response.url()).pathname === "/api/admin/payments/summary");
    await page.getByRole("button", { name: "Refresh" }).click();
    const { summary } = (await (await recounted).json()) as AdminSummaryRecountResponse;
    const shown = { "Total Artists": summary.totalArtists, "Payment Methods": summary.paymentMethods, "Pending Payments": summary.pendingPayments };
    for (const [label, count] of Object.entries(shown)) {
      expect(count).toBeGreaterThanOrEqual(3);
      await expect.poll(async () => Number((await summaryCard(page, label).locator("dd").textContent())!.replace(/\D/g, ""))).toBe(count);
    }
    expect(await page.getByRole("searchbox", { name: "Search payment methods" }).getAttribute("placeholder")).toMatch(/name.*email.*phone/i);
    await expect.poll(() => page.getByRole("button", { name: "Retry Selected" }).isDisabled()).toBe(true);

    // The search answers while typing: by song title, by artist name, by last 4 with the tag.
    const searchbox = page.getByRole("searchbox", { name: "Search payment methods" });
    await searchbox.fill(`SUNRISE ${tag}`);
    await page.getByText(/^Showing 1 of [\d,]+ payment methods$/).waitFor();
    expect(await rowOf(page, artists.payer.name).count()).toBe(1);
    await searchTag(page);
    const table = page.getByRole("table", { name: "Payment methods" });
    for (const artist of Object.values(artists)) await rowOf(table, artist.name).waitFor();

    // Select all, then leave the bystander out.
    await page.getByRole("checkbox", { name: "Select all payment methods" }).check();
    await page.getByText("3 of 3 selected", { exact: true }).waitFor();
    await rowOf(table, artists.bystander.name).getByRole("checkbox").uncheck();
    await page.getByText("2 of 3 selected", { exact: true }).waitFor();

    await page.getByRole("button", { name: "Retry Selected" }).click();
    const dialog = page.getByRole("dialog", { name: "Retry Failed Payments" });
    await dialog.waitFor();
    expect(await dialog.getAttribute("aria-modal")).toBe("true");
    await expect.poll(() => dialog.getByText("You are about to retry 2 failed payment(s)...", { exact: true }).isVisible()).toBe(true);
    await expect.poll(() => dialog.getByRole("note").textContent()).toMatch(/^Important:.*confirm with the customer/i);
    const list = dialog.getByRole("list", { name: "Payments to charge" });
    await expect.poll(() => list.getByRole("listitem").count()).toBe(2);
    for (const artist of [artists.payer, artists.decliner]) {
      const item = list.getByRole("listitem").filter({ hasText: artist.song });
      await expect.poll(() => item.textContent()).toContain(artist.name);
      await expect.poll(() => item.textContent()).toContain(`Visa ending in ${artist.last4}`);
      await expect.poll(() => item.textContent()).toContain("$10.49");
    }
    // Cancel charges nothing.
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await dialog.waitFor({ state: "hidden" });
    expect(retryRequests).toHaveLength(0);
    await page.getByText("2 of 3 selected", { exact: true }).waitFor();

    await page.getByRole("button", { name: "Retry Selected" }).click();
    await dialog.getByRole("button", { name: "Retry Payments" }).click();
    await toastWith(page, "Processing Payments", "Attempting to retry 2 payment(s)...")
      .or(toastWith(page, "Payment Retry Results", "1 successful, 1 failed"))
      .first()
      .waitFor();
    const results = toastWith(page, "Payment Retry Results", "1 successful, 1 failed");
    await results.waitFor({ timeout: 30_000 });
    await expect.poll(() => results.getByText("Payment Retry Results", { exact: true }).isVisible()).toBe(true);
    expect(await results.getAttribute("data-type")).toBe("success");
    expect(retryRequests).toEqual([
      {
        payments: expect.arrayContaining([
          expect.objectContaining({ songId: expect.any(String), amount: 1049 }),
          expect.objectContaining({ songId: expect.any(String), amount: 1049 }),
        ]),
      },
    ]);
    // The selection is cleared and the paid song is approved.
    await page.getByText("0 of 3 selected", { exact: true }).waitFor();
    await page.getByRole("tab", { name: "Distribution Status" }).click();
    const statuses = page.getByRole("table", { name: "Distribution status" });
    await rowOf(statuses, artists.payer.song).getByText("Approved", { exact: true }).waitFor();
    expect(await rowOf(statuses, artists.decliner.song).getByText("Pending", { exact: true }).isVisible()).toBe(true);
    expect(await rowOf(statuses, artists.decliner.song).getByText("N/A", { exact: true }).isVisible()).toBe(true);
  });

  test("Failed Payments: amber rows, Charge All $7.99, a per-row retry that fails is shown as destructive", async () => {
    const page = await newPage();
    await signIn(page);
    await searchTag(page);
    // The tabs follow the keyboard (ARIA tabs pattern).
    await page.getByRole("tab", { name: "Payment Methods" }).focus();
    await page.keyboard.press("ArrowRight");
    // React applies the selection after the key event: wait for it rather than read it at once.
    await expect.poll(() => page.getByRole("tab", { name: "Failed Payments" }).getAttribute("aria-selected"), { timeout: 10_000 }).toBe("true");

    await page.getByText("Songs with pending or failed payment status", { exact: true }).waitFor();
    const table = page.getByRole("table", { name: "Failed payments" });
    // The payer's song was paid: no amber row and no song row for them.
    expect(await rowOf(table, artists.payer.name).count()).toBe(0);
    for (const artist of [artists.decliner, artists.bystander]) {
      const amber = rowOf(table, artist.name).filter({ hasText: "No successful payments" });
      await expect.poll(() => amber.textContent()).toContain("Initial charge needed");
      await expect.poll(() => amber.getByText("No Payments", { exact: true }).isVisible()).toBe(true);
      await expect.poll(() => amber.getByRole("button", { name: /^Charge \$7\.99/ }).isVisible()).toBe(true);
      const songRow = rowOf(table, artist.song);
      await expect.poll(() => songRow.getByText("Failed", { exact: true }).isVisible()).toBe(true);
    }

    await page.getByRole("button", { name: "Charge All $7.99" }).click();
    const dialog = page.getByRole("dialog", { name: "Charge Initial Fee" });
    await dialog.waitFor();
    await expect.poll(() => dialog.getByText("You are about to charge 2 artist(s) $7.99 each...", { exact: true }).isVisible()).toBe(true);
    await expect.poll(() => dialog.getByRole("listitem").filter({ hasText: "$7.99" }).count()).toBe(2);
    await dialog.getByRole("button", { name: "Charge Artists" }).click();
    await toastWith(page, "Processing Payments", "Attempting to charge 2 artist(s) $7.99 each...")
      .or(toastWith(page, "Payment Retry Results", "1 successful, 1 failed"))
      .first()
      .waitFor();
    await toastWith(page, "Payment Retry Results", "1 successful, 1 failed").waitFor({ timeout: 30_000 });
    // The bystander's card paid the initial charge: only the decliner is still amber.
    await expect.poll(() => rowOf(table, "No successful payments").filter({ hasText: artists.bystander.name }).count()).toBe(0);
    expect(await rowOf(table, artists.decliner.name).filter({ hasText: "No successful payments" }).count()).toBe(1);

    // A per-row retry of the declining card: nothing succeeds, so the results toast is destructive.
    await rowOf(table, artists.decliner.song)
      .getByRole("button", { name: `Retry payment for ${artists.decliner.song}` })
      .click();
    const retryDialog = page.getByRole("dialog", { name: "Retry Failed Payments" });
    await retryDialog.getByText("You are about to retry 1 failed payment(s)...", { exact: true }).waitFor();
    await retryDialog.getByRole("button", { name: "Retry Payments" }).click();
    const failedToast = toastWith(page, "Payment Retry Results", "0 successful, 1 failed");
    await failedToast.waitFor({ timeout: 30_000 });
    expect(await failedToast.getAttribute("data-type")).toBe("error");
  });

  test("a selection with nothing to retry says so and charges nothing", async () => {
    const page = await newPage();
    let retries = 0;
    page.on("request", (request) => void (new URL(request.url()).pathname === "/api/admin/payments/retry" && retries++));
    await signIn(page);
    await page.getByRole("searchbox", { name: "Search payment methods" }).fill(artists.payer.song);
    await page.getByText(/^Showing 1 of [\d,]+ payment methods$/).waitFor();
    await page.getByRole("checkbox", { name: "Select all payment methods" }).check();
    await page.getByRole("button", { name: "Retry Selected" }).click();
    const toast = toastWith(page, "No Failed Payments", "There are no failed payments to retry for the selected payment methods.");
    await toast.waitFor();
    await expect.poll(() => toast.getByText("No Failed Payments", { exact: true }).isVisible()).toBe(true);
    await expect.poll(() => page.getByRole("dialog").count()).toBe(0);
    expect(retries).toBe(0);
  });

  test("Export CSV downloads the product's columns, a row per song, with formulas made inert", async () => {
    const page = await newPage();
    await signIn(page);
    await searchTag(page);
    const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: "Export CSV" }).click()]);
    const today = await page.evaluate(() => {
      const now = new Date();
      return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, "0")}-${String(now.getDate()).padStart(2, "0")}`;
    });
    expect(download.suggestedFilename()).toBe(`jpay-payment-data-${today}.csv`);
    const text = (await readFile(await download.path(), "utf8")).replace(/^\uFEFF/, "");
    expect(text).toContain(`"'=HYPERLINK(""x"") ${tag}"`);
    expect(text).toContain(`"Evening, ""Live"" ${tag}"`);
    const rows = Papa.parse<string[]>(text, { newline: "\r\n" }).data;
    expect(rows[0]).toEqual(["Artist Name", "Artist Phone", "Card Brand", "Last 4", "Song Title", "Song Status", "Distribution Fee", "Processing Payment"]);
    expect(rows).toHaveLength(4);
    const byTitle = new Map(rows.slice(1).map((row) => [row[4], row]));
    expect(byTitle.get(`'=HYPERLINK("x") ${tag}`)).toMatchObject({ 0: artists.decliner.name, 2: "visa", 3: "0341", 5: "pending", 7: "No" });
    const paid = byTitle.get(artists.payer.song)!;
    expect(paid[1]).toMatch(/^'\+1 556 /); // a phone number starting with + is neutralised too
    expect([paid[5], paid[7]]).toEqual(["approved", "No"]);
    expect(byTitle.get(`Evening, "Live" ${tag}`)![0]).toBe(artists.bystander.name);
  });

  test("View Details shows the artist's cards, songs with history and payment attempts; failed jobs load", async () => {
    const page = await newPage();
    await signIn(page);
    await searchTag(page);
    await page.getByRole("button", { name: `View Details for ${artists.decliner.name}` }).click();
    const dialog = page.getByRole("dialog", { name: "Artist Details" });
    await dialog.getByRole("heading", { name: "Payment attempts" }).waitFor();
    await expect.poll(() => dialog.getByText("Visa ending in 0341", { exact: true }).isVisible()).toBe(true);
    await expect.poll(() => dialog.getByText(artists.decliner.song, { exact: true }).isVisible()).toBe(true);
    const attempts = dialog.getByRole("table").getByRole("row");
    // The song retry twice and the initial charge, each refused by the card.
    await expect.poll(() => attempts.count()).toBeGreaterThanOrEqual(4);
    await expect.poll(() => dialog.getByRole("table").textContent()).toMatch(/\$10\.49[\s\S]*\$7\.99|\$7\.99[\s\S]*\$10\.49/);
    await dialog.getByRole("button", { name: "Close" }).click();
    await dialog.waitFor({ state: "hidden" });
    // Focus goes back to the button that opened it.
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("View Details");

    // The dead-letter list loads when opened (this run may or may not have any).
    await page.getByText("Failed background jobs", { exact: true }).click();
    const panel = page.locator("details").filter({ hasText: "Failed background jobs" });
    await panel.getByText("No failed background jobs.", { exact: true }).or(panel.getByRole("listitem").first()).waitFor();
    await expect.poll(() => panel.getByRole("alert").count()).toBe(0);
  });

  test("View Details lists the artist's signed-in browsers; End all sessions signs the artist out", async () => {
    const artistPage = await newPage();
    const title = `Signed In ${tag}`;
    await artistPage.goto(`${baseURL}/distribute`);
    await artistPage.getByLabel("Phone number", { exact: true }).fill(newPhone());
    await artistPage.getByLabel("Card number", { exact: true }).fill(CARDS.visa);
    await artistPage.getByLabel("Expiry", { exact: true }).fill("12 / 34");
    await artistPage.getByLabel("CVC", { exact: true }).fill("123");
    await artistPage.getByRole("button", { name: "Save Payment Method" }).click();
    await artistPage.getByText("Payment method saved successfully", { exact: true }).waitFor();
    await artistPage.getByLabel("Artist name", { exact: true }).fill(`Session ${tag}`);
    await artistPage.getByLabel("Song title", { exact: true }).fill(title);
    await artistPage.getByRole("radio", { name: "No, it's clean" }).check();
    await artistPage.getByLabel("MP3 file").setInputFiles({ name: "song.mp3", mimeType: "audio/mpeg", buffer: mp3 });
    await artistPage.getByRole("button", { name: "Submit for Distribution" }).click();
    await artistPage.waitForURL(/\/approval\/[^/]+$/, { timeout: 30_000 });
    const songPath = `/api/songs/${new URL(artistPage.url()).pathname.split("/").pop()}`;
    expect(await statusOf(artistPage, songPath)).toBe(200);

    const page = await newPage();
    await signIn(page);
    await page.getByRole("searchbox", { name: "Search payment methods" }).fill(title);
    await page.getByText(/^Showing 1 of [\d,]+ payment methods$/).waitFor();
    await page.getByRole("button", { name: `View Details for Session ${tag}` }).click();
    const dialog = page.getByRole("dialog", { name: "Artist Details" });
    await dialog.getByRole("heading", { name: "Signed-in browsers" }).waitFor();
    await expect.poll(() => dialog.getByText(/Chrom.* on Linux/).count()).toBe(1);
    await dialog.getByRole("button", { name: "End all sessions" }).click();
    await dialog.getByText("1 session ended.", { exact: true }).waitFor();
    await dialog.getByText("No browser is signed in as this artist.", { exact: true }).waitFor();
    // The artist's browser no longer sees its own unpaid song.
    expect(await statusOf(artistPage, songPath)).toBe(404);

    // The payment mismatches panel is there, with its count.
    await dialog.getByRole("button", { name: "Close" }).click();
    await page.getByText(/^Payment mismatches \(\d+\)$/).waitFor();
  });

  test("Sign out ends the session on the server: a copy of the cookie stops working too", async () => {
    const page = await newPage();
    await signIn(page);
    const cookie = (await page.context().cookies()).find((c) => c.name === "jplay_admin")!;
    const withCopy = () => fetch(`${baseURL}/api/admin/payments`, { headers: { Cookie: `${cookie.name}=${cookie.value}` } }).then((r) => r.status);
    expect(await withCopy()).toBe(200);
    await page.getByRole("button", { name: "Sign out" }).click();
    await passwordField(page).waitFor();
    expect(await withCopy()).toBe(401);
  });

  test("Sign out ends the session: the sign-in form is back and the API refuses", async () => {
    const page = await newPage();
    await signIn(page);
    expect(await statusOf(page, "/api/admin/payments")).toBe(200);
    await page.getByRole("button", { name: "Sign out" }).click();
    await passwordField(page).waitFor();
    await expect.poll(() => page.getByText("Total Artists").count()).toBe(0);
    expect(await statusOf(page, "/api/admin/payments")).toBe(401);
    await page.reload();
    await passwordField(page).waitFor();
    await expect.poll(() => page.getByText(artists.payer.name).count()).toBe(0);
  });
});

describe("rejecting a song", () => {
  test("an approved song is rejected through the dialog, in the operator's own words: the reason is checked inline, a toast names the song, the status shows Rejected", async () => {
    // An artist pays the standard fee: the song is approved and waits for its delivery window.
    const artistPage = await newPage();
    const title = `Wrong File ${Date.now().toString(36)}`;
    await songAwaitingPaymentSeeded(artistPage, baseURL, freshVisa(), title);
    await artistPage.getByRole("radio", { name: /Standard/ }).check();
    await artistPage.getByRole("button", { name: "Complete Distribution" }).click();
    await artistPage.waitForURL(`${baseURL}/`, { timeout: 30_000 });
    await artistPage.context().close();

    const page = await newPage();
    const rejects: unknown[] = [];
    page.on("request", (request) => {
      if (new URL(request.url()).pathname.endsWith("/reject") && request.method() === "POST") rejects.push(request.postDataJSON());
    });
    await signIn(page);
    await page.getByRole("searchbox", { name: "Search payment methods" }).fill(title);
    await page.getByText(/^Showing 1 of [\d,]+ payment methods$/).waitFor();
    await page.getByRole("tab", { name: "Distribution Status" }).click();
    const row = rowOf(page.getByRole("table", { name: "Distribution status" }), title);
    await row.getByText("Approved", { exact: true }).waitFor();

    await row.getByRole("button", { name: `Reject ${title}` }).click();
    const dialog = page.getByRole("dialog", { name: "Reject song" });
    await dialog.waitFor();
    expect(await dialog.getAttribute("aria-modal")).toBe("true");
    // The same dialog as Review's: a reason is chosen first, from the list or "Another reason".
    await dialog.getByRole("button", { name: "Reject song" }).click();
    await dialog.getByText("Choose why the song is rejected.", { exact: true }).waitFor();
    await dialog.getByRole("radio", { name: "Another reason" }).check();
    // Another reason is the note: required now, and an empty or too short one is refused at the field, and nothing is sent.
    const note = dialog.getByRole("textbox", { name: "Note" });
    await dialog.getByRole("button", { name: "Reject song" }).click();
    await dialog.getByText("Enter the reason for rejecting this song.", { exact: true }).waitFor();
    expect(await note.getAttribute("aria-invalid")).toBe("true");
    expect(await note.getAttribute("aria-required")).toBe("true");
    expect(await note.evaluate((element) => element === document.activeElement)).toBe(true);
    await note.fill("ab");
    await note.press("Tab");
    await dialog.getByRole("button", { name: "Reject song" }).click();
    await dialog.getByText("The reason must be at least 3 characters.", { exact: true }).waitFor();
    expect(rejects).toEqual([]);

    await note.fill("  The artist sent the wrong file.  ");
    await dialog.getByRole("button", { name: "Reject song" }).click();
    await toastWith(page, "Song rejected", `“${title}” will not go live; its distribution fee is being refunded.`).waitFor({ timeout: 30_000 });
    await dialog.waitFor({ state: "hidden" });
    expect(rejects).toEqual([{ reason: "other", note: "The artist sent the wrong file." }]);
    // The list is read again: the song is Rejected and can no longer be rejected.
    await row.getByText("Rejected", { exact: true }).waitFor();
    await expect.poll(() => row.getByRole("button", { name: `Reject ${title}` }).count()).toBe(0);
  });
});

describe("payout funding", () => {
  const usd = (cents: number) => new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" }).format(cents / 100);

  /** A secret-key call to this server's Stripe sandbox (what an operator does in Stripe's Dashboard). */
  async function sandbox(method: "GET" | "POST", path: string, fields: Record<string, string> = {}) {
    const response = await fetch(`${baseURL}/api/stripe-sandbox${path}`, {
      method,
      headers: { Authorization: "Bearer sk_test_jplay_sandbox", "Content-Type": "application/x-www-form-urlencoded" },
      body: method === "POST" ? new URLSearchParams(fields).toString() : undefined,
    });
    expect(response.status, await response.clone().text()).toBe(200);
    return await response.json<Record<string, unknown>>();
  }

  const fundingOf = (page: Page) => page.evaluate<PayoutFundingResponse>(async () => (await fetch("/api/admin/funding")).json());

  test("owed to artists, Stripe's available balance and the shortfall to top up; a top-up, once available, closes it", async () => {
    const page = await newPage();
    // Other tests refund and pay out against the same sandbox balance while this one runs, so the
    // panel is compared with the answer it was rendered from, never with a later read.
    const answers: PayoutFundingResponse[] = [];
    page.on("response", (response) => {
      if (new URL(response.url()).pathname !== "/api/admin/funding" || !response.ok()) return;
      void response.json().then(
        (body: PayoutFundingResponse) => answers.push(body),
        () => undefined,
      );
    });
    await signIn(page);
    const section = page.getByRole("region", { name: "Payout funding" });
    const figure = (label: string) =>
      section
        .locator("dl > div")
        .filter({ has: page.getByText(label, { exact: true }) })
        .locator("dd")
        .first();
    const shownAgainstLastAnswer = async () => {
      const last = answers.at(-1);
      if (!last?.stripe) return "no answer with Stripe's balance yet";
      const shown = [
        await figure("Owed to artists").textContent(),
        await figure("Available in Stripe").textContent(),
        await figure("Shortfall to top up").textContent(),
      ];
      const answered = [usd(last.owedToArtistsCents), usd(last.stripe.availableCents), usd(last.shortfallCents!)];
      return shown.join(" | ") === answered.join(" | ") ? "as answered" : `shows ${shown.join(" | ")}, answered ${answered.join(" | ")}`;
    };
    await figure("Owed to artists").waitFor();
    await expect.poll(shownAgainstLastAnswer, { timeout: 15_000 }).toBe("as answered");

    const before = answers.at(-1)!;
    expect(before.owedToArtistsCents).toBeGreaterThan(0); // the demo catalogue's sales
    expect(before.shortfallCents).toBe(Math.max(0, before.owedToArtistsCents + before.waitingRefunds.cents - before.stripe!.availableCents));
    expect(await section.getByText(/^Owed to artists plus refunds waiting for funds, minus Stripe's available balance\./).isVisible()).toBe(true);

    // The operator adds the shortfall (and more) to Stripe; Stripe makes it available days later.
    const topUp = before.shortfallCents! + 100_000;
    const created = await sandbox("POST", "/v1/topups", { amount: String(topUp), currency: "usd", description: "e2e top-up" });
    await sandbox("POST", "/v1/test_helpers/advance_clock", { seconds: String(10 * 24 * 60 * 60) });
    const settled = await sandbox("GET", `/v1/topups/${String(created.id)}?expand[]=balance_transaction`);
    expect(settled.status).toBe("succeeded");
    expect((settled.balance_transaction as { status: string }).status).toBe("available");

    const answersBeforeRefresh = answers.length;
    await page.getByRole("button", { name: "Refresh" }).click();
    await expect.poll(() => answers.length, { timeout: 15_000 }).toBeGreaterThan(answersBeforeRefresh);
    await expect.poll(shownAgainstLastAnswer, { timeout: 15_000 }).toBe("as answered");
    const after = answers.at(-1)!;
    expect(after.shortfallCents).toBe(0);
    expect(await figure("Shortfall to top up").textContent()).toBe("$0.00");
    expect(after.stripe!.availableCents).toBeGreaterThan(before.stripe!.availableCents);
  });

  test("records a provider settlement once per reference, and says why another amount under that reference is refused", async () => {
    const page = await newPage();
    const settlementPosts: unknown[] = [];
    page.on("request", (request) => {
      if (new URL(request.url()).pathname === "/api/admin/settlements" && request.method() === "POST") settlementPosts.push(request.postDataJSON());
    });
    await signIn(page);
    const section = page.getByRole("region", { name: "Payout funding" });
    const form = section.getByRole("form", { name: "Record a provider settlement" });
    await form.waitFor();
    const before = await fundingOf(page);
    const reference = `SET-${tag}`;

    // A missing reference is caught in the form with the server's message; nothing is sent.
    await form.getByLabel("Amount (USD)").fill("1,250.00");
    await form.getByLabel("Date received").fill("2026-11-20");
    await form.getByRole("button", { name: "Record settlement" }).click();
    await form.getByText("Enter the settlement's reference.", { exact: true }).waitFor();
    expect(settlementPosts).toEqual([]);

    await form.getByLabel("Reference").fill(reference);
    await form.getByRole("button", { name: "Record settlement" }).click();
    await toastWith(page, "Settlement Recorded", `$1,250.00 settled on 2026-11-20 (${reference}).`).waitFor();
    expect(settlementPosts).toEqual([{ amountCents: 125_000, settledOn: "2026-11-20", reference }]);
    const settlements = section.getByRole("table", { name: "Recent provider settlements" });
    await rowOf(settlements, reference).waitFor();
    expect(await rowOf(settlements, reference).textContent()).toContain("$1,250.00");
    await expect.poll(async () => (await fundingOf(page)).providerOwesCents).toBe(before.providerOwesCents - 125_000);
    await section.getByText(usd(before.providerOwesCents - 125_000), { exact: true }).waitFor();

    // The same settlement again (the form was cleared): nothing changes.
    await form.getByLabel("Amount (USD)").fill("1250");
    await form.getByLabel("Date received").fill("2026-11-20");
    await form.getByLabel("Reference").fill(reference);
    await form.getByRole("button", { name: "Record settlement" }).click();
    await toastWith(page, "Already Recorded", `Settlement ${reference} was recorded before; nothing changed.`).waitFor();
    expect(await rowOf(settlements, reference).count()).toBe(1);

    // Another amount under the same reference is refused, with the server's reason.
    await form.getByLabel("Amount (USD)").fill("99.00");
    await form.getByLabel("Date received").fill("2026-11-20");
    await form.getByLabel("Reference").fill(reference);
    await form.getByRole("button", { name: "Record settlement" }).click();
    await form.getByRole("alert").filter({ hasText: "already recorded with another amount or date" }).waitFor();
    expect((await fundingOf(page)).providerOwesCents).toBe(before.providerOwesCents - 125_000);
  });
});

describe("large data", () => {
  const COUNT = 10_000;
  const bigList: AdminPaymentRecord[] = Array.from({ length: COUNT }, (_, index) => ({
    paymentMethodId: `pm_big_${index}`,
    artistId: `artist-big-${index}`,
    artistName: `Bulk Artist ${index}`,
    artistPhone: `555${String(index).padStart(7, "0")}`,
    cardBrand: "visa",
    last4: String(index % 10_000).padStart(4, "0"),
    expMonth: 1 + (index % 12),
    expYear: 2030,
    isDefault: true,
    hasSuccessfulPayment: index % 3 !== 0,
    songs: [
      { id: `song-big-${index}-a`, title: `Track ${index} A`, status: index % 2 ? "approved" : "pending", processingPayment: false },
      { id: `song-big-${index}-b`, title: `Track ${index} B`, status: "distributed", distributionFee: 49.99, processingPayment: false },
      { id: `song-big-${index}-c`, title: `Track ${index} C`, status: "pending", processingPayment: index % 5 === 0 },
    ],
  }));

  const PAGE = 2_000;
  /** The list as the server pages and searches it (payments/admin/admin-payments.ts), served to the page. */
  function answer(url: URL) {
    const q = (url.searchParams.get("q") ?? "").toLowerCase();
    const found = q
      ? bigList.filter((record) => [record.artistName, ...record.songs.map((song) => song.title)].some((text) => text.toLowerCase().includes(q)))
      : bigList;
    const from = Number(url.searchParams.get("cursor") ?? 0);
    const next = from + PAGE < found.length ? String(from + PAGE) : null;
    const summary = url.searchParams.has("cursor") || q ? {} : { summary: { totalArtists: COUNT, paymentMethods: COUNT, pendingPayments: COUNT * 2 } };
    return { payments: found.slice(from, from + PAGE), nextCursor: next, ...summary };
  }

  test("10,000 artists, a page at a time: only visible rows are rendered, Load more adds the next page, the search is the server's", async () => {
    const page = await newPage();
    const searches: string[] = [];
    let failNextPage = true;
    // The real sign-in; the list itself is served to the page, because no test makes 10,000 artists.
    await page.route(
      (url) => url.pathname === "/api/admin/payments",
      (route) => {
        const url = new URL(route.request().url());
        if (url.searchParams.has("q")) searches.push(url.searchParams.get("q")!);
        if (url.searchParams.has("cursor") && failNextPage) {
          failNextPage = false;
          return route.fulfill({ status: 503, json: { error: { code: "unavailable", message: "Try again shortly." } } });
        }
        return route.fulfill({ json: answer(url) });
      },
    );
    await signIn(page);
    await page.getByText(`Showing 2,000 of 10,000 payment methods`, { exact: true }).waitFor();
    expect(await summaryCard(page, "Total Artists").locator("dd").textContent()).toBe("10,000");
    const table = page.getByRole("table", { name: "Payment methods" });
    expect(await table.getAttribute("aria-rowcount")).toBe(String(PAGE + 1));

    // A next page that fails says so over the rows already loaded, which stay; the next one that loads clears it.
    const loadMore = page.getByRole("button", { name: "Load more" });
    const loadError = page.getByRole("alert").filter({ hasText: "Error Loading Admin Data" });
    await loadMore.click();
    await loadError.waitFor();
    expect(await page.getByText(`Showing ${PAGE.toLocaleString("en-US")} of 10,000 payment methods`, { exact: true }).count()).toBe(1);

    // Load more, page after page, until the last: then the button is gone.
    for (let shown = 2 * PAGE; shown <= COUNT; shown += PAGE) {
      await loadMore.click();
      await page.getByText(`Showing ${shown.toLocaleString("en-US")} of 10,000 payment methods`, { exact: true }).waitFor();
      await expect.poll(() => loadError.count()).toBe(0);
    }
    await expect.poll(() => loadMore.count()).toBe(0);
    expect(await table.getAttribute("aria-rowcount")).toBe(String(COUNT + 1));
    const rendered = await table.locator("tbody tr[data-index]").count();
    console.log(`rows in the DOM for ${COUNT} records: ${rendered}`);
    expect(rendered).toBeGreaterThan(0);
    expect(rendered).toBeLessThan(60);

    // Scrolling to the end shows the last record.
    await page.getByRole("region", { name: "Payment methods" }).evaluate((element) => element.scrollTo(0, element.scrollHeight));
    await rowOf(table, "Bulk Artist 9999").waitFor();

    // Typed one character at a time, the search is asked of the server once typing pauses.
    const searchbox = page.getByRole("searchbox", { name: "Search payment methods" });
    const started = Date.now();
    await searchbox.pressSequentially("track 9876 b", { delay: 0 });
    await page.getByText("Showing 1 of 10,000 payment methods", { exact: true }).waitFor();
    const elapsed = Date.now() - started;
    console.log(`typing 12 characters into the search until the server's answer: ${elapsed} ms, ${searches.length} search request(s)`);
    expect(elapsed).toBeLessThan(5_000);
    expect(searches.at(-1)).toBe("track 9876 b");
    expect(searches.length).toBeLessThan(12);
    await rowOf(table, "Bulk Artist 9876").waitFor();

    // The other tabs are virtualized too.
    await searchbox.fill("");
    await page.getByText("Showing 10,000 of 10,000 payment methods", { exact: true }).waitFor();
    await page.getByRole("tab", { name: "Distribution Status" }).click();
    const statuses = page.getByRole("table", { name: "Distribution status" });
    expect(await statuses.getAttribute("aria-rowcount")).toBe(String(COUNT * 3 + 1));
    await expect.poll(() => statuses.locator("tbody tr[data-index]").count()).toBeLessThan(60);
  });
});
