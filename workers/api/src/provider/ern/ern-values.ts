/**
 * How JPlay's values are written in ERN 4.3: parental warnings and credit roles as the Allowed Value
 * Sets name them, durations as ISO 8601 (xs:duration), prices as decimal dollars. Kept apart from
 * the message layout so each mapping is stated once.
 */
import type { CreditRole, ParentalWarning } from "@jplay/schema/release-metadata";

/** ERN's ParentalWarningType for ours (schema/src/release-metadata.ts). */
export const ERN_PARENTAL_WARNING: Record<ParentalWarning, string> = {
  Explicit: "Explicit",
  Edited: "ExplicitContentEdited",
  NotExplicit: "NotExplicit",
};

/**
 * Where each credit goes: performers and featured artists are display artists (DisplayArtistRole),
 * the others contributors (ContributorRole).
 */
export const ERN_CREDIT_ROLE: Record<
  CreditRole,
  { displayArtist: "MainArtist" | "FeaturedArtist" } | { contributor: "Composer" | "Lyricist" | "StudioProducer" }
> = {
  performer: { displayArtist: "MainArtist" },
  featured_artist: { displayArtist: "FeaturedArtist" },
  composer: { contributor: "Composer" },
  lyricist: { contributor: "Lyricist" },
  producer: { contributor: "StudioProducer" },
};

/**
 * Milliseconds as an xs:duration, e.g. 205_417 → `PT3M25.417S`. ERN requires a SoundRecording's
 * Duration; a song whose audio was never decoded (null) says `PT0S`.
 */
export function isoDuration(durationMs: number | null): string {
  if (durationMs === null || durationMs <= 0) return "PT0S";
  const totalMs = Math.round(durationMs);
  const hours = Math.floor(totalMs / 3_600_000);
  const minutes = Math.floor((totalMs % 3_600_000) / 60_000);
  const ms = totalMs % 60_000;
  const seconds = ms % 1000 === 0 ? String(ms / 1000) : (ms / 1000).toFixed(3).replace(/0+$/, "");
  return `PT${hours > 0 ? `${hours}H` : ""}${hours > 0 || minutes > 0 ? `${minutes}M` : ""}${seconds}S`;
}

/** US cents as decimal dollars with two places: 199 → `1.99`. */
export const dollars = (cents: number) => (cents / 100).toFixed(2);
