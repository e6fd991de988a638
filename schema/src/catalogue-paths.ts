/**
 * The addresses of the listener's browsing screens, made from names (docs/decisions/065-browse-song-and-artist-pages.md).
 * Imports nothing, so every song card can link to its song's and artist's pages without bringing the
 * release rules (schema/src/release-metadata.ts) into Home's code.
 */

/**
 * A name as a URL path segment: accents and case folded as the search index folds them ("Canción" →
 * "cancion"), every run of other characters one hyphen, no hyphen at either end. Letters of every
 * script are kept (a name in Cyrillic keeps its letters; the address percent-encodes them). The same
 * name always gives the same slug; names differing only in accents, case or punctuation give one.
 */
export function slugOf(name: string): string {
  return name
    .normalize("NFKD")
    .replace(/\p{M}+/gu, "")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, "-")
    .replace(/^-+|-+$/g, "");
}

/** The address of an artist's public page. */
export const artistPath = (artistName: string) => `/artists/${encodeURIComponent(slugOf(artistName) || "-")}`;
/** The address of a genre's list. */
export const genrePath = (genre: string) => `/genres/${slugOf(genre)}`;
/** The address of a song's page. */
export const songPagePath = (songId: string) => `/songs/${encodeURIComponent(songId)}`;
