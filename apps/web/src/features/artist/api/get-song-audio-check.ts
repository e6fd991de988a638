/**
 * `GET /api/artist/{token}/songs/{songId}/audio-check`: what listening to one of the artist's songs
 * measured (docs/audio-checks.md), read when its "Sound check" is first opened. Read through the one
 * read cache (lib/read-cache.ts, docs/decisions/074-one-read-cache.md).
 */
import { AudioCheckResponseSchema } from "@jplay/schema/audio-check";
import { api } from "@/lib/api-client";
import { useQuery } from "@tanstack/react-query";

const audioCheckPath = (token: string, songId: string) => `/api/artist/${encodeURIComponent(token)}/songs/${encodeURIComponent(songId)}/audio-check`;

export const useSongAudioCheck = (token: string, songId: string, enabled: boolean) =>
  useQuery({ queryKey: ["artist", "audio-check", token, songId], queryFn: () => api.get(audioCheckPath(token, songId), AudioCheckResponseSchema), enabled });
