/**
 * `distribution.deliver`: the delayed message that makes a scheduled song go live when its window
 * starts. Queues delay a message by at most 12 hours, so a message that arrives early sends itself
 * again for the rest of the wait. Delivering is a conditional UPDATE, so duplicates act once.
 * `wrangler dev` fires no crons on its own; this message is what delivers songs locally.
 */
import type { Ctx } from "../../platform/context";
import { queueDelaySeconds } from "../delivery-window";
import { deliverDueSongs } from "../distribution-pipeline";
import { songById } from "../../catalogue/index";

export async function deliverDistribution(ctx: Ctx, songId: string): Promise<void> {
  const now = ctx.now();
  const song = await songById(ctx.db, songId);
  if (!song) throw new Error(`distribution.deliver: no song ${songId}`);
  // Already live or rejected; or not scheduled yet (its distribution.process job sends its own message).
  if (song.status !== "approved" || song.deliverAt === null) return;
  if (song.deliverAt > now) {
    await ctx.jobs.send({ type: "distribution.deliver", songId }, { delaySeconds: queueDelaySeconds(song.deliverAt, now) });
    return;
  }
  await deliverDueSongs(ctx, now, "the delivery job", [songId]);
}
