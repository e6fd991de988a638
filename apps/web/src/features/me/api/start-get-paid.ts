/**
 * "Get paid" in one click (docs/decisions/028-artist-journey.md): finds this browser's artist page
 * token (myArtistPageUrl) and starts the Stripe-hosted payout onboarding through
 * `POST /api/artist/{token}/connect`, answering the onboarding URL to open. Plain fetches with no
 * state to keep, so the home page's banner can call it directly.
 */
import { startPayoutsSetup } from "@/features/artist";
import { artistTokenOf, myArtistPageUrl } from "./my-artist-page";

export async function startGetPaid(): Promise<string> {
  const token = artistTokenOf(await myArtistPageUrl());
  if (!token) throw new Error("Your artist page link could not be read.");
  return (await startPayoutsSetup(token)).url;
}
