/**
 * Splitting each sale's artist credit with the song's collaborators, in the purchase's own D1 batch
 * (docs/splits.md): the split version in force when the sale was made (never a later one), its
 * recoup first, then the shares by the rounding rule (split-rule.ts). The statements hold only when
 * the batch recorded the purchase's own ledger transaction, so a report sent again splits nothing
 * twice; each split is one `purchase.split` transaction and one `split_credits` row per collaborator.
 */
import { type SQL, sql } from "drizzle-orm";
import { DEFAULT_REVENUE_SPLIT_BPS, LEDGER_KINDS, POSTINGS, type Posting, postingStatements } from "@jplay/schema/ledger-postings";
import { splitSale } from "@jplay/schema/pricing";
import type { CreditablePurchase } from "@jplay/schema/purchase-credit";
import type { Ctx } from "../platform/context";
import { splitCredit } from "./split-rule";
import { recoupPaid, splitVersionsOf, type SplitVersion } from "./split-versions";

/** A sale to split: the purchase as it is credited (the version in force at its `purchasedAt` applies). */
export type SplitSale = Pick<CreditablePurchase, "purchaseId" | "songId" | "artistId" | "priceCents" | "purchasedAt" | "revenueSplitBps">;

/** The version of a song's split in force at `at`: the last one saved at or before it. */
export function versionAt(versions: readonly SplitVersion[], at: number): SplitVersion | undefined {
  let found: SplitVersion | undefined;
  for (const version of versions) if (version.effectiveFrom <= at && (!found || version.version > found.version)) found = version;
  return found;
}

/**
 * The statements to add to the purchases' batch after their credit statements; `purchaseTransactionIds`
 * is the purchase transaction id the batch chose per purchaseId (schema/src/purchase-credit.ts).
 */
export async function purchaseSplitStatements(ctx: Ctx, sales: readonly SplitSale[], purchaseTransactionIds: Map<string, string>, now: number): Promise<SQL[]> {
  const versionsBySong = await splitVersionsOf(ctx, [...new Set(sales.map((sale) => sale.songId))]);
  if (versionsBySong.size === 0) return [];
  const inForce = sales.flatMap((sale) => {
    const version = versionAt(versionsBySong.get(sale.songId) ?? [], sale.purchasedAt);
    return version ? [{ sale, version }] : [];
  });
  const paid = await recoupPaid(ctx, [...new Set(inForce.map(({ version }) => version.id))]);
  const postings: Posting[] = [];
  const credits: Array<Record<string, unknown>> = [];
  for (const { sale, version } of inForce) {
    const { artistCents } = splitSale(sale.priceCents, sale.revenueSplitBps ?? DEFAULT_REVENUE_SPLIT_BPS);
    const recoupLeft = version.recoupPayee ? version.recoupCents - (paid.get(version.id) ?? 0) : 0;
    const outcome = splitCredit(artistCents, version.shares, recoupLeft);
    paid.set(version.id, (paid.get(version.id) ?? 0) + outcome.recoupCents);
    const parts = [
      ...(version.recoupPayee && outcome.recoupCents > 0
        ? [{ kind: "recoup", collaboratorId: version.recoupPayee.id, accepted: version.recoupPayee.accepted, cents: outcome.recoupCents }]
        : []),
      ...outcome.shares.map((share, i) => ({ kind: "share", collaboratorId: share.collaboratorId, accepted: version.shares[i]!.accepted, cents: share.cents })),
    ].filter((part) => part.cents > 0);
    if (parts.length === 0) continue;
    postings.push(
      POSTINGS.purchaseSplit({
        purchaseId: sale.purchaseId,
        artistId: sale.artistId,
        credits: parts.map((part) => ({ collaboratorId: part.collaboratorId, songId: sale.songId, cents: part.cents, held: !part.accepted })),
      }),
    );
    for (const part of parts) {
      credits.push({
        id: crypto.randomUUID(),
        purchaseId: sale.purchaseId,
        songId: sale.songId,
        artistId: sale.artistId,
        versionId: version.id,
        collaboratorId: part.collaboratorId,
        kind: part.kind,
        cents: part.cents,
        held: part.accepted ? 0 : 1,
      });
    }
  }
  if (postings.length === 0) return [];
  const chosen = JSON.stringify([...purchaseTransactionIds.values()]);
  const split = postingStatements(postings, now, {
    // Only a purchase this batch recorded is split: its transaction has the id the batch chose.
    onlyIf: (ref) =>
      sql`exists (select 1 from ledger_transactions t2 where t2.kind = ${LEDGER_KINDS.purchase} and t2.ref = ${ref} and t2.id in (select value from json_each(${chosen})))`,
  });
  const splitIds = JSON.stringify([...split.transactionIds.values()]);
  return [
    ...split.statements,
    sql`insert into split_credits (id, purchase_id, song_id, artist_id, version_id, collaborator_id, kind, cents, held, created_at)
      select json_extract(c.value, '$.id'), json_extract(c.value, '$.purchaseId'), json_extract(c.value, '$.songId'), json_extract(c.value, '$.artistId'),
        json_extract(c.value, '$.versionId'), json_extract(c.value, '$.collaboratorId'), json_extract(c.value, '$.kind'), json_extract(c.value, '$.cents'),
        json_extract(c.value, '$.held'), ${now}
      from json_each(${JSON.stringify(credits)}) c
      where exists (select 1 from ledger_transactions t where t.kind = ${LEDGER_KINDS.purchaseSplit} and t.ref = json_extract(c.value, '$.purchaseId')
        and t.id in (select value from json_each(${splitIds})))
      on conflict do nothing`,
  ];
}
