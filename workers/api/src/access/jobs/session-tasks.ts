/**
 * The cron's housekeeping of sign-in state (DELIVERY_CRON in run-scheduled.ts): artist and operator
 * sessions a day after they ended or expired, and operator sign-in tries older than their windows,
 * are deleted, and so are rate-limit rows a week after their window started, so these tables stay the
 * size of what is live. The schedule's time is taken as "now".
 */
import type { Ctx } from "../../platform/context";
import { purgeDeadAdminSessions } from "../admin-sessions";
import { purgeOldSignInTries } from "../admin-sign-in-guard";
import { purgeDeadArtistSessions } from "../artist-sessions";
import { pruneRateLimits } from "../../platform/rate-limit";

export async function purgeSessionsTask(ctx: Ctx, scheduledTime: Date): Promise<void> {
  const now = scheduledTime.getTime();
  await purgeDeadArtistSessions(ctx, now);
  await purgeDeadAdminSessions(ctx, now);
  await purgeOldSignInTries(ctx, now);
  await pruneRateLimits(ctx, now);
}
