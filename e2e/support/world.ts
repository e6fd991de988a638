/**
 * An artist with a saved card and a song awaiting payment, built through the product's own HTTP API
 * from Node, for the browser tests whose subject comes after that (admin review, earnings, recovery,
 * the artist page…): the same calls the /distribute page makes (docs/decisions/078-browser-tests-build-their-world.md).
 * The SetupIntent is confirmed on the Stripe sandbox with its publishable key, as the card form does;
 * the session cookie the Worker sets is then put into the page's browser context, so the page goes on
 * as that artist. Tests about the card form or the upload itself keep the UI (e2e/support/artist.ts).
 */
import type { Page } from "playwright-core";
import { expect } from "vitest";
import { SANDBOX_API_BASE, type CreateSetupIntentResponse, type DistributeResponse, type SavePaymentMethodResponse } from "@jplay/schema/payments";
import { initialReleaseDetails, localToday, releaseDetailsFields } from "../../apps/web/src/features/distribution/release-details/release-details-state.ts";
import { newPhone, seededMp3 } from "./artist";

/** The only key the sandbox accepts from browsers (what the card form sends). */
const SANDBOX_PUBLISHABLE_KEY = "pk_test_jplay_sandbox";

/** What `artistWithSong` built: the ids a test reads, and the cookies that make a browser this artist. */
export interface ArtistWorld {
  customerId: string;
  paymentMethodId: string;
  songId: string;
  /** The private page link (`/artist/{token}`) the card save issued. */
  artistPageUrl: string;
  cookies: Array<{ name: string; value: string }>;
}

/** The cookies the Worker set, sent back on every later call, as a browser would. */
class CookieJar {
  readonly cookies = new Map<string, string>();

  keep(response: Response): void {
    for (const line of response.headers.getSetCookie()) {
      const [pair = ""] = line.split(";");
      const at = pair.indexOf("=");
      if (at > 0) this.cookies.set(pair.slice(0, at).trim(), pair.slice(at + 1).trim());
    }
  }

  get header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  }
}

async function call(baseURL: string, jar: CookieJar, path: string, init: RequestInit): Promise<unknown> {
  const response = await fetch(`${baseURL}${path}`, { ...init, headers: { Accept: "application/json", Cookie: jar.header, ...init.headers } });
  jar.keep(response);
  const text = await response.text();
  expect(response.ok, `${path}: ${response.status} ${text}`).toBe(true);
  return JSON.parse(text) as unknown;
}

const postJson = (baseURL: string, jar: CookieJar, path: string, body: unknown) =>
  call(baseURL, jar, path, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });

/**
 * Saves `card` (digits, spaces allowed) for a new artist and uploads a song titled `title`, as
 * /distribute would; `onCardSaved` runs between the two (e.g. the issuer changing its mind about the card).
 */
export async function artistWithSong(baseURL: string, card: string, title: string, onCardSaved?: (paymentMethodId: string) => Promise<void>): Promise<ArtistWorld> {
  const jar = new CookieJar();
  const intent = (await postJson(baseURL, jar, "/api/create-setup-intent", { paymentFrequency: "daily" })) as CreateSetupIntentResponse;

  const intentId = intent.clientSecret.split("_secret_")[0]!;
  const confirmed = (await call(baseURL, new CookieJar(), `${SANDBOX_API_BASE}/v1/setup_intents/${encodeURIComponent(intentId)}/confirm`, {
    method: "POST",
    headers: { Authorization: `Bearer ${SANDBOX_PUBLISHABLE_KEY}`, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({
      client_secret: intent.clientSecret,
      "payment_method_data[type]": "card",
      "payment_method_data[card][number]": card.replace(/\s/g, ""),
      "payment_method_data[card][exp_month]": "12",
      "payment_method_data[card][exp_year]": String(new Date().getFullYear() + 3),
      "payment_method_data[card][cvc]": "123",
    }),
  })) as { status: string; payment_method: string | { id: string } };
  expect(confirmed.status, "a card that asks for 3-D Secure at setup keeps the UI (saveCard)").toBe("succeeded");
  const paymentMethodId = typeof confirmed.payment_method === "string" ? confirmed.payment_method : confirmed.payment_method.id;

  const phoneNumber = newPhone();
  const saved = (await postJson(baseURL, jar, "/api/save-payment-method", { customerId: intent.customerId, paymentMethodId, phoneNumber, paymentFrequency: "daily" })) as SavePaymentMethodResponse;
  if ("error" in saved) throw new Error(`save-payment-method: ${saved.error}`);
  await onCardSaved?.(paymentMethodId);

  const artistName = "E2E Payer";
  const form = new FormData();
  form.set("customerId", intent.customerId);
  form.set("artistName", artistName);
  form.set("songTitle", title);
  form.set("explicit", "no");
  form.set("price", "1.99");
  const release = { ...initialReleaseDetails("en"), releaseDate: localToday() };
  for (const [field, value] of Object.entries(releaseDetailsFields(release, artistName))) form.set(field, value);
  form.set("phone", phoneNumber);
  form.set("songFile", new Blob([await seededMp3(baseURL)], { type: "audio/mpeg" }), "song.mp3");
  const uploaded = (await call(baseURL, jar, "/api/distribute", { method: "POST", body: form })) as DistributeResponse;

  return {
    customerId: intent.customerId,
    paymentMethodId,
    songId: uploaded.id,
    artistPageUrl: saved.artistPageUrl ?? "",
    cookies: [...jar.cookies].map(([name, value]) => ({ name, value })),
  };
}

/**
 * The page becomes the artist of `world` (its cookies, and the private page link the card form keeps
 * in this browser) and opens the song's /approval/{id}, ready to pay, as `songAwaitingPayment` leaves it.
 */
export async function openAsArtist(page: Page, baseURL: string, world: ArtistWorld): Promise<void> {
  const { hostname } = new URL(baseURL);
  // Secure, HttpOnly, host-only as the Worker sets them (`__Host-` cookies): browsers keep Secure cookies from http://127.0.0.1.
  await page.context().addCookies(world.cookies.map((cookie) => ({ ...cookie, domain: hostname, path: "/", secure: true, httpOnly: true, sameSite: "Lax" as const })));
  await page.goto(`${baseURL}/approval/${encodeURIComponent(world.songId)}`);
  if (world.artistPageUrl) await page.evaluate((link) => window.localStorage.setItem("artistPageUrl", link), world.artistPageUrl);
  await page.getByRole("button", { name: "Complete Distribution" }).waitFor();
}

/** `songAwaitingPayment` without the UI: builds the artist through the API and opens /approval/{id}; answers the song's id. */
export async function songAwaitingPaymentSeeded(page: Page, baseURL: string, card: string, title: string, onCardSaved?: (paymentMethodId: string) => Promise<void>): Promise<string> {
  const world = await artistWithSong(baseURL, card, title, onCardSaved);
  await openAsArtist(page, baseURL, world);
  return world.songId;
}
