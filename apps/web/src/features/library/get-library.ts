/**
 * `GET /api/provider/tablet-library` with this tablet's listener token: the listener's purchased songs,
 * each with links that play them (also a song that left the catalogue for its content). Kept like the
 * catalogue's reads (read-cache.ts), under the token, so another listener's token reads afresh. A
 * listener no purchase has named yet is answered `unknown_listener` (as one another provider holds,
 * docs/decisions/086): for this tablet that is a Library with nothing bought yet.
 */
import { LISTENER_TOKEN_HEADER, TabletLibraryAnswerSchema, type TabletLibraryAnswer } from "@jplay/schema/receipts";
import { api, hasErrorCode } from "@/lib/api-client";
import { useRead } from "@/lib/read-cache";

async function readTabletLibrary(token: string): Promise<TabletLibraryAnswer> {
  try {
    return await api.get("/api/provider/tablet-library", TabletLibraryAnswerSchema, { headers: { [LISTENER_TOKEN_HEADER]: token } });
  } catch (error) {
    if (hasErrorCode(error, "unknown_listener")) return { songs: [] };
    throw error;
  }
}

export const useTabletLibrary = (token: string | null) => useRead(token === null ? null : `library/${token}`, () => readTabletLibrary(token!));
