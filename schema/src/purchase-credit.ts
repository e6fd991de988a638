/**
 * Recording purchases and crediting their artists, as statements both the Worker
 * (POST /api/provider/purchases) and the demo seed run: one crediting code path. For a set of
 * purchases it yields four statements meant for ONE D1 batch (a transaction), so a purchase row, its
 * ledger transaction and its song's running count exist together or not at all, however often a
 * report is retried and wherever a Worker stops:
 *   1. insert the purchase rows with their listener, device, facility and the song's ISRC (a song must
 *      be distributed; an existing purchaseId is left alone),
 *   2. and 3. the purchases' ledger postings (schema/src/ledger-postings.ts, `POSTINGS.purchase`),
 *      each only when its purchase row exists and its `purchase` transaction does not yet;
 *   4. add to each song's `purchase_count` the purchases this batch recorded: those whose ledger
 *      transaction has the id this batch chose (a purchase sent again keeps its first transaction).
 * Run them with `runSqlBatch` (schema/src/sql-batch.ts). No imports that need the Worker runtime, so
 * Node scripts load it too.
 */
import { type SQL, sql } from "drizzle-orm";
import { POSTINGS, postingStatements } from "./ledger-postings.ts";

export interface CreditablePurchase {
  purchaseId: string;
  songId: string;
  artistId: string;
  priceCents: number;
  /** Epoch milliseconds. */
  purchasedAt: number;
  /** The song's split (basis points to the provider); null for songs paid before splits existed. */
  revenueSplitBps: number | null;
  /** Who bought it, on which tablet, where (schema/src/purchases.ts); absent from older reports. */
  listenerId?: string | null;
  deviceId?: string | null;
  facilityId?: string | null;
}

/** Each purchase's song and the ledger transaction id this batch chose for it, as JSON. */
function recordedJson(purchases: readonly CreditablePurchase[], transactionIds: Map<string, string>): string {
  return JSON.stringify(purchases.map(({ purchaseId, songId }) => ({ songId, transactionId: transactionIds.get(purchaseId) })));
}

/**
 * The four statements for one D1 batch (see the header). `transactionIds` gives the fresh ledger
 * transaction id per purchaseId, to learn afterwards which purchases this batch recorded.
 */
export function purchaseCreditStatements(
  purchases: readonly CreditablePurchase[],
  now: number,
  newId: () => string = () => crypto.randomUUID(),
): { statements: SQL[]; transactionIds: Map<string, string> } {
  const purchaseJson = JSON.stringify(
    purchases.map(({ purchaseId, songId, priceCents, purchasedAt, listenerId, deviceId, facilityId }) => ({
      purchaseId,
      songId,
      priceCents,
      purchasedAt,
      listenerId: listenerId ?? null,
      deviceId: deviceId ?? null,
      facilityId: facilityId ?? null,
    })),
  );
  const credits = postingStatements(purchases.map(POSTINGS.purchase), now, {
    onlyIf: (purchaseId) => sql`exists (select 1 from purchases where id = ${purchaseId})`,
    newId,
  });
  return {
    statements: [
      // `where true` keeps SQLite from reading ON CONFLICT as part of the join (sqlite.org/lang_upsert.html).
      sql`insert into purchases (id, song_id, price_cents, purchased_at, listener_id, device_id, facility_id, isrc)
        select json_extract(p.value, '$.purchaseId'), s.id, json_extract(p.value, '$.priceCents'), json_extract(p.value, '$.purchasedAt'),
          json_extract(p.value, '$.listenerId'), json_extract(p.value, '$.deviceId'), json_extract(p.value, '$.facilityId'), s.isrc
        from json_each(${purchaseJson}) p join songs s on s.id = json_extract(p.value, '$.songId') and s.status = 'distributed'
        where true
        on conflict (id) do nothing`,
      ...credits.statements,
      sql`update songs set purchase_count = purchase_count + counted.n
        from (select json_extract(p.value, '$.songId') as song_id, count(*) as n from json_each(${recordedJson(purchases, credits.transactionIds)}) p
          where exists (select 1 from ledger_transactions t where t.id = json_extract(p.value, '$.transactionId'))
          group by 1) as counted
        where songs.id = counted.song_id`,
    ],
    transactionIds: credits.transactionIds,
  };
}
