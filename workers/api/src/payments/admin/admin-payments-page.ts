/**
 * What one page of the admin payment overview asks for (payments/admin/admin-payments.ts): how many artists,
 * after which one (platform/page-cursor.ts), and the search. The search is answered from indexes, never by reading every artist: the words of an artist
 * name or song title through the song_search FTS5 index (each word matched as the start of a word,
 * accents and case folded, in the title or artist columns); digits also as the start of a phone number
 * (E.164, with or without its +1) over artists_phone_idx, and four digits as a card's last 4 over
 * payment_methods_last4_idx.
 */
import { sql, type SQL } from "drizzle-orm";
import { ADMIN_PAGE_ARTISTS, ADMIN_PAGE_ARTISTS_MAX } from "@jplay/schema/admin";
import { badRequest } from "../../platform/errors";
import { readPageCursor, type PageAfter } from "../../platform/page-cursor";

/** The query string as the route read it. */
export interface AdminPaymentsQuery {
  q?: string | undefined;
  cursor?: string | undefined;
  limit?: string | undefined;
}

export interface AdminPaymentsPage {
  limit: number;
  after: PageAfter | null;
  search: string | null;
}

/** The longest search read, in characters, and the most words matched. */
const SEARCH_MAX_CHARS = 100;
const SEARCH_MAX_WORDS = 8;

/** The page asked for; 400 for a limit that is not a whole number from 1 to the maximum, or a cursor the list never gave. */
export function readPage(asked: AdminPaymentsQuery): AdminPaymentsPage {
  let limit = ADMIN_PAGE_ARTISTS;
  if (asked.limit !== undefined) {
    limit = Number(asked.limit);
    if (!/^\d+$/.test(asked.limit) || limit < 1 || limit > ADMIN_PAGE_ARTISTS_MAX) {
      throw badRequest(`The page size must be a whole number from 1 to ${ADMIN_PAGE_ARTISTS_MAX}.`);
    }
  }
  const search = (asked.q ?? "").trim().slice(0, SEARCH_MAX_CHARS);
  return { limit, after: asked.cursor ? readPageCursor(asked.cursor) : null, search: search || null };
}

/** The FTS5 query: every word typed, each the start of a word in a song's title or artist name. */
function songWordsQuery(search: string): string | null {
  const words = (search.normalize("NFC").match(/[\p{L}\p{N}]+/gu) ?? []).slice(0, SEARCH_MAX_WORDS);
  if (words.length === 0) return null;
  return words.map((word) => `{title artist} : "${word}"*`).join(" AND ");
}

/**
 * The ids of the artists `search` finds, as one compound SELECT of index look-ups (FTS5 hits, a phone
 * range, a last 4), or null when nothing searchable was typed. The page reads these candidates first
 * and then their artists by primary key (admin-payments.ts): filtering the newest-first walk instead
 * would read every artist for a search that finds one.
 */
export function searchedArtistIds(search: string): SQL | null {
  const found: SQL[] = [];
  const words = songWordsQuery(search);
  if (words) {
    found.push(sql`select s.artist_id as id from song_search
      join song_search_docs d on d.doc = song_search.rowid join songs s on s.id = d.song_id
      where song_search match ${words}`);
  }
  // Digits alone (spaces, dashes, brackets and a leading + allowed): a phone number's start, a card's last 4.
  if (/^\+?[\d\s().-]+$/.test(search)) {
    const digits = search.replace(/\D/g, "");
    if (digits) {
      for (const start of new Set([`+${digits}`, `+1${digits}`])) {
        // A range over the index: every number that starts with `start` (digits sort before ':').
        found.push(sql`select id from artists where phone >= ${start} and phone < ${`${start}:`}`);
      }
    }
    if (digits.length === 4) found.push(sql`select artist_id as id from payment_methods where last4 = ${digits}`);
  }
  return found.length === 0 ? null : sql.join(found, sql` union `);
}
