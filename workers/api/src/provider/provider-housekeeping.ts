/**
 * The cron's housekeeping of the provider API (DELIVERY_CRON in worker/run-scheduled.ts): used
 * signatures once their 5-minute window has passed (signature-replay.ts), and listener sessions a day
 * after they expired (listener-sessions.ts). The schedule's time is taken as "now".
 */
import type { Ctx } from "../platform/context";
import { purgeEndedListenerSessions } from "./listener-sessions";
import { purgeProviderSignatures } from "./signature-replay";

export async function purgeProviderStateTask(ctx: Ctx, scheduledTime: Date): Promise<void> {
  const now = scheduledTime.getTime();
  await purgeProviderSignatures(ctx, now);
  await purgeEndedListenerSessions(ctx, now);
}
