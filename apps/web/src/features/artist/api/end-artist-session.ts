/**
 * `POST /api/artist/{token}/sessions/{sessionId}/end`: signs one of the artist's browsers out. The
 * page's data is read again afterwards, so the list shows what the server now holds.
 */
import { EndArtistSessionResponseSchema } from "@jplay/schema/artist";
import { api } from "@/lib/api-client";
import { useMutation } from "@tanstack/react-query";
import { invalidateArtistPage } from "./get-artist-page";

export const endArtistSession = (token: string, sessionId: string) =>
  api.post(`/api/artist/${encodeURIComponent(token)}/sessions/${encodeURIComponent(sessionId)}/end`, EndArtistSessionResponseSchema);

export const useEndArtistSession = (token: string) =>
  useMutation({ mutationFn: (sessionId: string) => endArtistSession(token, sessionId), onSettled: () => invalidateArtistPage(token) });
