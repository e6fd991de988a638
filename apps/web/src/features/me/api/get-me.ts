/**
 * `GET /api/me`: whether this browser's session belongs to an artist, with their songs and payout
 * setup (docs/decisions/028-artist-journey.md). Read through the app's one read cache
 * (lib/read-cache.ts); the header on every screen (Home included) reads it.
 */
import { MeResponseSchema } from "@jplay/schema/me";
import { api } from "@/lib/api-client";
import { invalidateReads, useRead } from "@/lib/read-cache";

const ME_READ = "me";

export const getMe = () => api.get("/api/me", MeResponseSchema);

export const useMe = () => useRead(ME_READ, getMe);

/** Forgets the answer after something changed it (a card saved, a song paid): screens read it again. */
export const refreshMe = () => void invalidateReads(ME_READ);
