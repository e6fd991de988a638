/**
 * The browser's own artist, read through its session cookie (docs/decisions/028-artist-journey.md):
 * `GET /api/me` tells the header, /distribute and the success screens whether this browser belongs
 * to an artist, with their songs and where their payouts stand; `POST /api/me/artist-link` gives a
 * browser that lost its private page link a fresh one; `PUT /api/me/language` keeps the artist's
 * language in step with the app's.
 */
import * as v from "valibot";
import { LANGUAGES } from "./language";
import { CONNECT_STATUSES, PAYMENT_FREQUENCIES, SONG_PACKAGES, SONG_STATUSES } from "./statuses";

export const MySongSchema = v.object({
  id: v.string(),
  title: v.string(),
  status: v.picklist(SONG_STATUSES),
  /** The package paid for; null while unpaid. */
  package: v.nullable(v.picklist(SONG_PACKAGES)),
  /** True once the distribution fee is paid (or the song was free under Pro). */
  paid: v.boolean(),
  /** The artist's explicit answer; null for songs from before the question. */
  explicit: v.nullable(v.boolean()),
  /** Set on a clean (edited) version: the explicit song it is the clean version of. */
  cleanVersionOf: v.nullable(v.string()),
});
export type MySong = v.InferOutput<typeof MySongSchema>;

/** The artist's songs a new upload may be the clean version of: explicit originals not rejected. */
export const cleanVersionOriginals = (songs: readonly MySong[]) =>
  songs.filter((song) => song.explicit === true && song.cleanVersionOf === null && song.status !== "rejected" && song.status !== "removed");

export const MyArtistSchema = v.object({
  /**
   * The card saved in this browser's session, so /distribute can take a new song without asking for
   * the card again (the same fields the save answered); null when the artist has no default card.
   */
  savedPayment: v.nullable(
    v.object({ customerId: v.string(), phoneNumber: v.string(), paymentFrequency: v.picklist(PAYMENT_FREQUENCIES), brand: v.string(), last4: v.string() }),
  ),
  /** Newest first; removed songs are left out. */
  songs: v.array(MySongSchema),
  /** Whether payouts are set up with Stripe, and the earnings waiting for that (cents). */
  payouts: v.object({ status: v.picklist(CONNECT_STATUSES), heldCents: v.number() }),
  /** The language the artist's texts and statements are written in (the app keeps it in step with its own). */
  language: v.picklist(LANGUAGES),
});
export type MyArtist = v.InferOutput<typeof MyArtistSchema>;

/** `GET /api/me`: `artist` is null when this browser's session holds no artist (no card saved here). */
export const MeResponseSchema = v.object({ artist: v.nullable(MyArtistSchema) });
export type MeResponse = v.InferOutput<typeof MeResponseSchema>;

/** `PUT /api/me/language`: the session's artist's texts and statements are written in this language from now on. */
export const MyLanguageSchema = v.object({ language: v.picklist(LANGUAGES, /*i18n*/ "Choose English (en) or Spanish (es).") });
export type MyLanguageRequest = v.InferOutput<typeof MyLanguageSchema>;

/** `POST /api/me/artist-link`: a fresh private page link for the session's artist. */
export const MyArtistLinkResponseSchema = v.object({ artistPageUrl: v.string() });
export type MyArtistLinkResponse = v.InferOutput<typeof MyArtistLinkResponseSchema>;

/** `GET /api/artist/{token}/statements`: the months with a statement, newest first (`YYYY-MM`). */
export const StatementMonthsResponseSchema = v.object({ months: v.array(v.string()) });
export type StatementMonthsResponse = v.InferOutput<typeof StatementMonthsResponseSchema>;

/** A month as the statement routes take it: `YYYY-MM`. */
export const STATEMENT_MONTH_PATTERN = /^\d{4}-(0[1-9]|1[0-2])$/;
