/**
 * A collaborator payee's payouts, newest first (docs/splits.md, Payouts): what their page shows as
 * "when they were paid" and what the operator's view of a collaborator lists. Read by the phone, as
 * payouts are made per phone, in one statement.
 */
import { sql } from "drizzle-orm";
import type { ArtistPayout } from "@jplay/schema/artist";
import type { Ctx } from "../platform/context";

/** Payouts a page shows at most (as the artist's page). */
export const COLLABORATOR_PAYOUTS_SHOWN = 100;

export async function collaboratorPayoutHistory(ctx: Ctx, phone: string): Promise<ArtistPayout[]> {
  const rows = await ctx.db.all<Omit<ArtistPayout, "createdAt"> & { createdAt: number }>(
    sql`select o.id, o.period, o.amount_cents as amountCents, o.status, o.failure_message as failureMessage, o.created_at as createdAt
      from collaborator_payouts o join collaborator_payees p on p.id = o.payee_id
      where p.phone = ${phone} order by o.created_at desc, o.id desc limit ${COLLABORATOR_PAYOUTS_SHOWN}`,
  );
  return rows.map((row) => ({ ...row, createdAt: new Date(row.createdAt).toISOString() }));
}
