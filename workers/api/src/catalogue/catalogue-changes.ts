/**
 * The rows of the tablet provider's delivery feed (`catalogue_changes`): every change to what the
 * facilities may list is written here in the same D1 batch as the change itself, so the feed never
 * misses one and never shows one that did not happen (docs/decisions/050-provider-delivery-feed.md).
 */
import { sql, type SQL } from "drizzle-orm";
import type { CatalogueChangeKind } from "@jplay/schema/tables";

/**
 * Records `kind` for the songs of `songIdsJson` (a JSON array of ids) for which `condition` holds, e.g.
 * "the song is now distributed". Put it after the statement that made the change, in the same batch.
 */
export const recordCatalogueChanges = (songIdsJson: string, kind: CatalogueChangeKind, now: number, condition: SQL): SQL => sql`
  insert into catalogue_changes (song_id, kind, at)
  select s.id, ${kind}, ${now}
  from json_each(${songIdsJson}) r join songs s on s.id = r.value
  where ${condition}
  order by r.key`;
