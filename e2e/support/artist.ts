/**
 * The artist's way to a song awaiting payment, for the payment browser tests: save a card on
 * /distribute (answering the 3-D Secure dialog when the card asks), upload a song, land on
 * /approval/{id}. Also the toast and card-form helpers every payment test reads.
 */
import type { Page } from "playwright-core";
import { expect } from "vitest";
import { DEMO_SONGS } from "../../scripts/demo/catalogue.ts";
import { renderSongMp3 } from "../../scripts/demo/render-mp3.ts";

export const CARDS = {
  visa: "4242 4242 4242 4242",
  declined: "4000 0000 0000 0002",
  /** Saves fine, every payment is declined (generic_decline). */
  declinesPayments: "4000 0000 0000 0341",
  /** 3-D Secure at setup and on every on-session payment. */
  threeDSecure: "4000 0027 6000 3184",
  /** Hard decline (lost_card): the networks forbid another attempt. */
  lost: "4000 0000 0000 9979",
};

/**
 * A good Visa of its own for a test that charges on the shared server: charge attempts count per card
 * fingerprint (15 in 30 days), so paying tests must not all spend 4242's budget.
 */
export { freshCardNumber as freshVisa } from "../../workers/stripe-sandbox/test/card-numbers.ts";

/**
 * A real MP3 of a song nobody has uploaded before: the demo synthesiser's first song with a melody
 * and key of its own on every call. An upload of a catalogue song's own audio under another artist is
 * held in Review as a copy (the fingerprint check), as a real distributor would hold it.
 */
export function newSongMp3(): Buffer {
  const song = DEMO_SONGS[0]!;
  const semitones = 1 + Math.floor(Math.random() * 11);
  const music = { ...song.music, seed: Math.floor(Math.random() * 2 ** 31), rootHz: song.music.rootHz * 2 ** (semitones / 12) };
  return Buffer.from(renderSongMp3({ ...song, music }));
}

/** Saves are rate-limited per phone number: every artist gets its own. */
let phoneSerial = 0;
export const newPhone = () => `+1 555 ${String(Date.now() % 1_000_000).padStart(6, "0")}${phoneSerial++ % 10}`;

/** A screen's words in the language a test reads it in (e2e/support/spanish.ts `es`); English as written by default. */
export type Words = (english: string) => string;
const english: Words = (text) => text;

export async function fillCard(page: Page, number: string, scope = page.locator("body"), words = english) {
  await scope.getByLabel(words("Card number"), { exact: true }).fill(number);
  await scope.getByLabel(words("Expiry"), { exact: true }).fill("12 / 34");
  await scope.getByLabel("CVC", { exact: true }).fill("123");
}

/** The cookie the Worker keeps an artist page link in (workers/api/src/access/artist-link-cookie.ts). */
export const ARTIST_LINK_COOKIE = "__Host-jplay_artist_link";

/**
 * The artist page link this browser keeps, as `/artist/{token}`: read from the Worker's HttpOnly cookie
 * through the browser's automation (no script of the page can read it); null when it keeps none.
 */
export async function keptArtistLink(page: Page): Promise<string | null> {
  const kept = (await page.context().cookies()).find((cookie) => cookie.name === ARTIST_LINK_COOKIE);
  return kept ? `/artist/${kept.value}` : null;
}

/** Nothing in the page's local or session storage names an artist page link (docs/decisions/088-leaks-and-cheap-reads.md). */
export async function expectNoLinkInStorage(page: Page, link: string): Promise<void> {
  const token = link.slice("/artist/".length);
  const stored = await page.evaluate(() => [localStorage, sessionStorage].flatMap((store) => Object.entries(store).flat()));
  expect(stored.filter((text) => text.includes(token) || text.includes("/artist/"))).toEqual([]);
  expect(await page.evaluate(() => localStorage.getItem("artistPageUrl"))).toBeNull();
}

/** Answers the sandbox's 3-D Secure dialog. */
export async function answerBank(page: Page, outcome: "Complete authentication" | "Fail authentication") {
  const dialog = page.getByRole("dialog", { name: "Confirm your payment" });
  await dialog.waitFor();
  await dialog.getByRole("button", { name: outcome }).click();
  await dialog.waitFor({ state: "hidden" });
}

/** Saves a card on /distribute and answers its payment method id; the page stays there with the song form unlocked. */
export async function saveCard(page: Page, baseURL: string, card: string, words = english): Promise<string> {
  const saved = page.waitForRequest((request) => new URL(request.url()).pathname === "/api/save-payment-method");
  await page.goto(`${baseURL}/distribute`);
  await page.getByLabel(words("Phone number"), { exact: true }).fill(newPhone());
  await fillCard(page, card, page.locator("body"), words);
  await page.getByRole("button", { name: words("Save Payment Method") }).click();
  if (card === CARDS.threeDSecure) await answerBank(page, "Complete authentication");
  await page.getByText(words("Payment method saved successfully"), { exact: true }).waitFor();
  return ((await saved).postDataJSON() as { paymentMethodId: string }).paymentMethodId;
}

/**
 * The issuer changes its mind about a saved card (the sandbox's test helper, server key): from now
 * on its charges behave like the test card `behavesLike`, e.g. reported lost after it was saved.
 */
export async function simulateSavedCard(baseURL: string, paymentMethodId: string, behavesLike: string) {
  await sandboxApi(baseURL, "POST", `/v1/test_helpers/payment_methods/${paymentMethodId}/simulate_card`, { behaves_like: behavesLike.replace(/\s/g, "") });
}

/** A call to the server's Stripe sandbox with its secret key (what Stripe's Dashboard or a test clock would do); answers its JSON. */
export async function sandboxApi(baseURL: string, method: "GET" | "POST", path: string, fields: Record<string, string> = {}) {
  const response = await fetch(`${baseURL}/api/stripe-sandbox${path}`, {
    method,
    headers: { Authorization: "Bearer sk_test_jplay_sandbox", "Content-Type": "application/x-www-form-urlencoded" },
    body: method === "POST" ? new URLSearchParams(fields).toString() : undefined,
  });
  expect(response.status, await response.clone().text()).toBe(200);
  return await response.json<Record<string, unknown>>();
}

/** Saves a card, uploads a song titled `title`, and answers the song's id (the page is on /approval/{id}). */
export async function songAwaitingPayment(
  page: Page,
  baseURL: string,
  card: string,
  title: string,
  onCardSaved?: (paymentMethodId: string) => Promise<void>,
): Promise<string> {
  const paymentMethodId = await saveCard(page, baseURL, card);
  await onCardSaved?.(paymentMethodId);
  return uploadSong(page, baseURL, title);
}

/** On /distribute with a card saved: uploads a song titled `title` and answers its id (the page is on /approval/{id}). */
export async function uploadSong(page: Page, baseURL: string, title: string): Promise<string> {
  await page.getByLabel("Artist name", { exact: true }).fill("E2E Payer");
  await page.getByLabel("Song title", { exact: true }).fill(title);
  await page.getByRole("radio", { name: "No, it's clean" }).check();
  await page.getByLabel("MP3 file").setInputFiles({ name: "song.mp3", mimeType: "audio/mpeg", buffer: newSongMp3() });
  await page.getByRole("button", { name: "Submit for Distribution" }).click();
  await page.waitForURL(/\/approval\/[^/]+$/, { timeout: 30_000 });
  await page.getByRole("button", { name: "Complete Distribution" }).waitFor();
  return decodeURIComponent(new URL(page.url()).pathname.split("/").pop()!);
}

/**
 * Waits for the toast with this title and, when given, this description. The description is part of
 * what is waited for: an earlier toast with the same title may still be on screen (sonner keeps it in
 * the DOM while the next one arrives), and reading the first match would read that one instead.
 */
export async function toastShown(page: Page, title: string, description?: string | RegExp) {
  let toast = page.locator("[data-sonner-toast]").filter({ has: page.getByText(title, { exact: true }) });
  if (description !== undefined) toast = toast.filter({ hasText: description });
  // Sonner lists the newest toast first. Generous: payments wait on the sandbox and webhooks, and the
  // test machine is shared.
  await toast.first().waitFor({ timeout: 30_000 });
  return toast.first();
}

export const pathOf = (page: Page) => new URL(page.url()).pathname;
