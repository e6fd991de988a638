/**
 * "Get paid" in one click (docs/decisions/028-artist-journey.md): has this browser keep a link to its
 * artist's page (keepMyArtistLink) and starts the Stripe-hosted payout onboarding through
 * `POST /api/artist/link/connect`, the link named by the cookie, never by a token in the address
 * (docs/decisions/088-leaks-and-cheap-reads.md); answers the onboarding URL to open. Plain fetches
 * with no state to keep, so the home page's banner can call it directly.
 */
import { ARTIST_LINK_FROM_COOKIE } from "@jplay/schema/artist";
import { startPayoutsSetup } from "@/features/artist";
import { keepMyArtistLink } from "./my-artist-page";

export async function startGetPaid(): Promise<string> {
  await keepMyArtistLink();
  return (await startPayoutsSetup(ARTIST_LINK_FROM_COOKIE)).url;
}
