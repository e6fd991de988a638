/**
 * What operators change in the live catalogue from the admin portal's Catalogue tab: takedowns and
 * restores, and the one featured song (docs/decisions/052, 053). Shared by the
 * Worker's routes and the SPA, so the form checks what the server checks.
 */
import * as v from "valibot";
import { operatorReasonSchema } from "./song-rejection";

export const TAKEDOWN_REASON_MISSING = "Enter the reason for taking this song down.";

/** `POST /api/admin/songs/{songId}/takedown`: the artist reads the reason in a text and on their page. */
export const TakedownReasonSchema = operatorReasonSchema(TAKEDOWN_REASON_MISSING);
/**
 * Why a song is taken down: `content` (the default) leaves the catalogue but not the libraries of
 * those who bought it; `rights` (a rights claim) stops every download and refunds its buyers.
 */
export const TAKEDOWN_KINDS = ["content", "rights"] as const;
export type TakedownKind = (typeof TAKEDOWN_KINDS)[number];
export const TakedownSongSchema = v.object(
  { reason: TakedownReasonSchema, kind: v.optional(v.picklist(TAKEDOWN_KINDS, "kind is content or rights"), "content") },
  TAKEDOWN_REASON_MISSING,
);
export type TakedownSongRequest = v.InferOutput<typeof TakedownSongSchema>;

/** The answer of a takedown (`takenDown: true`) or a restore (`takenDown: false`). */
export interface TakedownResponse {
  songId: string;
  takenDown: boolean;
}

const FEATURED_MESSAGE = "Send songId: the id of a live song, or null for no featured song.";

/** `POST /api/admin/featured`: a live song's id, or null for none. */
export const FeaturedSongSchema = v.object(
  { songId: v.nullable(v.pipe(v.string(FEATURED_MESSAGE), v.nonEmpty(FEATURED_MESSAGE), v.maxLength(200, FEATURED_MESSAGE))) },
  FEATURED_MESSAGE,
);
export type FeaturedSongRequest = v.InferOutput<typeof FeaturedSongSchema>;

export interface FeaturedSongResponse {
  featuredSongId: string | null;
}

export interface AdminLiveSong {
  id: string;
  title: string;
  artistName: string;
  /** The artist's answer as corrected in review; null: never answered (clean-only facilities skip it). */
  explicit: boolean | null;
  /** ISO 8601. */
  distributedAt: string | null;
  /**
   * The recording's ISRC (stored form, 12 characters: show it with formatIsrc) and the release's UPC
   * (12 or 13 digits), entered by the artist or assigned by JPlay before delivery; null: not yet.
   */
  isrc: string | null;
  upc: string | null;
}

export interface AdminTakenDownSong {
  id: string;
  title: string;
  artistName: string;
  reason: string;
  /** ISO 8601. */
  takenDownAt: string;
}

/** Songs listed per list of `GET /api/admin/catalogue` (a search narrows them). */
export const ADMIN_LIVE_SONGS_SHOWN = 200;

/**
 * `GET /api/admin/catalogue?q=`: the featured song (null when none, or when it was taken down), live
 * songs newest first and taken-down songs most recently taken down first, each at most
 * ADMIN_LIVE_SONGS_SHOWN and narrowed by `q` (title or artist), with how many live songs match.
 */
export interface AdminCatalogueResponse {
  featured: AdminLiveSong | null;
  live: AdminLiveSong[];
  liveMatching: number;
  takenDown: AdminTakenDownSong[];
}
