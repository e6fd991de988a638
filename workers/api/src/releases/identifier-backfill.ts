/**
 * Identifiers for songs that were live or scheduled before JPlay assigned them: the 15-minute cron
 * (releases/jobs/release-tasks.ts) prepares a bounded number per run (prepare-release.ts), live songs first,
 * until none is left. Songs still waiting for their audio check are left to the pipeline, which
 * prepares them itself. The settings are read only when a song needs them, so a deployment without
 * them logs nothing while there is nothing to do.
 */
import { sql } from "drizzle-orm";
import type { Ctx } from "../platform/context";
import { IdentifiersExhaustedError } from "./assign-identifiers";
import type { IdentifierSettings } from "./identifier-settings";
import { prepareRelease } from "./prepare-release";

/**
 * Live songs, and scheduled ones (delivery time set), that lack an ISRC or a UPC: oldest first, live
 * ones before. All of them, or only those among `songIds`.
 */
export async function songsLackingIdentifiers(ctx: Ctx, limit: number, songIds?: string[]): Promise<string[]> {
  const rows = await ctx.db.all<{ id: string }>(sql`
    select id from songs
    where (isrc is null or upc is null)
      and (status = 'distributed' or (status = 'approved' and deliver_at is not null))
      ${songIds ? sql`and id in (select value from json_each(${JSON.stringify(songIds)}))` : sql``}
    order by status = 'distributed' desc, created_at, id
    limit ${limit}`);
  return rows.map((row) => row.id);
}

export interface BackfillReport {
  prepared: string[];
  /** Songs whose preparation failed, with why; the others still ran. */
  failed: Array<{ songId: string; error: string }>;
}

/**
 * Prepares up to `limit` songs lacking identifiers (all, or only among `onlySongIds`). A song that fails (its audio missing) does not stop
 * the others; settings that are missing or a sequence used up stop the run (every song would fail alike).
 */
export async function backfillIdentifiers(
  ctx: Ctx,
  settings: () => IdentifierSettings,
  now: number,
  limit: number,
  onlySongIds?: string[],
): Promise<BackfillReport> {
  const songIds = await songsLackingIdentifiers(ctx, limit, onlySongIds);
  const report: BackfillReport = { prepared: [], failed: [] };
  if (songIds.length === 0) return report;
  const current = settings();
  for (const songId of songIds) {
    try {
      await prepareRelease(ctx, current, songId, now);
      report.prepared.push(songId);
    } catch (error) {
      if (error instanceof IdentifiersExhaustedError) throw error;
      report.failed.push({ songId, error: error instanceof Error ? error.message : String(error) });
    }
  }
  return report;
}
