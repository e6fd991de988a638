/**
 * Review: an operator listens to every paid song before it can reach the facilities
 * (docs/decisions/029-review-before-delivery.md). The queue's answer, the approve and reject requests and
 * the fixed list of rejection reasons, written once for the Worker's routes and the admin Review tab.
 * Times are ISO 8601.
 */
import * as v from "valibot";
import type { Credit, Genre, LyricsLanguage } from "./release-metadata";
import type { SongPackage, SongStatus } from "./tables";

/** Why a song is rejected in review: each code with the words the artist and the operator read. */
export const REVIEW_REJECTION_REASONS = {
  explicit_in_clean: "Explicit content in a song marked clean",
  violence: "Violence",
  gang_or_contraband: "Gang or contraband references",
  not_their_work: "Someone else's work",
  unusable_audio: "Unusable audio",
} as const;
export type ReviewRejectionCode = keyof typeof REVIEW_REJECTION_REASONS;
export const REVIEW_REJECTION_CODES = Object.keys(REVIEW_REJECTION_REASONS) as ReviewRejectionCode[];

export const REVIEW_NOTE_MAX_LENGTH = 500;

export const REVIEW_MESSAGES = {
  reason: "Choose why the song is rejected.",
  note: `The note must be at most ${REVIEW_NOTE_MAX_LENGTH} characters.`,
  explicit: "The explicit answer must be true or false.",
} as const;

/** The note is trimmed; it may be empty. */
export const ReviewNoteSchema = v.pipe(v.string(REVIEW_MESSAGES.note), v.trim(), v.maxLength(REVIEW_NOTE_MAX_LENGTH, REVIEW_MESSAGES.note));

/** `POST /api/admin/songs/{songId}/review-reject`. */
export const ReviewRejectSchema = v.object(
  {
    reason: v.picklist(REVIEW_REJECTION_CODES, REVIEW_MESSAGES.reason),
    note: v.optional(ReviewNoteSchema, ""),
  },
  REVIEW_MESSAGES.reason,
);
export type ReviewRejectRequest = v.InferInput<typeof ReviewRejectSchema>;

/** What the artist reads (text, page, refund): "<label>: <note>", or the label alone. */
export const reviewRejectionText = (code: ReviewRejectionCode, note: string) =>
  note === "" ? REVIEW_REJECTION_REASONS[code] : `${REVIEW_REJECTION_REASONS[code]}: ${note}`;

/** `POST /api/admin/songs/{songId}/approve`: `explicit` corrects the artist's answer; left out, it stands. */
export const ApproveSongSchema = v.object({ explicit: v.optional(v.boolean(REVIEW_MESSAGES.explicit)) }, REVIEW_MESSAGES.explicit);
export type ApproveSongRequest = v.InferInput<typeof ApproveSongSchema>;

export interface ApproveSongResponse {
  songId: string;
  /** `distributed` when its promised time had already come; else `approved`, live at that time. */
  status: SongStatus;
  explicit: boolean | null;
}

/** The admin-only address of a song's audio or cover, which an operator can play whatever the song's status. */
export const adminSongMediaPath = (songId: string, media: "audio" | "cover") => `/api/admin/songs/${encodeURIComponent(songId)}/${media}`;

/** One paid song waiting for review. */
export interface ReviewQueueSong {
  id: string;
  title: string;
  artistName: string;
  /** The artist's answer; null for songs uploaded before the question existed. */
  explicit: boolean | null;
  package: SongPackage;
  paidAt: string;
  /** When it goes live once approved: the start of its package's window (its promised time). */
  deliverAt: string;
  /** The review deadline: the end of its package's window. */
  windowEndsAt: string;
  /** Milliseconds from the answer to the deadline; negative once it has passed. */
  timeLeftMs: number;
  overdue: boolean;
  /** Admin-only media the operator plays (`Cache-Control: private, no-store`). */
  audioUrl: string;
  coverUrl: string | null;
  /**
   * The recording's ISRC (stored form, 12 characters: show it with formatIsrc) and the release's UPC
   * (12 or 13 digits), entered by the artist or assigned by JPlay before delivery; null: not yet.
   */
  isrc: string | null;
  upc: string | null;
  /** Release metadata as the artist gave it (schema/src/release-metadata.ts), which an operator may correct. */
  genre: Genre;
  lyricsLanguage: LyricsLanguage;
  instrumental: boolean;
  /** Null: none given. */
  lyrics: string | null;
  releaseDate: string;
  credits: Credit[];
  pLine: { year: number; holder: string };
  cLine: { year: number; holder: string };
  /** Set on a clean version: the title of the explicit song it is the clean version of. */
  cleanVersionOfTitle: string | null;
}

/** The most songs one answer lists; the rest wait behind them (a backlog that size is a staffing problem). */
export const REVIEW_QUEUE_MAX_SONGS = 500;

/** `GET /api/admin/review`: sorted by time left, overdue first. */
export interface ReviewQueueResponse {
  songs: ReviewQueueSong[];
  /** Every song waiting for review, also those past `REVIEW_QUEUE_MAX_SONGS`. */
  total: number;
}
