/**
 * Review: an operator listens to every paid song before it can reach the facilities
 * (docs/decisions/029-review-before-delivery.md). The queue's answer and the approve request, written once
 * for the Worker's routes and the admin Review tab; rejecting, from review or elsewhere, is
 * schema/src/song-rejection.ts. Times are ISO 8601.
 */
import * as v from "valibot";
import type { Credit, Genre, LyricsLanguage } from "./release-metadata";
import type { SongPackage, SongStatus } from "./tables";
import { OverrideSchema, type SongScreening } from "./compliance";

const EXPLICIT_MESSAGE = "The explicit answer must be true or false.";

/**
 * `POST /api/admin/songs/{songId}/approve`: `explicit` corrects the artist's answer; left out, it
 * stands. `override.reason` is required when the song matches a facility's term lists.
 */
export const ApproveSongSchema = v.object({ explicit: v.optional(v.boolean(EXPLICIT_MESSAGE)), override: v.optional(OverrideSchema) }, EXPLICIT_MESSAGE);
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
  /** What screening against the term lists found (docs/decisions/067-term-lists-screening-audit.md). */
  screening: SongScreening;
}

/** The most songs one answer lists; the rest wait behind them (a backlog that size is a staffing problem). */
export const REVIEW_QUEUE_MAX_SONGS = 500;

/** `GET /api/admin/review`: sorted by time left, overdue first. */
export interface ReviewQueueResponse {
  songs: ReviewQueueSong[];
  /** Every song waiting for review, also those past `REVIEW_QUEUE_MAX_SONGS`. */
  total: number;
}
