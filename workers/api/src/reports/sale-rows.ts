/**
 * The rows every sales report reads (docs/decisions/101-sales-reports.md): each purchase in a range,
 * with where it was bought (the facility and its state), the vendor that reported it, and its money
 * as the ledger holds it — what the ledger credited (the artist's available account after splits and
 * refunds, or the platform's revenue), whether it was given back, and so what the listener paid (its
 * price, nothing once given back: what the provider's receivable holds). The ledger is read through
 * the one account's entries (indexed by account), from a day before the range's first moment on: a
 * sale's entries are never older than the sale, less its signature's allowed skew. The yearly exports
 * read these rows (the on-screen reports read the rollup kept from the same ledger:
 * schema/src/sales-days.ts); none of them ever selects a listener, a device or a time of day. Pure:
 * builds SQL, runs nothing.
 */
import { type SQL, sql } from "drizzle-orm";
import { LEDGER_ACCOUNTS, LEDGER_KINDS } from "@jplay/schema/ledger-postings";

/** Every purchase reporter is the primary provider today (provider/enrolled-providers.ts): the vendor of every sale. */
export const SALE_VENDOR = "primary";

export interface SaleScope {
  /** The artist whose songs' sales are read; null: every artist's (the operator's report). */
  artistId: string | null;
  /** Epoch ms, from included, to excluded. */
  fromMs: number;
  toMs: number;
  songId?: string;
}

/** A sale reported a little ahead of the provider's clock is booked up to its signature's skew before it: a day covers it. */
const ENTRY_SLACK_MS = 24 * 60 * 60 * 1000;

/** The ledger transactions that move a sale's money: the sale, its split, and both given back. */
const SALE_KINDS = [LEDGER_KINDS.purchase, LEDGER_KINDS.purchaseSplit, LEDGER_KINDS.purchaseRefund, LEDGER_KINDS.purchaseSplitRefund];
const kindList = sql.join(
  SALE_KINDS.map((kind) => sql`${kind}`),
  sql`, `,
);

/**
 * `with … sale_rows as (…)`: one row per purchase in scope, columns song_id, price_cents, at, buyer, facility_id,
 * facility, state, vendor, gross, earned (after splits), credited (before them), units and recorded_at (when
 * the ledger took the sale: its reporting day). `buyer` is only ever counted (distinct), never selected.
 */
export function saleRowsCte(scope: SaleScope): SQL {
  const earnedAccount = scope.artistId === null ? LEDGER_ACCOUNTS.platformRevenue : LEDGER_ACCOUNTS.artistAvailable(scope.artistId);
  const artist = scope.artistId === null ? sql`` : sql` and s.artist_id = ${scope.artistId}`;
  const song = scope.songId === undefined ? sql`` : sql` and p.song_id = ${scope.songId}`;
  return sql`with scoped as (
      select p.id, p.song_id, p.price_cents, p.purchased_at, p.listener_id, p.facility_id from purchases p join songs s on s.id = p.song_id
      where p.purchased_at >= ${scope.fromMs} and p.purchased_at < ${scope.toMs}${artist}${song}),
    money as (
      select t.ref as purchase_id,
        sum(e.amount_cents) as earned,
        sum(case when t.kind in (${LEDGER_KINDS.purchase}, ${LEDGER_KINDS.purchaseRefund}) then e.amount_cents else 0 end) as credited,
        max(case when t.kind = ${LEDGER_KINDS.purchaseRefund} then 1 else 0 end) as refunded,
        min(case when t.kind = ${LEDGER_KINDS.purchase} then t.created_at end) as recorded_at
      from ledger_entries e join ledger_transactions t on t.id = e.transaction_id
      where e.account = ${earnedAccount} and e.created_at >= ${scope.fromMs - ENTRY_SLACK_MS} and t.kind in (${kindList})
      group by t.ref),
    sale_rows as (
      select x.song_id, x.price_cents, x.purchased_at as at, x.listener_id as buyer, x.facility_id, f.name as facility, f.state,
        ${SALE_VENDOR} as vendor, case when coalesce(m.refunded, 0) = 1 then 0 else x.price_cents end as gross, coalesce(m.earned, 0) as earned, coalesce(m.credited, 0) as credited,
        1 - coalesce(m.refunded, 0) as units, coalesce(m.recorded_at, x.purchased_at) as recorded_at
      from scoped x left join money m on m.purchase_id = x.id left join facilities f on f.id = x.facility_id)`;
}
