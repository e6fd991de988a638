/**
 * The tablet provider's delivery feed (`GET /api/provider/releases`) and its media links
 * (`GET /api/provider/media/{songId}/{audio|cover}`), written once here so the Worker and its tests
 * agree on every rule and every field (docs/decisions/050-provider-delivery-feed.md).
 */
import * as v from "valibot";
import type { Credit, ParentalWarning } from "./release-metadata";
import type { CatalogueChangeKind } from "./tables";
import type { ComplianceRecord } from "./compliance";

/** Changes per page when the request names no limit… */
export const FEED_DEFAULT_LIMIT = 100;
/** …and the most one page may hold (one D1 query, two signed links per release). */
export const FEED_MAX_LIMIT = 500;

/** A media link works for at least this long after the page that carries it was read… */
export const MEDIA_LINK_MIN_SECONDS = 24 * 60 * 60;
/**
 * …and expires on the hour after that, so every read within the same hour gives the same links and
 * re-reading a page from the same cursor gives the same answer.
 */
export const MEDIA_LINK_ROUNDING_SECONDS = 60 * 60;

/**
 * The preview clip listeners hear before they buy: this long (or the whole song when shorter), cut on
 * frame boundaries from the delivered copy (docs/audio-checks.md, "Previews").
 */
export const PREVIEW_SECONDS = 30;

export const MEDIA_KINDS = ["audio", "cover", "preview"] as const;
export type MediaKind = (typeof MEDIA_KINDS)[number];

/** A cursor is the `seq` of a change, in decimal; "0" is the start of the feed. */
const CursorSchema = v.pipe(
  v.string(),
  v.regex(/^(0|[1-9]\d{0,14})$/, "since must be a cursor this feed gave you (a whole number, 0 for the start of the feed)"),
  v.transform(Number),
);

const LimitSchema = v.pipe(
  v.string(),
  v.regex(/^[1-9]\d{0,3}$/, `limit must be a whole number from 1 to ${FEED_MAX_LIMIT}`),
  v.transform(Number),
  v.maxValue(FEED_MAX_LIMIT, `limit must be a whole number from 1 to ${FEED_MAX_LIMIT}`),
);

/**
 * The query of a feed request; any other parameter is refused, so a misspelt one is not silently
 * ignored. `facility` (a facility's id, as admin's Catalogue tab shows it) asks for that facility's
 * prices: each release then carries min(its price, the facility's ceiling)
 * (docs/decisions/071-facility-price-ceilings.md).
 */
export const FeedQuerySchema = v.strictObject(
  {
    since: v.optional(CursorSchema, "0"),
    limit: v.optional(LimitSchema, String(FEED_DEFAULT_LIMIT)),
    facility: v.optional(v.pipe(v.string(), v.minLength(1, "facility must be a facility's id"), v.maxLength(128, "facility must be a facility's id"))),
  },
  (issue) => `Unknown query parameter ${String(issue.input)}: the feed takes since, limit and facility only`,
);
export type FeedQuery = v.InferOutput<typeof FeedQuerySchema>;

interface ChangeBase {
  /** This change's cursor: pass it as `since` to read what came after it. */
  cursor: string;
  kind: CatalogueChangeKind;
  songId: string;
  /** When the change happened, ISO 8601. */
  at: string;
}

/** A song joined the catalogue (delivered, or restored after a takedown); it is described as it is now. */
export interface ReleaseChange extends ChangeBase {
  kind: "release";
  title: string;
  artist: string;
  /** The explicit-content answer; null: never answered (a clean-only facility treats it as explicit). */
  explicit: boolean | null;
  /** Null only for songs whose audio was never decoded (e.g. the demo seed's). */
  durationMs: number | null;
  /**
   * The listener's price, in cents: with `facility` in the query, that facility's price (the song's
   * own, bounded by the facility's ceiling), which is what its purchase reports must say.
   */
  priceCents: number;
  /** Signed, expiring links to fetch the media (see MEDIA_LINK_MIN_SECONDS); cover null when there is none. */
  audioUrl: string;
  coverUrl: string | null;
  /**
   * The preview clip (PREVIEW_SECONDS from the song's loudest stretch, normalised like the audio): a
   * signed link, where it starts in the song and how long it is; null for a song never measured.
   */
  preview: { url: string; startMs: number; durationMs: number } | null;
  /**
   * The delivered audio's loudness (normalised to −14 LUFS integrated, true peak at most −1 dBTP) and
   * ReplayGain 2.0's track gain to −18 LUFS; null for a song never measured.
   */
  loudness: { integratedLufs: number; truePeakDbtp: number; replayGainTrackGainDb: number } | null;
  /** The recording's ISRC and the release's UPC/EAN, stored form (schema/src/identifiers.ts); null: not assigned yet. */
  isrc: string | null;
  upc: string | null;
  /** One of GENRES (schema/src/release-metadata.ts). */
  genre: string;
  /** ISO 639 code of the lyrics' language; `zxx` for an instrumental. */
  lyricsLanguage: string;
  /** YYYY-MM-DD: the day it may go live on tablets (UTC); null when none is recorded. */
  releaseDate: string | null;
  /** `Explicit`, `Edited` (the clean version of an explicit song) or `NotExplicit`: the label to show. */
  parentalWarning: ParentalWarning;
  /** Who made it, in the order the artist gave them. */
  credits: Credit[];
  /**
   * Its compliance record at every facility, by facility id: the decision there (a `held` or
   * `blocked` song must not be offered on that facility's tablets), who decided and when, the term-list
   * versions it was screened against, and matches overridden with the reason (docs/decisions/067).
   */
  compliance: ComplianceRecord[];
}

/** A song left the catalogue: remove it from every tablet. */
export interface TakedownChange extends ChangeBase {
  kind: "takedown";
}

export type CatalogueChange = ReleaseChange | TakedownChange;

/**
 * A change in the DDEX ERN feed (`GET /api/provider/releases/ern`): the same cursor, kind, song and
 * time as in the JSON feed, and one complete ERN 4.3 NewReleaseMessage (a takedown is one whose deal
 * has ended; docs/catalogue-and-provider-api.md, "DDEX ERN feed").
 */
export interface ErnFeedChange extends ChangeBase {
  /** The XML document, UTF-8, validating against schema/ddex/ern43/release-notification.xsd. */
  ern: string;
}

/** A page of the ERN feed: paged exactly as DeliveryFeedPage. */
export interface ErnFeedPage {
  changes: ErnFeedChange[];
  nextCursor: string;
  hasMore: boolean;
}

export interface DeliveryFeedPage {
  /** In feed order (oldest first). */
  changes: CatalogueChange[];
  /** The cursor to read on from: the last change's, or the one asked for when the page is empty. */
  nextCursor: string;
  /** True when more changes follow this page right now. */
  hasMore: boolean;
}
