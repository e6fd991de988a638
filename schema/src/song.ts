/**
 * The song as the API sends it (docs/product.md, Data). Written once here so the Worker that builds it and
 * the SPA that reads it cannot disagree.
 */
export interface SongDto {
  id: string;
  title: string;
  artist: string;
  /** Path of the cover image, or null when the song has none (the SPA shows a placeholder). */
  coverUrl: string | null;
  audioUrl: string;
  /** ISO 8601. */
  createdAt: string;
  /** Listener price in dollars (the database keeps cents). */
  price: number;
  /**
   * Explicit content, for a badge: true also when the artist never answered (a clean-only facility
   * treats an unknown answer as explicit and never lists the song).
   */
  explicit: boolean;
}

/** Error body every non-success API answer carries. */
export interface ApiErrorBody {
  error: { code: string; message: string };
}

export const songAudioPath = (songId: string) => `/api/songs/${encodeURIComponent(songId)}/audio`;
export const songCoverPath = (songId: string) => `/api/songs/${encodeURIComponent(songId)}/cover`;
