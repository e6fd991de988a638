/**
 * What the ERN messages say about one song, as plain data: the delivery feed reads it from D1
 * (provider/delivery-feed.ts) and the message builders here turn it into XML without touching the
 * database, so every kind of release can be built and checked against the XSD in a unit test.
 */
import type { Credit, ParentalWarning } from "@jplay/schema/release-metadata";

/** A ℗ or © line: the year and who holds the right. */
export interface RightsLine {
  year: number;
  holder: string;
}

export interface ReleaseFacts {
  songId: string;
  title: string;
  /** The artist name the song is shown under (the release's main artist). */
  artist: string;
  /** The artist's explicit-content answer as stored (the JSON feed carries it); ERN says parentalWarning. */
  explicit: boolean | null;
  parentalWarning: ParentalWarning;
  /** Null only for songs whose audio was never decoded (the demo seed's). */
  durationMs: number | null;
  /** The listener's price, in US cents. */
  priceCents: number;
  /** Stored forms (schema/src/identifiers.ts); null: not assigned yet. */
  isrc: string | null;
  upc: string | null;
  genre: string;
  /** ISO 639 code of the lyrics' language; `zxx` for an instrumental. */
  lyricsLanguage: string;
  instrumental: boolean;
  /** YYYY-MM-DD; null when the song has none recorded. */
  releaseDate: string | null;
  /** In the order the artist gave them. */
  credits: Credit[];
  /** Null when the song has none recorded. */
  pLine: RightsLine | null;
  cLine: RightsLine | null;
  hasCover: boolean;
  /** The preview clip listeners hear before they buy (docs/audio-checks.md, "Previews"); null: none stored. */
  preview: { startMs: number; durationMs: number } | null;
  /** The delivered audio's loudness (docs/audio-checks.md, "Tablet-ready copies"); null: never measured. */
  loudness: { integratedLufs: number; truePeakDbtp: number; replayGainTrackGainDb: number } | null;
}
