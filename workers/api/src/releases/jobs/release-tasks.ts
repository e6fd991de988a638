/**
 * The cron's identifier backfill (DELIVERY_CRON in run-scheduled.ts): songs live or scheduled before
 * JPlay assigned ISRCs and UPCs get theirs, and the delivered copy of their audio, a bounded number
 * per run (releases/identifier-backfill.ts). Missing or malformed settings, or a used-up sequence, fail
 * the task (the cron's log names the error's type, platform/loggable-error.ts, and the cron's history
 * its reason); a song that fails alone is logged by id, the others go on, and the task then fails
 * naming it, so the cron's history shows it.
 */
import type { Ctx } from "../../platform/context";
import { backfillIdentifiers } from "../identifier-backfill";
import { identifierSettings } from "../identifier-settings";

/** Songs per run: each is a read and a write of its MP3 (15 MB at most), one after another. */
export const IDENTIFIER_BACKFILL_PER_RUN = 100;

export async function backfillIdentifiersTask(ctx: Ctx, scheduledTime: Date): Promise<void> {
  const report = await backfillIdentifiers(ctx, () => identifierSettings(ctx.env), scheduledTime.getTime(), IDENTIFIER_BACKFILL_PER_RUN);
  if (report.prepared.length > 0 || report.failed.length > 0) {
    console.log(
      JSON.stringify({
        level: report.failed.length > 0 ? "error" : "info",
        task: "releases.backfill-identifiers",
        prepared: report.prepared.length,
        failed: report.failed.map(({ songId }) => songId),
      }),
    );
  }
  if (report.failed.length > 0) {
    throw new Error(
      `Identifiers or delivered copies failed for ${report.failed.length} song(s): ${report.failed.map(({ songId, error }) => `${songId} (${error})`).join("; ")}`,
    );
  }
}
