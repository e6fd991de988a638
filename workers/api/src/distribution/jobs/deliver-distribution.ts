/**
 * `distribution.deliver`: the delayed message that makes a scheduled song go live when its window
 * starts. Queues delay a message by at most 12 hours, so a message that arrives early sends itself
 * again for the rest of the wait. Delivering is a conditional UPDATE, so duplicates act once.
 * `wrangler dev` fires no crons on its own; this message is what delivers songs locally.
 */
import { createDb } from "../../platform/db";
import { queueDelaySeconds } from "../delivery-window";
import { deliverDueSongs } from "../distribution-pipeline";
import { songById } from "../../platform/rows-by-id";

export async function deliverDistribution(songId: string, env: Env, now = Date.now()): Promise<void> {
  const db = createDb(env.DB);
  const song = await songById(db, songId);
  if (!song) throw new Error(`distribution.deliver: no song ${songId}`);
  // Already live or rejected; or not scheduled yet (its distribution.process job sends its own message).
  if (song.status !== "approved" || song.deliverAt === null) return;
  if (song.deliverAt > now) {
    await env.JOBS.send({ type: "distribution.deliver", songId }, { delaySeconds: queueDelaySeconds(song.deliverAt, now) });
    return;
  }
  await deliverDueSongs(db, env.JOBS, now, "the delivery job", [songId]);
}
