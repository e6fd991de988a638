/**
 * A collaborator's monthly statement (docs/splits.md, Statements), in the artist's statement's shape
 * (ledger/statement-csv.ts writes both): per song of every artist naming the phone, the downloads
 * whose split credited them in the month (by purchase time, UTC), what listeners paid for those, and
 * their share as credited (held or not; refunded or returned credits left out); then the phone's
 * payouts whose run day falls in the month. The months: from the phone's first naming to now.
 */
import { sql } from "drizzle-orm";
import type { Ctx } from "../platform/context";
import { type MonthlyStatement, monthBounds, monthsSince } from "../ledger/index";

export async function loadCollaboratorStatement(ctx: Ctx, phone: string, month: string): Promise<MonthlyStatement> {
  const { start, end } = monthBounds(month);
  // Per purchase first: a recoup credit and a share of one sale are one download.
  const songs = await ctx.db.all<MonthlyStatement["songs"][number]>(
    sql`select s.title, count(*) as downloads, sum(x.priceCents) as grossCents, sum(x.cents) as artistCents
      from (select sc.song_id as songId, p.price_cents as priceCents, sum(sc.cents) as cents
        from collaborators c join split_credits sc on sc.collaborator_id = c.id join purchases p on p.id = sc.purchase_id
        where c.phone = ${phone} and sc.refunded_at is null and sc.returned_at is null and p.purchased_at >= ${start} and p.purchased_at < ${end}
        group by sc.song_id, p.id) x
      join songs s on s.id = x.songId group by s.id order by s.title, s.id`,
  );
  const payouts = await ctx.db.all<MonthlyStatement["payouts"][number]>(
    sql`select o.period, o.amount_cents as amountCents, o.status from collaborator_payouts o join collaborator_payees p on p.id = o.payee_id
      where p.phone = ${phone} and o.period like ${`${month}-%`} order by o.period`,
  );
  return { month, songs, payouts };
}

/** The months with a statement, newest first: from the phone's first naming to `now`'s month. */
export async function collaboratorStatementMonths(ctx: Ctx, phone: string, now = ctx.now()): Promise<string[]> {
  const [first] = await ctx.db.all<{ at: number | null }>(sql`select min(created_at) as at from collaborators where phone = ${phone}`);
  return first?.at == null ? [] : monthsSince(Math.min(first.at, now), now);
}
