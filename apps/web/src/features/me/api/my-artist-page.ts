/**
 * The way to this browser's artist page (docs/decisions/028-artist-journey.md,
 * docs/decisions/088-leaks-and-cheap-reads.md): `POST /api/me/artist-link` has the Worker keep a link
 * to the session's artist in this browser's HttpOnly cookie (the one kept already when it still opens
 * that artist's page, else a fresh one), so the page then opens at `/artist`. The app never holds the
 * link itself: its answer is not read.
 */
import { MyArtistLinkResponseSchema } from "@jplay/schema/me";
import { api } from "@/lib/api-client";

/** Where the page opens once the cookie holds its link. */
export const MY_ARTIST_PAGE_PATH = "/artist";

export async function keepMyArtistLink(): Promise<void> {
  await api.post("/api/me/artist-link", MyArtistLinkResponseSchema);
}
