/**
 * `GET /api/provider/tablet-library` with this tablet's listener token: the listener's purchased songs,
 * each with links that play it (also a song that left the catalogue for its content). Kept like the
 * catalogue's reads (read-cache.ts), under the token, so another listener's token reads afresh.
 */
import { LISTENER_TOKEN_HEADER, TabletLibraryAnswerSchema } from "@jplay/schema/receipts";
import { api } from "@/lib/api-client";
import { useRead } from "@/lib/read-cache";

export const useTabletLibrary = (token: string | null) =>
  useRead(token === null ? null : `library/${token}`, () => api.get("/api/provider/tablet-library", TabletLibraryAnswerSchema, { headers: { [LISTENER_TOKEN_HEADER]: token! } }));
