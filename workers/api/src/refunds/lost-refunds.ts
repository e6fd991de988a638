/**
 * The reconcile cron's refund pass (docs/decisions/025-refunds-of-rejected-songs.md): rejected songs
 * whose refund row a crash left out get it, and refunds still waiting for their Stripe call a while
 * after their last change (the job was lost, or never sent) are queued again. Both are bounded per
 * run; the job itself looks at Stripe before it creates anything, so queueing twice refunds once.
 */
import { sql } from "drizzle-orm";
import type { Ctx } from "../platform/context";
import { runBatch } from "../platform/db";
import { refundOnRejection } from "./refund-rejected-song";

/** A refund row's own job normally runs within seconds; after this long it is presumed lost. */
export const LOST_REFUND_AFTER_MS = 2 * 60 * 1000;
const PER_RUN = 50;

export async function requeueLostRefunds(ctx: Ctx, now: number): Promise<{ written: number; queued: number }> {
  const { db, jobs } = ctx;
  const unrecorded = await db.all<{ songId: string; reason: string | null }>(sql`
    select s.id as songId, s.rejection_reason as reason from songs s join payments p on p.song_id = s.id
    where s.status = 'rejected' and p.status = 'succeeded' and p.amount_cents > 0 and not exists (select 1 from refunds r where r.payment_id = p.id)
    limit ${PER_RUN}`);
  for (const song of unrecorded) await runBatch(db, await refundOnRejection(ctx, song.songId, song.reason ?? "rejected", "rejected", now));

  const lost = await db.all<{ id: string }>(sql`
    select id from refunds where status = 'pending' and stripe_refund_id is null and coalesce(updated_at, created_at) < ${now - LOST_REFUND_AFTER_MS}
    order by created_at limit ${PER_RUN}`);
  if (lost.length > 0) {
    await jobs.sendBatch(lost.map((row) => ({ body: { type: "refund.send" as const, refundId: row.id } })));
    // Not again before another interval has passed.
    await db.run(sql`update refunds set updated_at = ${now} where id in (select value from json_each(${JSON.stringify(lost.map((row) => row.id))}))`);
  }
  return { written: unrecorded.length, queued: lost.length };
}
