/**
 * The cron's housekeeping of sign-in state (DELIVERY_CRON in run-scheduled.ts): artist and operator
 * sessions a day after they ended or expired, and operator sign-in tries older than their windows,
 * are deleted, and so are rate-limit rows a week after their window started, so these tables stay the
 * size of what is live. The schedule's time is taken as "now".
 */
import { createDb } from "../../platform/db";
import { purgeDeadAdminSessions } from "../admin-sessions";
import { purgeOldSignInTries } from "../admin-sign-in-guard";
import { purgeDeadArtistSessions } from "../artist-sessions";
import { pruneRateLimits } from "../../platform/rate-limit";

export async function purgeSessionsTask(env: Env, scheduledTime: Date): Promise<void> {
  const now = scheduledTime.getTime();
  const db = createDb(env.DB);
  await purgeDeadArtistSessions(db, now);
  await purgeDeadAdminSessions(db, now);
  await purgeOldSignInTries(env.DB, now);
  await pruneRateLimits(env.DB, now);
}
