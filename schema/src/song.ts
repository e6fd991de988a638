/**
 * The song as the API sends it (docs/product.md, Data). Written once here so the Worker that builds it and
 * the SPA that reads it cannot disagree; the
 * SPA checks every answer against the schema (docs/architecture.md, Calls).
 */
import * as v from "valibot";

export const SongDtoSchema = v.object({
  id: v.string(),
  title: v.string(),
  artist: v.string(),
  /** Path of the cover image, or null when the song has none (the SPA shows a placeholder). */
  coverUrl: v.nullable(v.string()),
  audioUrl: v.string(),
  /** ISO 8601. */
  createdAt: v.string(),
  /** Listener price in dollars (the database keeps cents). */
  price: v.number(),
  /**
   * Explicit content, for a badge: true also when the artist never answered (a clean-only facility
   * treats an unknown answer as explicit and never lists the song).
   */
  explicit: v.boolean(),
});
export type SongDto = v.InferOutput<typeof SongDtoSchema>;
/** `GET /api/songs/popular`, `/recent` and `/search`. */
export const SongListSchema = v.array(SongDtoSchema);
/** `GET /api/songs/featured`: null when no song is featured. */
export const FeaturedSongDtoSchema = v.nullable(SongDtoSchema);

/** Error body every non-success API answer carries (`siteKey`: a challenge's, schema/src/payments.ts). */
export interface ApiErrorBody {
  error: { code: string; message: string; siteKey?: string };
}

export const songAudioPath = (songId: string) => `/api/songs/${encodeURIComponent(songId)}/audio`;
export const songCoverPath = (songId: string) => `/api/songs/${encodeURIComponent(songId)}/cover`;
