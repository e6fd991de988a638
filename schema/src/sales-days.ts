/**
 * Keeping the sales rollup (`sales_days` and `sales_months`, docs/decisions/104-sales-rollup.md) equal
 * to the ledger. A row holds one song's sales on one UTC day (or month) in one facility; every write
 * that records a purchase, splits its credit or gives it back appends `salesRollupRefresh` for those
 * purchases to its own D1 batch, and its statements sum each touched day again from its purchases and
 * their ledger entries, then each touched month from its days.
 * Summed again rather than added to: a report sent twice, a refund run twice or a batch retried leaves
 * the same row, and a row can never drift from the ledger it is read from. The Worker
 * (provider/record-purchases.ts, provider/receipts/refund-rights-removal.ts) and the demo seed both run
 * it. No imports that need the Worker runtime, so Node scripts load it too.
 */
import { type SQL, sql } from "drizzle-orm";
import { LEDGER_ACCOUNTS, LEDGER_KINDS } from "./ledger-postings.ts";

export const DAY_MS = 86_400_000;
/** Written into the SQL, not bound: D1 binds a JavaScript number as a REAL, and a day is an integer division. */
const DAY = sql.raw(String(DAY_MS));

/** The ledger transactions that move a sale's money: the sale, its split, and both given back. */
const SALE_KINDS = sql.join(
  [LEDGER_KINDS.purchase, LEDGER_KINDS.purchaseSplit, LEDGER_KINDS.purchaseRefund, LEDGER_KINDS.purchaseSplitRefund].map((kind) => sql`${kind}`),
  sql`, `,
);

/** What one account took from a purchase `q` of the song `s` in its sale's transactions. */
const accountCents = (account: SQL) =>
  sql`(select coalesce(sum(e.amount_cents), 0) from ledger_transactions t join ledger_entries e on e.transaction_id = t.id
    where t.kind in (${SALE_KINDS}) and t.ref = q.id and e.account = ${account})`;

/**
 * One row per (song, day, facility) the purchases named touch, each summed again over all of that
 * song's purchases of that day in that facility: units and gross count the sales not given back; the
 * artist's and the platform's cents are what their ledger accounts hold of them. One statement, one
 * JSON parameter, however many purchases (D1 binds at most 100 values).
 */
export function salesRollupRefresh(purchaseIds: readonly string[]): SQL[] {
  return [salesDaysRefresh(purchaseIds), salesMonthsRefresh(purchaseIds)];
}

function salesDaysRefresh(purchaseIds: readonly string[]): SQL {
  // The song's artist's available account, named by the one definition of it.
  const [before, after] = LEDGER_ACCOUNTS.artistAvailable("\u0000").split("\u0000");
  const artistAccount = sql`${before} || s.artist_id || ${after}`;
  return sql`insert into sales_days (song_id, day, facility_key, artist_id, units, gross_cents, artist_cents, platform_cents)
    select song_id, day, facility_key, artist_id, sum(1 - refunded), sum(case when refunded = 1 then 0 else price_cents end), sum(artist_cents), sum(platform_cents)
    from (
      select c.song_id, c.day, c.facility_key, s.artist_id, q.price_cents,
        exists (select 1 from ledger_transactions t where t.kind = ${LEDGER_KINDS.purchaseRefund} and t.ref = q.id) as refunded,
        ${accountCents(artistAccount)} as artist_cents,
        ${accountCents(sql`${LEDGER_ACCOUNTS.platformRevenue}`)} as platform_cents
      from (
        select distinct p.song_id, p.purchased_at / ${DAY} as day, coalesce(p.facility_id, '') as facility_key
        from purchases p where p.id in (select value from json_each(${JSON.stringify(purchaseIds)}))
      ) c
      join purchases q on q.song_id = c.song_id and q.purchased_at >= c.day * ${DAY} and q.purchased_at < (c.day + 1) * ${DAY}
        and coalesce(q.facility_id, '') = c.facility_key
      join songs s on s.id = c.song_id
      where s.artist_id is not null
    )
    group by song_id, day, facility_key
    on conflict (song_id, day, facility_key) do update set
      artist_id = excluded.artist_id, units = excluded.units, gross_cents = excluded.gross_cents,
      artist_cents = excluded.artist_cents, platform_cents = excluded.platform_cents`;
}

/** The touched months (the first day of a purchase's UTC month, and of the next), each summed again from its days. */
function salesMonthsRefresh(purchaseIds: readonly string[]): SQL {
  const monthOf = (shift: string) => sql.raw(`unixepoch(p.purchased_at / 1000, 'unixepoch', 'start of month'${shift}) / 86400`);
  return sql`insert into sales_months (song_id, month, facility_key, artist_id, units, gross_cents, artist_cents, platform_cents)
    select d.song_id, c.month, d.facility_key, d.artist_id, sum(d.units), sum(d.gross_cents), sum(d.artist_cents), sum(d.platform_cents)
    from (
      select distinct p.song_id, ${monthOf("")} as month, ${monthOf(", '+1 month'")} as next_month, coalesce(p.facility_id, '') as facility_key
      from purchases p where p.id in (select value from json_each(${JSON.stringify(purchaseIds)}))
    ) c
    join sales_days d on d.song_id = c.song_id and d.day >= c.month and d.day < c.next_month and d.facility_key = c.facility_key
    where true
    group by d.song_id, c.month, d.facility_key
    on conflict (song_id, month, facility_key) do update set
      artist_id = excluded.artist_id, units = excluded.units, gross_cents = excluded.gross_cents,
      artist_cents = excluded.artist_cents, platform_cents = excluded.platform_cents`;
}
