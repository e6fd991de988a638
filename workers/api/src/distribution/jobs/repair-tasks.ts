/**
 * The cron's repair after a Worker stopped mid-upload (DELIVERY_CRON in run-scheduled.ts): objects
 * of an upload that never wrote its song row are deleted after a grace period. The schedule's time
 * is taken as "now".
 */
import type { Ctx } from "../../platform/context";
import { orphanGraceMs, sweepOrphanMedia } from "../media-janitor";

export async function sweepOrphanMediaTask(ctx: Ctx, scheduledTime: Date): Promise<void> {
  const report = await sweepOrphanMedia(ctx, { graceMs: orphanGraceMs(ctx.env), now: scheduledTime.getTime() });
  if (report.deleted.length > 0 || report.unfinished) {
    console.log(
      JSON.stringify({
        level: report.unfinished ? "warn" : "info",
        task: "media.sweep-orphans",
        deleted: report.deleted.length,
        unfinished: report.unfinished,
      }),
    );
  }
}
