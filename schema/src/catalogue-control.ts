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
export const TakedownResponseSchema = v.object({ songId: v.string(), takenDown: v.boolean() });
export type TakedownResponse = v.InferOutput<typeof TakedownResponseSchema>;

const FEATURED_MESSAGE = "Send songId: the id of a live song, or null for no featured song.";

/** `POST /api/admin/featured`: a live song's id, or null for none. */
export const FeaturedSongSchema = v.object(
  { songId: v.nullable(v.pipe(v.string(FEATURED_MESSAGE), v.nonEmpty(FEATURED_MESSAGE), v.maxLength(200, FEATURED_MESSAGE))) },
  FEATURED_MESSAGE,
);
export type FeaturedSongRequest = v.InferOutput<typeof FeaturedSongSchema>;

export const FeaturedSongResponseSchema = v.object({ featuredSongId: v.nullable(v.string()) });
export type FeaturedSongResponse = v.InferOutput<typeof FeaturedSongResponseSchema>;

export const AdminLiveSongSchema = v.object({
  id: v.string(),
  title: v.string(),
  artistName: v.string(),
  /** The artist's answer as corrected in review; null: never answered (clean-only facilities skip it). */
  explicit: v.nullable(v.boolean()),
  /** ISO 8601. */
  distributedAt: v.nullable(v.string()),
  /**
   * The recording's ISRC (stored form, 12 characters: show it with formatIsrc) and the release's UPC
   * (12 or 13 digits), entered by the artist or assigned by JPlay before delivery; null: not yet.
   */
  isrc: v.nullable(v.string()),
  upc: v.nullable(v.string()),
});
export type AdminLiveSong = v.InferOutput<typeof AdminLiveSongSchema>;

export const AdminTakenDownSongSchema = v.object({
  id: v.string(),
  title: v.string(),
  artistName: v.string(),
  reason: v.string(),
  /** ISO 8601. */
  takenDownAt: v.string(),
});
export type AdminTakenDownSong = v.InferOutput<typeof AdminTakenDownSongSchema>;

/** Songs listed per list of `GET /api/admin/catalogue` (a search narrows them). */
export const ADMIN_LIVE_SONGS_SHOWN = 200;

/**
 * `GET /api/admin/catalogue?q=`: the featured song (null when none, or when it was taken down), live
 * songs newest first and taken-down songs most recently taken down first, each at most
 * ADMIN_LIVE_SONGS_SHOWN and narrowed by `q` (title or artist), with how many live songs match.
 */
export const AdminCatalogueResponseSchema = v.object({
  featured: v.nullable(AdminLiveSongSchema),
  live: v.array(AdminLiveSongSchema),
  liveMatching: v.number(),
  takenDown: v.array(AdminTakenDownSongSchema),
});
export type AdminCatalogueResponse = v.InferOutput<typeof AdminCatalogueResponseSchema>;
