/**
 * The one way a song's credits are written: in the order given (their position), as the statement
 * that goes into the same D1 batch as the change it belongs to (an upload's row, an operator's
 * correction), so credits never land without their song.
 */
import { sql, type SQL } from "drizzle-orm";
import type { Credit } from "@jplay/schema/release-metadata";

/** Inserts `credits` for `songId` when `condition` holds (e.g. the song's row exists). */
export const insertSongCredits = (songId: string, credits: readonly Credit[], condition: SQL = sql`1`): SQL => sql`
  insert into "song_credits" (song_id, position, name, role)
  select ${songId}, credit.key, json_extract(credit.value, '$.name'), json_extract(credit.value, '$.role')
  from json_each(${JSON.stringify(credits)}) as credit
  where ${condition}`;
