/**
 * Review: an operator listens to every paid song before it can reach the facilities
 * (docs/decisions/029-review-before-delivery.md). The queue's answer and the approve request, written once
 * for the Worker's routes and the admin Review tab; rejecting, from review or elsewhere, is
 * schema/src/song-rejection.ts. Times are ISO 8601.
 */
import * as v from "valibot";
import { CreditSchema, GENRES, SONG_LANGUAGES } from "./release-metadata";
import { SONG_PACKAGES, SONG_STATUSES } from "./statuses";
import { OverrideSchema, SongScreeningSchema } from "./compliance";
import { AudioCheckSchema } from "./audio-check";

const EXPLICIT_MESSAGE = "The explicit answer must be true or false.";

/**
 * `POST /api/admin/songs/{songId}/approve`: `explicit` corrects the artist's answer; left out, it
 * stands. `override.reason` is required when the song matches a facility's term lists;
 * `notACopy.reason` when its audio matches another artist's song in the catalogue (why it may go live
 * all the same: a licence, the same artist under another name).
 */
export const ApproveSongSchema = v.object(
  { explicit: v.optional(v.boolean(EXPLICIT_MESSAGE)), override: v.optional(OverrideSchema), notACopy: v.optional(OverrideSchema) },
  EXPLICIT_MESSAGE,
);
export type ApproveSongRequest = v.InferInput<typeof ApproveSongSchema>;

export const ApproveSongResponseSchema = v.object({
  songId: v.string(),
  /** `distributed` when its promised time had already come; else `approved`, live at that time. */
  status: v.picklist(SONG_STATUSES),
  explicit: v.nullable(v.boolean()),
});
export type ApproveSongResponse = v.InferOutput<typeof ApproveSongResponseSchema>;

/** The admin-only address of a song's audio or cover, which an operator can play whatever the song's status. */
export const adminSongMediaPath = (songId: string, media: "audio" | "cover") => `/api/admin/songs/${encodeURIComponent(songId)}/${media}`;

const LineSchema = v.object({ year: v.number(), holder: v.string() });

/**
 * A song already in the catalogue (paid or live) whose audio this upload's fingerprint matches
 * (docs/audio-checks.md, "Fingerprints"), shown beside it in review.
 */
export const CatalogueMatchSchema = v.object({
  songId: v.string(),
  title: v.string(),
  artistName: v.string(),
  status: v.picklist(SONG_STATUSES),
  /** The same artist uploaded it again: they were told; it does not hold the approval. */
  sameArtist: v.boolean(),
  /** Aligned bit error rate of the two fingerprints, 0–1 (a match is under decision 103's threshold). */
  bitErrorRate: v.number(),
  /** Where the catalogue song starts in the upload, seconds (negative: the upload starts later in it). */
  offsetSeconds: v.number(),
  /** How many seconds of the two match. */
  overlapSeconds: v.number(),
  audioUrl: v.string(),
  coverUrl: v.nullable(v.string()),
});
export type CatalogueMatch = v.InferOutput<typeof CatalogueMatchSchema>;

/** One paid song waiting for review. */
export const ReviewQueueSongSchema = v.object({
  id: v.string(),
  title: v.string(),
  artistName: v.string(),
  /** The artist's answer; null for songs uploaded before the question existed. */
  explicit: v.nullable(v.boolean()),
  package: v.picklist(SONG_PACKAGES),
  paidAt: v.string(),
  /** When it goes live once approved: the start of its package's window (its promised time). */
  deliverAt: v.string(),
  /** The review deadline: the end of its package's window. */
  windowEndsAt: v.string(),
  /** Milliseconds from the answer to the deadline; negative once it has passed. */
  timeLeftMs: v.number(),
  overdue: v.boolean(),
  /** Admin-only media the operator plays (`Cache-Control: private, no-store`). */
  audioUrl: v.string(),
  coverUrl: v.nullable(v.string()),
  /**
   * The recording's ISRC (stored form, 12 characters: show it with formatIsrc) and the release's UPC
   * (12 or 13 digits), entered by the artist or assigned by JPlay before delivery; null: not yet.
   */
  isrc: v.nullable(v.string()),
  upc: v.nullable(v.string()),
  /** Release metadata as the artist gave it (schema/src/release-metadata.ts), which an operator may correct. */
  genre: v.picklist(GENRES),
  lyricsLanguage: v.picklist(SONG_LANGUAGES),
  instrumental: v.boolean(),
  /** Null: none given. */
  lyrics: v.nullable(v.string()),
  releaseDate: v.string(),
  credits: v.array(CreditSchema),
  pLine: LineSchema,
  cLine: LineSchema,
  /** Set on a clean version: the title of the explicit song it is the clean version of. */
  cleanVersionOfTitle: v.nullable(v.string()),
  /** What screening against the term lists found (docs/decisions/067-term-lists-screening-audit.md). */
  screening: SongScreeningSchema,
  /** What listening to its whole audio measured (docs/audio-checks.md); null until the check ran. */
  audioCheck: v.nullable(AudioCheckSchema),
  /** Catalogue songs its audio matches; another artist's holds its approval until an operator decides. */
  catalogueMatches: v.array(CatalogueMatchSchema),
});
export type ReviewQueueSong = v.InferOutput<typeof ReviewQueueSongSchema>;

/** The most songs one answer lists; the rest wait behind them (a backlog that size is a staffing problem). */
export const REVIEW_QUEUE_MAX_SONGS = 500;

/** `GET /api/admin/review`: sorted by time left, overdue first. */
export const ReviewQueueResponseSchema = v.object({
  songs: v.array(ReviewQueueSongSchema),
  /** Every song waiting for review, also those past `REVIEW_QUEUE_MAX_SONGS`. */
  total: v.number(),
});
export type ReviewQueueResponse = v.InferOutput<typeof ReviewQueueResponseSchema>;
