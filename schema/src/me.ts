/**
 * The browser's own artist, read through its session cookie (docs/decisions/028-artist-journey.md):
 * `GET /api/me` tells the header, /distribute and the success screens whether this browser belongs
 * to an artist, with their songs and where their payouts stand; `POST /api/me/artist-link` gives a
 * browser that lost its private page link a fresh one; `PUT /api/me/language` keeps the artist's
 * language in step with the app's.
 */
import * as v from "valibot";
import type { ConnectStatus } from "./artist";
import { LANGUAGES, type Language } from "./language";
import type { PaymentFrequency, SongPackage, SongStatus } from "./tables";

export interface MySong {
  id: string;
  title: string;
  status: SongStatus;
  /** The package paid for; null while unpaid. */
  package: SongPackage | null;
  /** True once the distribution fee is paid (or the song was free under Pro). */
  paid: boolean;
  /** The artist's explicit answer; null for songs from before the question. */
  explicit: boolean | null;
  /** Set on a clean (edited) version: the explicit song it is the clean version of. */
  cleanVersionOf: string | null;
}

/** The artist's songs a new upload may be the clean version of: explicit originals not rejected. */
export const cleanVersionOriginals = (songs: readonly MySong[]) =>
  songs.filter((song) => song.explicit === true && song.cleanVersionOf === null && song.status !== "rejected" && song.status !== "removed");

export interface MyArtist {
  /**
   * The card saved in this browser's session, so /distribute can take a new song without asking for
   * the card again (the same fields the save answered); null when the artist has no default card.
   */
  savedPayment: { customerId: string; phoneNumber: string; paymentFrequency: PaymentFrequency; brand: string; last4: string } | null;
  /** Newest first; removed songs are left out. */
  songs: MySong[];
  /** Whether payouts are set up with Stripe, and the earnings waiting for that (cents). */
  payouts: { status: ConnectStatus; heldCents: number };
  /** The language the artist's texts and statements are written in (the app keeps it in step with its own). */
  language: Language;
}

/** `GET /api/me`: `artist` is null when this browser's session holds no artist (no card saved here). */
export interface MeResponse {
  artist: MyArtist | null;
}

/** `PUT /api/me/language`: the session's artist's texts and statements are written in this language from now on. */
export const MyLanguageSchema = v.object({ language: v.picklist(LANGUAGES, /*i18n*/ "Choose English (en) or Spanish (es).") });
export type MyLanguageRequest = v.InferOutput<typeof MyLanguageSchema>;

/** `POST /api/me/artist-link`: a fresh private page link for the session's artist. */
export interface MyArtistLinkResponse {
  artistPageUrl: string;
}

/** `GET /api/artist/{token}/statements`: the months with a statement, newest first (`YYYY-MM`). */
export interface StatementMonthsResponse {
  months: string[];
}

/** A month as the statement routes take it: `YYYY-MM`. */
export const STATEMENT_MONTH_PATTERN = /^\d{4}-(0[1-9]|1[0-2])$/;
