/**
 * An artist with a saved card and a song awaiting payment, built through the product's own HTTP API
 * from Node, for the browser tests whose subject comes after that (recovery, review, an operator's
 * rejection): the calls the /distribute page makes, through the artist client the benchmarks use
 * (bench/lib/artist-client.ts), then the session cookie the Worker set put into the page's browser,
 * so the page goes on as that artist (docs/decisions/079-browser-tests-build-their-world.md). Tests
 * about the card form or the upload itself keep the UI (e2e/support/artist.ts).
 */
import type { Page } from "playwright-core";
import { expect } from "vitest";
import type { DistributeResponse } from "@jplay/schema/payments";
import { ArtistClient } from "../../bench/lib/artist-client.ts";
import { initialReleaseDetails, localToday, releaseDetailsFields } from "../../apps/web/src/features/distribution/release-details/release-details-state.ts";
import { newPhone, newSongMp3 } from "./artist";

/** What `artistWithSong` built: the song's id, and the artist as a browser would hold them. */
export interface ArtistWorld {
  songId: string;
  /** The private page link (`/artist/{token}`) the card save issued; the Worker's cookie (in `cookies`) keeps it. */
  artistPageUrl: string | null;
  cookies: Array<{ name: string; value: string }>;
}

/**
 * Saves `card` (digits, spaces allowed) for a new artist paid daily, as the form's default, and uploads
 * a song titled `title` with the form's default release details; `onCardSaved` runs between the two
 * (e.g. the issuer changing its mind about the card).
 */
export async function artistWithSong(
  baseURL: string,
  card: string,
  title: string,
  onCardSaved?: (paymentMethodId: string) => Promise<void>,
): Promise<ArtistWorld> {
  const artist = new ArtistClient(baseURL);
  const phoneNumber = newPhone();
  const { customerId, paymentMethodId, artistPageUrl } = await artist.saveCard(phoneNumber, { card, paymentFrequency: "daily" });
  await onCardSaved?.(paymentMethodId);

  const artistName = "E2E Payer";
  const form = new FormData();
  form.set("customerId", customerId);
  form.set("artistName", artistName);
  form.set("songTitle", title);
  form.set("explicit", "no");
  form.set("price", "1.99");
  for (const [field, value] of Object.entries(releaseDetailsFields({ ...initialReleaseDetails("en"), releaseDate: localToday() }, artistName)))
    form.set(field, value);
  form.set("phone", phoneNumber);
  form.set("songFile", new Blob([new Uint8Array(newSongMp3())], { type: "audio/mpeg" }), "song.mp3");
  const uploaded = await artist.fetch("/api/distribute", { method: "POST", body: form });
  const answer = await uploaded.text();
  expect(uploaded.ok, `/api/distribute: ${uploaded.status} ${answer}`).toBe(true);
  return { songId: (JSON.parse(answer) as DistributeResponse).id, artistPageUrl, cookies: artist.cookieList() };
}

/**
 * The page becomes the artist of `world` (its cookies, the private page link's among them) and opens the song's /approval/{id}, ready to pay, as `songAwaitingPayment` leaves it.
 */
export async function openAsArtist(page: Page, baseURL: string, world: ArtistWorld): Promise<void> {
  const { hostname } = new URL(baseURL);
  // Secure, HttpOnly and host-only, as the Worker sets them (`__Host-` cookies); a browser keeps Secure
  // cookies from http://127.0.0.1. Given with `url`, Playwright would drop Secure, which `__Host-` forbids.
  await page
    .context()
    .addCookies(world.cookies.map((cookie) => ({ ...cookie, domain: hostname, path: "/", secure: true, httpOnly: true, sameSite: "Lax" as const })));
  await page.goto(`${baseURL}/approval/${encodeURIComponent(world.songId)}`);
  await page.getByRole("button", { name: "Complete Distribution" }).waitFor();
}

/** `songAwaitingPayment` without the UI: builds the artist through the API and opens /approval/{id}; answers the song's id. */
export async function songAwaitingPaymentSeeded(
  page: Page,
  baseURL: string,
  card: string,
  title: string,
  onCardSaved?: (paymentMethodId: string) => Promise<void>,
): Promise<string> {
  const world = await artistWithSong(baseURL, card, title, onCardSaved);
  await openAsArtist(page, baseURL, world);
  return world.songId;
}
