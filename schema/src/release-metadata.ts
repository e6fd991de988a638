/**
 * What a release says about itself beyond its title and artist — genre, language of the lyrics,
 * release date, credits, ℗ and © lines, lyrics, its parental warning and its clean version — and
 * the rules an upload is held to, written once for the form and the Worker
 * (docs/decisions/042-release-identifiers-and-metadata.md). Every value here maps onto DDEX ERN 4.3
 * (workers/api/src/provider/ern/): the genres are GenreText, the roles ERN's DisplayArtistRole and
 * ContributorRole, the languages ISO 639 codes, the warnings ParentalWarningType.
 */
import * as v from "valibot";
import { normalizeGtin, normalizeIsrc } from "./identifiers.ts";

/** Primary genres an artist picks from: the common subset stores take as ERN GenreText. */
export const GENRES = [
  "Alternative",
  "Blues",
  "Children's Music",
  "Christian & Gospel",
  "Classical",
  "Comedy",
  "Country",
  "Dance",
  "Electronic",
  "Folk",
  "Hip-Hop/Rap",
  "Jazz",
  "Latin",
  "Metal",
  "Pop",
  "R&B/Soul",
  "Reggae",
  "Rock",
  "Singer/Songwriter",
  "Spoken Word",
  "World",
] as const;
export type Genre = (typeof GENRES)[number];
/** What the form starts on; the artist sees it and can change it. */
export const DEFAULT_GENRE: Genre = "Pop";

/** Languages of the lyrics (ISO 639-1); screens name them with `Intl.DisplayNames` in the reader's language. */
export const LYRICS_LANGUAGES = ["en", "es", "pt", "fr", "ht", "it", "de", "zh", "vi", "tl", "ko", "ar", "ru", "pl"] as const;
/** ISO 639-2 "no linguistic content": an instrumental's language. */
export const NO_LYRICS_LANGUAGE = "zxx";
export type LyricsLanguage = (typeof LYRICS_LANGUAGES)[number] | typeof NO_LYRICS_LANGUAGE;
/** Every language a song may have: the lyrics' languages, and an instrumental's. */
export const SONG_LANGUAGES = [...LYRICS_LANGUAGES, NO_LYRICS_LANGUAGE] as const;

/** The roles a credit can name, and what ERN calls each. */
export const CREDIT_ROLES = ["performer", "composer", "lyricist", "producer", "featured_artist"] as const;
export type CreditRole = (typeof CREDIT_ROLES)[number];
export const MAX_CREDITS = 20;

/** A credit as answers carry it (the form's rules are CreditsSchema's). */
export const CreditSchema = v.object({ name: v.string(), role: v.picklist(CREDIT_ROLES) });
export type Credit = v.InferOutput<typeof CreditSchema>;

/**
 * A recording's parental warning, as ERN's ParentalWarningType names them (`Edited` is ERN's
 * ExplicitContentEdited): an explicit song is `Explicit`; its clean version, uploaded as its own
 * recording, `Edited`; any other song `NotExplicit`.
 */
export const PARENTAL_WARNINGS = ["Explicit", "Edited", "NotExplicit"] as const;
export type ParentalWarning = (typeof PARENTAL_WARNINGS)[number];

export function parentalWarning(song: { explicit: boolean | null; cleanVersionOf: string | null }): ParentalWarning {
  if (song.cleanVersionOf !== null) return "Edited";
  // Never answered (songs from before the question): treated as explicit, as clean-only facilities do.
  return song.explicit === false ? "NotExplicit" : "Explicit";
}

/** Lyrics longer than this are not lyrics. */
export const LYRICS_MAX_LENGTH = 10_000;
/** How far ahead an artist may set a release date. */
export const RELEASE_DATE_MAX_DAYS_AHEAD = 365;
const DAY_MS = 24 * 60 * 60 * 1000;

export const METADATA_MESSAGES = {
  genre: /*i18n*/ "Please choose a genre from the list",
  lyricsLanguage: /*i18n*/ "Please choose the language of the lyrics from the list",
  releaseDate: /*i18n*/ "Release date must be a date (YYYY-MM-DD)",
  releaseDatePast: /*i18n*/ "Release date must be today or later",
  releaseDateFar: /*i18n*/ "Release date must be within a year from today",
  credits: /*i18n*/ "Credits could not be read: please add them again",
  creditName: /*i18n*/ "Every credit needs a name of 1 to 100 characters",
  creditRole: /*i18n*/ "Every credit needs a role from the list",
  creditsTooMany: /*i18n*/ "A song can have at most 20 credits",
  composerMissing: /*i18n*/ "Credits must name at least one composer",
  lineYear: /*i18n*/ "℗ and © years must be a year from 1900 to next year",
  lineHolder: /*i18n*/ "℗ and © holders must be 2 to 100 characters",
  lyricsTooLong: /*i18n*/ "Lyrics must be at most 10,000 characters",
  instrumental: /*i18n*/ "Please say whether the song is an instrumental",
  instrumentalWithLyrics: /*i18n*/ "An instrumental has no lyrics: remove them or untick Instrumental",
  isrc: /*i18n*/ "ISRC must look like US-S1Z-25-00001 (12 letters and digits)",
  upc: /*i18n*/ "UPC/EAN must be 12 or 13 digits with a correct check digit",
  // Judged by the Worker against the catalogue (workers/api/src/distribution/release-upload-checks.ts).
  isrcTaken: /*i18n*/ "This ISRC is already on another song. Check it, or leave it empty and JPlay assigns one.",
  upcTaken: /*i18n*/ "This UPC/EAN is already on another release. Check it, or leave it empty and JPlay assigns one.",
  isrcOwnPrefix: /*i18n*/ "This ISRC is under JPlay's own prefix: leave it empty and JPlay assigns one.",
  upcOwnPrefix: /*i18n*/ "This UPC is under JPlay's own company prefix: leave it empty and JPlay assigns one.",
  cleanVersionOriginal: /*i18n*/ "Choose one of your own explicit songs as the original of this clean version",
  cleanVersionExplicit: /*i18n*/ "A clean version has no explicit content: answer No to Explicit content",
} as const;

/** The release date an upload gets when the artist sets none: the day it is uploaded (UTC). */
export const todayUtc = (now: number) => new Date(now).toISOString().slice(0, 10);

/**
 * Whether `date` (YYYY-MM-DD) may be chosen as a release date at `now`. "Today" is the artist's own
 * day, which may still be yesterday in UTC (an artist in Los Angeles at 8 p.m.): the day before
 * UTC's today is accepted too.
 */
export function releaseDateIssue(date: string, now: number): string | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || Number.isNaN(Date.parse(`${date}T00:00:00Z`)) || new Date(`${date}T00:00:00Z`).toISOString().slice(0, 10) !== date) {
    return METADATA_MESSAGES.releaseDate;
  }
  const day = Date.parse(`${date}T00:00:00Z`);
  const todayStart = Date.parse(`${todayUtc(now)}T00:00:00Z`);
  if (day < todayStart - DAY_MS) return METADATA_MESSAGES.releaseDatePast;
  if (day > todayStart + RELEASE_DATE_MAX_DAYS_AHEAD * DAY_MS) return METADATA_MESSAGES.releaseDateFar;
  return null;
}

const YesNo = (message: string) => v.picklist(["yes", "no"], message);

const CreditInputSchema = v.object({
  name: v.pipe(v.string(METADATA_MESSAGES.creditName), v.trim(), v.minLength(1, METADATA_MESSAGES.creditName), v.maxLength(100, METADATA_MESSAGES.creditName)),
  role: v.picklist(CREDIT_ROLES, METADATA_MESSAGES.creditRole),
});

export const CreditsSchema = v.pipe(
  v.array(CreditInputSchema, METADATA_MESSAGES.credits),
  v.maxLength(MAX_CREDITS, METADATA_MESSAGES.creditsTooMany),
  v.check((credits) => credits.some((credit) => credit.role === "composer"), METADATA_MESSAGES.composerMissing),
);

/** The credits field arrives in multipart as JSON text. */
const CreditsFieldSchema = v.pipe(
  v.string(METADATA_MESSAGES.credits),
  v.rawTransform(({ dataset, addIssue, NEVER }) => {
    try {
      return JSON.parse(dataset.value) as unknown;
    } catch {
      addIssue({ message: METADATA_MESSAGES.credits });
      return NEVER;
    }
  }),
  CreditsSchema,
);

const YearSchema = v.pipe(
  v.string(METADATA_MESSAGES.lineYear),
  v.trim(),
  v.regex(/^\d{4}$/, METADATA_MESSAGES.lineYear),
  v.transform(Number),
  v.minValue(1900, METADATA_MESSAGES.lineYear),
);
const HolderSchema = v.pipe(
  v.string(METADATA_MESSAGES.lineHolder),
  v.trim(),
  v.minLength(2, METADATA_MESSAGES.lineHolder),
  v.maxLength(100, METADATA_MESSAGES.lineHolder),
);

/**
 * The metadata fields of the distribution form (multipart text). All are optional on the wire: a
 * missing one takes its default (`releaseMetadata`). Each field's schema alone is what the form
 * checks as the artist types.
 */
export const ReleaseMetadataFieldsSchema = v.object({
  genre: v.optional(v.picklist(GENRES, METADATA_MESSAGES.genre)),
  lyricsLanguage: v.optional(v.picklist(LYRICS_LANGUAGES, METADATA_MESSAGES.lyricsLanguage)),
  releaseDate: v.optional(v.pipe(v.string(METADATA_MESSAGES.releaseDate), v.trim(), v.regex(/^(\d{4}-\d{2}-\d{2})?$/, METADATA_MESSAGES.releaseDate))),
  credits: v.optional(CreditsFieldSchema),
  pLineYear: v.optional(v.union([v.literal(""), YearSchema], METADATA_MESSAGES.lineYear)),
  pLineHolder: v.optional(v.union([v.literal(""), HolderSchema], METADATA_MESSAGES.lineHolder)),
  cLineYear: v.optional(v.union([v.literal(""), YearSchema], METADATA_MESSAGES.lineYear)),
  cLineHolder: v.optional(v.union([v.literal(""), HolderSchema], METADATA_MESSAGES.lineHolder)),
  lyrics: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(LYRICS_MAX_LENGTH, METADATA_MESSAGES.lyricsTooLong))),
  instrumental: v.optional(YesNo(METADATA_MESSAGES.instrumental)),
  isrc: v.optional(
    v.pipe(
      v.string(METADATA_MESSAGES.isrc),
      v.check((typed) => typed.trim() === "" || normalizeIsrc(typed) !== null, METADATA_MESSAGES.isrc),
    ),
  ),
  upc: v.optional(
    v.pipe(
      v.string(METADATA_MESSAGES.upc),
      v.check((typed) => typed.trim() === "" || normalizeGtin(typed) !== null, METADATA_MESSAGES.upc),
    ),
  ),
});
export type ReleaseMetadataFields = v.InferOutput<typeof ReleaseMetadataFieldsSchema>;
export const RELEASE_METADATA_FIELDS = Object.keys(ReleaseMetadataFieldsSchema.entries) as (keyof ReleaseMetadataFields)[];

/** A release's metadata as stored and delivered, every default filled in. */
export interface ReleaseMetadata {
  genre: Genre;
  lyricsLanguage: LyricsLanguage;
  /** YYYY-MM-DD: the song goes live on tablets on this day (UTC), not before. */
  releaseDate: string;
  credits: Credit[];
  pLineYear: number;
  pLineHolder: string;
  cLineYear: number;
  cLineHolder: string;
  /** Null: none given (or an instrumental). */
  lyrics: string | null;
  instrumental: boolean;
  /** Entered by the artist (stored form); null: JPlay assigns one. */
  isrc: string | null;
  upc: string | null;
}

/** The credits an upload gets when it names none: the artist performs and wrote it. */
export const defaultCredits = (artistName: string): Credit[] => [
  { name: artistName, role: "performer" },
  { name: artistName, role: "composer" },
];

/**
 * The parsed fields with their defaults filled and the rules across fields checked: the release
 * date against `now`, lyrics against Instrumental. Returns the first issue's message instead when
 * a rule fails.
 */
export function releaseMetadata(fields: ReleaseMetadataFields, artistName: string, now: number): ReleaseMetadata | { issue: string } {
  const releaseDate = fields.releaseDate ? fields.releaseDate : todayUtc(now);
  const dateIssue = releaseDateIssue(releaseDate, now);
  if (dateIssue) return { issue: dateIssue };
  const year = Number(releaseDate.slice(0, 4));
  const maxYear = new Date(now).getUTCFullYear() + 1;
  const instrumental = fields.instrumental === "yes";
  const lyrics = fields.lyrics ? fields.lyrics : null;
  if (instrumental && lyrics !== null) return { issue: METADATA_MESSAGES.instrumentalWithLyrics };
  const pLineYear = typeof fields.pLineYear === "number" ? fields.pLineYear : year;
  const cLineYear = typeof fields.cLineYear === "number" ? fields.cLineYear : year;
  if (pLineYear > maxYear || cLineYear > maxYear) return { issue: METADATA_MESSAGES.lineYear };
  return {
    genre: fields.genre ?? DEFAULT_GENRE,
    lyricsLanguage: instrumental ? NO_LYRICS_LANGUAGE : (fields.lyricsLanguage ?? "en"),
    releaseDate,
    credits: fields.credits ?? defaultCredits(artistName),
    pLineYear,
    pLineHolder: fields.pLineHolder ? fields.pLineHolder : artistName,
    cLineYear,
    cLineHolder: fields.cLineHolder ? fields.cLineHolder : artistName,
    lyrics: instrumental ? null : lyrics,
    instrumental,
    isrc: fields.isrc?.trim() ? normalizeIsrc(fields.isrc) : null,
    upc: fields.upc?.trim() ? normalizeGtin(fields.upc) : null,
  };
}

/**
 * `PUT /api/admin/songs/{songId}/release-details`: what an operator may correct after listening —
 * genre, language of the lyrics (`zxx` for an instrumental) and credits. Admin stays English.
 */
export const ReleaseCorrectionSchema = v.object(
  {
    genre: v.picklist(GENRES, METADATA_MESSAGES.genre),
    lyricsLanguage: v.picklist(SONG_LANGUAGES, METADATA_MESSAGES.lyricsLanguage),
    credits: CreditsSchema,
  },
  METADATA_MESSAGES.genre,
);
export type ReleaseCorrection = v.InferOutput<typeof ReleaseCorrectionSchema>;

export const ReleaseCorrectionResponseSchema = v.object({
  ...ReleaseCorrectionSchema.entries,
  credits: v.array(CreditSchema),
  songId: v.string(),
  /** False when the correction changed nothing (nothing was written or logged). */
  changed: v.boolean(),
});
export type ReleaseCorrectionResponse = v.InferOutput<typeof ReleaseCorrectionResponseSchema>;
