/**
 * What the distribution form holds of a release's metadata (schema/src/release-metadata.ts) while
 * the artist fills it in, how it turns into the multipart fields the Worker reads, and the first
 * problem with it by the shared rules. Credits follow the artist name until the artist edits them.
 */
import * as v from "valibot";
import { firstIssue } from "@jplay/schema/distribution";
import {
  DEFAULT_GENRE,
  defaultCredits,
  LYRICS_LANGUAGES,
  ReleaseMetadataFieldsSchema,
  releaseMetadata,
  type Credit,
  type Genre,
} from "@jplay/schema/release-metadata";

export interface ReleaseDetails {
  genre: Genre;
  lyricsLanguage: string;
  instrumental: boolean;
  lyrics: string;
  /**
   * YYYY-MM-DD; the artist's own today unless changed. "" until the app runs in the browser: the
   * server renders the form without it (its today is UTC's, the tablet's may be a day apart, and the
   * two must not differ when the page hydrates); an upload without one is released the day it arrives.
   */
  releaseDate: string;
  /** Null: not edited, so the artist performs and composed it (defaultCredits). */
  credits: Credit[] | null;
  pLineYear: string;
  pLineHolder: string;
  cLineYear: string;
  cLineHolder: string;
  isrc: string;
  upc: string;
  /** The artist's explicit song this upload is the clean version of; "" for none. */
  cleanVersionOf: string;
}

/** The artist's local date, YYYY-MM-DD (a date input's value). */
export function localToday(now = new Date()): string {
  const month = String(now.getMonth() + 1).padStart(2, "0");
  const day = String(now.getDate()).padStart(2, "0");
  return `${now.getFullYear()}-${month}-${day}`;
}

export function initialReleaseDetails(screenLanguage: string): ReleaseDetails {
  return {
    genre: DEFAULT_GENRE,
    lyricsLanguage: (LYRICS_LANGUAGES as readonly string[]).includes(screenLanguage) ? screenLanguage : "en",
    instrumental: false,
    lyrics: "",
    releaseDate: "",
    credits: null,
    pLineYear: "",
    pLineHolder: "",
    cLineYear: "",
    cLineHolder: "",
    isrc: "",
    upc: "",
    cleanVersionOf: "",
  };
}

export const creditsOf = (details: ReleaseDetails, artistName: string): Credit[] => details.credits ?? defaultCredits(artistName.trim());

/** The multipart fields, as the Worker reads them (receive-song-upload.ts). Empty optional ones take the server's defaults. */
export function releaseDetailsFields(details: ReleaseDetails, artistName: string): Record<string, string> {
  return {
    genre: details.genre,
    lyricsLanguage: details.lyricsLanguage,
    instrumental: details.instrumental ? "yes" : "no",
    lyrics: details.instrumental ? "" : details.lyrics.trim(),
    releaseDate: details.releaseDate,
    credits: JSON.stringify(creditsOf(details, artistName).map((credit) => ({ name: credit.name.trim(), role: credit.role }))),
    pLineYear: details.pLineYear.trim(),
    pLineHolder: details.pLineHolder.trim(),
    cLineYear: details.cLineYear.trim(),
    cLineHolder: details.cLineHolder.trim(),
    isrc: details.isrc.trim(),
    upc: details.upc.trim(),
  };
}

/** The clean-version field, sent only when the artist named an original (and said the upload is clean). */
export const cleanVersionField = (details: ReleaseDetails, explicit: string | null): Record<string, string> =>
  details.cleanVersionOf !== "" && explicit === "no" ? { cleanVersionOf: details.cleanVersionOf } : {};

/** The first problem by the rules the Worker enforces (message in English, marked for translation), or null. */
export function releaseDetailsProblem(details: ReleaseDetails, artistName: string, now = Date.now()): string | null {
  const parsed = v.safeParse(ReleaseMetadataFieldsSchema, releaseDetailsFields(details, artistName));
  if (!parsed.success) return firstIssue(parsed.issues);
  const metadata = releaseMetadata(parsed.output, artistName.trim(), now);
  return "issue" in metadata ? metadata.issue : null;
}
