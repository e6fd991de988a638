/**
 * Screens a song's title, credits, lyrics and, when speech-to-text gave one, its audio transcript
 * (compliance/song-transcripts.ts) against every term list's current version and keeps
 * what it found (`song_screenings`, `song_screening_matches`): at submission, before approval, after
 * a release correction and whenever a list changes (compliance/rescreen.ts). Every list is screened,
 * whichever facilities apply it, so a facility that takes a list on later needs no new screening
 * (docs/decisions/067-term-lists-screening-audit.md). Each field is read up to SCREENED_TEXT_MAX_LENGTH
 * characters; the rest of a longer one is kept as an UNSCREENED_TERM match of every list, so it goes to
 * an operator instead of passing unread (docs/decisions/085-linear-term-matching.md).
 */
import { eq, sql } from "drizzle-orm";
import { SCREENED_TEXT_MAX_LENGTH, UNSCREENED_TERM, type ScreenedField, type TermLanguage, type TermMatch } from "@jplay/schema/compliance";
import { songScreeningMatches, songScreenings, songs, termLists, termListVersions } from "@jplay/schema/tables";
import type { Ctx } from "../platform/context";
import { compileTerms, type FoundTerm } from "./term-matcher";

export interface ListTerm {
  term: string;
  language: TermLanguage;
  listId: string;
  listName: string;
  listVersion: number;
}

/** Every term of every list's current version, with its list. */
export async function currentListTerms(ctx: Ctx): Promise<{ terms: ListTerm[]; versions: Record<string, number> }> {
  const rows = await ctx.db
    .select({ id: termLists.id, name: termLists.name, version: termLists.version, terms: termListVersions.terms })
    .from(termLists)
    .innerJoin(termListVersions, sql`${termListVersions.listId} = ${termLists.id} and ${termListVersions.version} = ${termLists.version}`);
  return {
    terms: rows.flatMap((list) =>
      list.terms.map((t) => ({ term: t.term, language: t.language, listId: list.id, listName: list.name, listVersion: list.version })),
    ),
    versions: Object.fromEntries(rows.map((list) => [list.id, list.version])),
  };
}

/** The words of a song that are screened. */
export interface ScreenedWords {
  title: string;
  /** The credits' names joined by ", " (offsets of credit matches point into this). */
  credits: string;
  lyrics: string | null;
  /** The audio's transcript, once speech-to-text has one (docs/decisions/075-speech-to-text-screening.md). */
  transcript?: string | null;
}

/** A song's credits' names joined by ", ", as a column of a select over `songs`. */
const creditsColumn = sql<string>`(select coalesce(group_concat(name, ', '), '') from (select name from song_credits c where c.song_id = ${songs.id} order by position))`;

/** The screened words of a select over `songs`: its title, lyrics, credits and finished audio transcript. */
export const songWordsColumns = {
  title: songs.title,
  lyrics: songs.lyrics,
  credits: creditsColumn,
  transcript: sql<string | null>`(select t.text from song_transcripts t where t.song_id = ${songs.id} and t.status = 'done')`,
};

type Finder = (text: string) => FoundTerm<ListTerm>[];

/** Terms compiled once per set read (a re-screen's page screens a hundred songs against the same set). */
const compiled = new WeakMap<readonly ListTerm[], Finder>();
function finderFor(terms: readonly ListTerm[]): Finder {
  let find = compiled.get(terms);
  if (!find) {
    find = compileTerms(terms);
    compiled.set(terms, find);
  }
  return find;
}

const WORD_PART = /[\p{L}\p{M}\p{N}@$]/u;

/** How much of a field is screened: all of it up to the limit, else up to the last word boundary before the limit (a word cut in two could match as a shorter one). */
export function screenedLength(text: string): number {
  if (text.length <= SCREENED_TEXT_MAX_LENGTH) return text.length;
  let cut = SCREENED_TEXT_MAX_LENGTH;
  while (cut > 0 && WORD_PART.test(text.charAt(cut)) && WORD_PART.test(text.charAt(cut - 1))) cut--;
  // Never between the two halves of a character outside the Basic Multilingual Plane.
  if (cut > 0 && /[\uD800-\uDBFF]/.test(text.charAt(cut - 1))) cut--;
  return cut;
}

/** The rest of a field past what is screened, once for each list the terms come from. */
function unscreenedRest(terms: readonly ListTerm[], field: ScreenedField, from: number, text: string): TermMatch[] {
  const lists = new Map(terms.map((term) => [term.listId, term]));
  return [...lists.values()].map((list) => ({
    listId: list.listId,
    listName: list.listName,
    listVersion: list.listVersion,
    field,
    start: from,
    end: text.length,
    text: "",
    term: UNSCREENED_TERM,
    language: "en" as const,
  }));
}

/** Pure: every place a term is found in the words, and the unscreened rest of a field too long to screen whole. */
export function screenWords(terms: readonly ListTerm[], words: ScreenedWords, find = finderFor(terms)): TermMatch[] {
  const fields: [ScreenedField, string][] = [
    ["title", words.title],
    ["credits", words.credits],
    ["lyrics", words.lyrics ?? ""],
    ["transcript", words.transcript ?? ""],
  ];
  return fields.flatMap(([field, text]) => {
    const screened = screenedLength(text);
    const found = find(screened === text.length ? text : text.slice(0, screened)).map(({ term, start, end, text: written }) => ({
      listId: term.listId,
      listName: term.listName,
      listVersion: term.listVersion,
      field,
      start,
      end,
      text: written,
      term: term.term,
      language: term.language,
    }));
    return screened === text.length ? found : [...found, ...unscreenedRest(terms, field, screened, text)];
  });
}

/** A song's screened words, read from D1; undefined when there is no such song. */
export async function songWords(ctx: Ctx, songId: string): Promise<ScreenedWords | undefined> {
  const [row] = await ctx.db.select(songWordsColumns).from(songs).where(eq(songs.id, songId)).limit(1);
  return row;
}

/** Screens the song now and keeps the result; answers its matches. */
export async function screenSong(ctx: Ctx, songId: string, lists?: Awaited<ReturnType<typeof currentListTerms>>): Promise<TermMatch[]> {
  const words = await songWords(ctx, songId);
  if (!words) return [];
  const { terms, versions } = lists ?? (await currentListTerms(ctx));
  const matches = screenWords(terms, words);
  const now = ctx.now();
  await ctx.db.batch([
    ctx.db.delete(songScreeningMatches).where(eq(songScreeningMatches.songId, songId)),
    ctx.db
      .insert(songScreenings)
      .values({ songId, listVersions: versions, screenedAt: now })
      .onConflictDoUpdate({ target: songScreenings.songId, set: { listVersions: versions, screenedAt: now } }),
    // D1 binds at most 100 values a statement: 9 columns a match, 10 matches an insert.
    ...chunks(matches, 10).map((some) => ctx.db.insert(songScreeningMatches).values(some.map((match) => ({ songId, ...matchColumns(match) })))),
  ]);
  return matches;
}

const matchColumns = (match: TermMatch) => ({
  listId: match.listId,
  listVersion: match.listVersion,
  field: match.field,
  start: match.start,
  end: match.end,
  text: match.text,
  term: match.term,
  language: match.language,
});

function chunks<T>(items: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** The matches a song's last screening kept, with their lists' names. */
export async function storedMatches(ctx: Ctx, songId: string): Promise<TermMatch[]> {
  const rows = await ctx.db
    .select({ match: songScreeningMatches, listName: termLists.name })
    .from(songScreeningMatches)
    .innerJoin(termLists, eq(termLists.id, songScreeningMatches.listId))
    .where(eq(songScreeningMatches.songId, songId));
  return rows
    .map(({ match, listName }) => ({
      listId: match.listId,
      listName,
      listVersion: match.listVersion,
      field: match.field,
      start: match.start,
      end: match.end,
      text: match.text,
      term: match.term,
      language: match.language as TermLanguage,
    }))
    .sort((a, b) => a.field.localeCompare(b.field) || a.start - b.start);
}
