/**
 * The discounted recovery payments operators review (docs/decisions/059-recovery-offer-eligibility.md):
 * newest first, a bounded page, each with its song, its artist, and the declined attempt that opened
 * its tier (the latest decline at the stage before it, made before the payment was claimed).
 */
import { sql } from "drizzle-orm";
import type { AdminRecoveryPaymentsResponse } from "@jplay/schema/admin";
import type { PaymentStatus } from "@jplay/schema/tables";
import type { Ctx } from "../../platform/context";
import { STAGE } from "../recovery/recorded-declines";

export const RECOVERY_PAYMENTS_SHOWN = 200;

interface Row {
  id: string;
  song_id: string;
  song_title: string;
  artist_id: string;
  artist_name: string;
  package: "recovery_1" | "recovery_2";
  amount_cents: number;
  status: PaymentStatus;
  created_at: number;
  decline_code: string | null;
  fingerprint: string | null;
  attempted_at: number | null;
}

export async function listRecoveryPayments(ctx: Ctx): Promise<AdminRecoveryPaymentsResponse> {
  const rows = await ctx.db.all<Row>(sql`
    with shown as (
      select r.*, s.title as song_title, s.artist_name
      from payments r join songs s on s.id = r.song_id
      where r.purpose = 'recovery'
      order by r.created_at desc, r.id limit ${RECOVERY_PAYMENTS_SHOWN}
    )
    select shown.id, shown.song_id, shown.song_title, shown.artist_id, shown.artist_name, shown.package,
      shown.amount_cents, shown.status, shown.created_at, opened.decline_code, opened.fingerprint, opened.attempted_at
    from shown left join card_attempts opened on opened.id = (
      select a.id from card_attempts a join payments p on p.id = a.payment_id
      where p.song_id = shown.song_id and a.outcome = 'declined' and a.attempted_at <= shown.created_at
        and (case when shown.package = 'recovery_1' then ${STAGE[1].rows} else ${STAGE[2].rows} end)
      order by a.attempted_at desc limit 1)
    order by shown.created_at desc, shown.id`);
  return {
    payments: rows.map((row) => ({
      id: row.id,
      songId: row.song_id,
      songTitle: row.song_title,
      artistId: row.artist_id,
      artistName: row.artist_name,
      tier: row.package === "recovery_1" ? 1 : 2,
      amountCents: row.amount_cents,
      status: row.status,
      createdAt: new Date(row.created_at).toISOString(),
      openedBy:
        row.fingerprint === null || row.attempted_at === null
          ? null
          : { declineCode: row.decline_code, cardFingerprint: row.fingerprint, attemptedAt: new Date(row.attempted_at).toISOString() },
    })),
  };
}
