/**
 * The cron's bound on unpaid uploads (DELIVERY_CRON in run-scheduled.ts): songs that waited for
 * payment longer than UNPAID_SONG_EXPIRY_SECONDS are removed with their files
 * (distribution/remove-unpaid-songs.ts), a bounded number per run. The schedule's time is taken as "now".
 */
import type { Ctx } from "../../platform/context";
import { UNPAID_SONGS_REMOVED_PER_RUN, unpaidSongExpiryMs } from "../../platform/limits";
import { removeUnpaidSongs } from "../remove-unpaid-songs";

export async function removeUnpaidSongsTask(ctx: Ctx, scheduledTime: Date): Promise<void> {
  const report = await removeUnpaidSongs(ctx, { now: scheduledTime.getTime(), expiryMs: unpaidSongExpiryMs(ctx.env), limit: UNPAID_SONGS_REMOVED_PER_RUN });
  if (report.removed.length > 0 || report.kept.length > 0 || report.failed.length > 0 || report.unfinished) {
    console.log(
      JSON.stringify({
        level: "info",
        task: "songs.remove-unpaid",
        removed: report.removed.length,
        kept: report.kept.length,
        failed: report.failed.length,
        unfinished: report.unfinished,
      }),
    );
  }
}
