/**
 * Recording purchases and crediting their artists, as SQL both the Worker (POST /api/provider/purchases)
 * and the demo seed run: one crediting code path. For a set of purchases it yields three statements
 * meant for ONE D1 batch (a transaction), so a purchase row and its ledger transaction exist together
 * or not at all, however often a report is retried and wherever a Worker stops:
 *   1. insert the purchase rows (a song must be distributed; an existing purchaseId is left alone),
 *   2. insert a `purchase` ledger transaction (ref = purchaseId) for each purchase that exists, unless
 *      one exists already ((kind, ref) is unique),
 *   3. insert the entries only under transactions this batch created (fresh ids).
 * Entries (sign convention in workers/api/src/services/ledger.ts): provider:receivable −price,
 * platform:revenue +provider share, artist:{id}:available +artist share, split by `splitSale`.
 * No imports but pricing, so Node scripts can load it too.
 */
import { PACKAGES, splitSale } from "./pricing.ts";

export const PURCHASE_LEDGER_KIND = "purchase";

export interface CreditablePurchase {
  purchaseId: string;
  songId: string;
  artistId: string;
  priceCents: number;
  /** Epoch milliseconds. */
  purchasedAt: number;
  /** The song's split (basis points to the provider); null for songs paid before splits existed. */
  revenueSplitBps: number | null;
}

/** Songs without a recorded split (the demo catalogue) are credited at the standard package's split. */
export const DEFAULT_REVENUE_SPLIT_BPS = PACKAGES.standard.revenueSplitBps;

export interface PurchaseEntry {
  account: string;
  artistId: string | null;
  amountCents: number;
}

/** The balanced entries one purchase posts. */
export function purchaseEntries(purchase: CreditablePurchase): PurchaseEntry[] {
  const { providerCents, artistCents } = splitSale(purchase.priceCents, purchase.revenueSplitBps ?? DEFAULT_REVENUE_SPLIT_BPS);
  const entries = [
    { account: "provider:receivable", artistId: null, amountCents: -purchase.priceCents },
    { account: "platform:revenue", artistId: null, amountCents: providerCents },
    { account: `artist:${purchase.artistId}:available`, artistId: purchase.artistId, amountCents: artistCents },
  ];
  if (entries.reduce((sum, entry) => sum + entry.amountCents, 0) !== 0) throw new Error(`purchase ${purchase.purchaseId} does not balance`);
  return entries;
}

export interface SqlStatement {
  sql: string;
  params: unknown[];
}

/**
 * The three statements for one D1 batch (see the header). Each binds the purchases as one JSON
 * parameter, so a batch of any size stays three statements and within D1's 100-parameter limit.
 * `transactionIds` receives the fresh transaction id per purchaseId, to learn afterwards which
 * purchases this batch recorded.
 */
export function purchaseCreditStatements(
  purchases: readonly CreditablePurchase[],
  now: number,
  newId: () => string = () => crypto.randomUUID(),
): { statements: SqlStatement[]; transactionIds: Map<string, string> } {
  const transactionIds = new Map<string, string>();
  const rows = purchases.map((purchase) => {
    const transactionId = newId();
    transactionIds.set(purchase.purchaseId, transactionId);
    return { ...purchase, transactionId };
  });
  const entries = rows.flatMap((row) => purchaseEntries(row).map((entry) => ({ ...entry, id: newId(), transactionId: row.transactionId })));
  const purchaseJson = JSON.stringify(rows.map(({ purchaseId, songId, priceCents, purchasedAt, transactionId }) => ({ purchaseId, songId, priceCents, purchasedAt, transactionId })));
  const statements: SqlStatement[] = [
    {
      // `where true` keeps SQLite from reading ON CONFLICT as part of the join (sqlite.org/lang_upsert.html).
      sql: `insert into purchases (id, song_id, price_cents, purchased_at)
        select json_extract(p.value, '$.purchaseId'), s.id, json_extract(p.value, '$.priceCents'), json_extract(p.value, '$.purchasedAt')
        from json_each(?1) p join songs s on s.id = json_extract(p.value, '$.songId') and s.status = 'distributed'
        where true
        on conflict (id) do nothing`,
      params: [purchaseJson],
    },
    {
      sql: `insert into ledger_transactions (id, kind, ref, created_at)
        select json_extract(p.value, '$.transactionId'), ?2, json_extract(p.value, '$.purchaseId'), ?3
        from json_each(?1) p
        where exists (select 1 from purchases where id = json_extract(p.value, '$.purchaseId'))
        on conflict (kind, ref) do nothing`,
      params: [purchaseJson, PURCHASE_LEDGER_KIND, now],
    },
    {
      sql: `insert into ledger_entries (id, transaction_id, account, artist_id, amount_cents, created_at)
        select json_extract(e.value, '$.id'), json_extract(e.value, '$.transactionId'), json_extract(e.value, '$.account'),
          json_extract(e.value, '$.artistId'), json_extract(e.value, '$.amountCents'), ?2
        from json_each(?1) e
        where exists (select 1 from ledger_transactions t where t.id = json_extract(e.value, '$.transactionId'))`,
      params: [JSON.stringify(entries), now],
    },
  ];
  return { statements, transactionIds };
}
