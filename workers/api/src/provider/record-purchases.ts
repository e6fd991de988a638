/**
 * A verified purchase report, recorded: each purchase is checked against its song (it must exist, be
 * distributed, belong to an artist and be reported at the price the server set for it: the song's
 * own, bounded by the ceiling of the facility it was bought in (docs/decisions/071-facility-price-ceilings.md);
 * a purchase at any other price is not credited but kept in purchase_price_mismatches for an
 * operator to settle with the provider), then every creditable purchase is recorded and credited, on
 * that price, in
 * one D1 batch (schema/src/purchase-credit.ts), with each credit's split among the song's
 * collaborators (splits/, docs/splits.md) and the sales reports' rollup summed again
 * (schema/src/sales-days.ts), so a purchase and its ledger transaction happen exactly once however
 * often the provider retries. A purchase that names its listener is then given
 * its signed receipt (receipts/issue-receipts.ts), the same one on every redelivery; a listener no
 * provider holds yet is held from then on by the provider that reported them, and one already held
 * stays with their provider (listeners/listener-holders.ts). The answer lists every purchase's
 * outcome, with its receipt.
 */
import { inArray, sql } from "drizzle-orm";
import { facilityPriceCents } from "@jplay/schema/pricing";
import { type CreditablePurchase, purchaseCreditStatements } from "@jplay/schema/purchase-credit";
import { salesRollupRefresh } from "@jplay/schema/sales-days";
import {
  type IssuedReceipt,
  PROVIDER_SIGNATURE_MAX_SKEW_SECONDS,
  type PurchaseOutcome,
  type PurchaseReport,
  type PurchaseReportAnswer,
} from "@jplay/schema/purchases";
import { ledgerTransactions, purchasePriceMismatches, songs } from "@jplay/schema/tables";
import type { Ctx } from "../platform/context";
import { runBatch } from "../platform/db";
import { badRequest } from "../platform/errors";
import { facilityPriceCeilings, purgeCatalogue } from "../catalogue/index";
import { purchaseSplitStatements } from "../splits/index";
import { PRIMARY_PROVIDER } from "./enrolled-providers";
import { holdNewListenersStatement } from "./listeners/listener-holders";
import { issueReceipts } from "./receipts/issue-receipts";
import type { ReceiptKeys } from "./receipts/receipt-keys";

/** D1 binds at most 100 parameters per statement. */
const SONG_LOOKUP_CHUNK = 90;
const MISMATCH_INSERT_CHUNK = 14;

/** What a song sells for where it was bought: bounded by the facility's ceiling when JPlay knows the facility. */
function priceAt(songPriceCents: number, facilityId: string | undefined, ceilings: Map<string, number>): number {
  const ceiling = facilityId === undefined ? undefined : ceilings.get(facilityId);
  return ceiling === undefined ? songPriceCents : facilityPriceCents(songPriceCents, ceiling);
}

export interface ReportOptions {
  /** The receipt keys, needed when a purchase names its listener (the route loads them before anything is recorded). */
  keys?: ReceiptKeys | null;
  /** The enrolled provider that sent the report (the primary one: the only provider reporting purchases). */
  reporter?: string;
}

export async function recordPurchaseReport(
  ctx: Ctx,
  report: PurchaseReport,
  { keys = null, reporter = PRIMARY_PROVIDER }: ReportOptions = {},
  now = ctx.now(),
): Promise<PurchaseReportAnswer> {
  const seen = new Set<string>();
  for (const purchase of report.purchases) {
    if (seen.has(purchase.purchaseId)) throw badRequest(`purchaseId ${purchase.purchaseId} appears more than once in this report`);
    seen.add(purchase.purchaseId);
  }

  const { db } = ctx;
  const songIds = [...new Set(report.purchases.map((purchase) => purchase.songId))];
  const songsById = new Map<string, { status: string; artistId: string | null; revenueSplitBps: number | null; priceCents: number }>();
  for (let i = 0; i < songIds.length; i += SONG_LOOKUP_CHUNK) {
    const rows = await db
      .select({ id: songs.id, status: songs.status, artistId: songs.artistId, revenueSplitBps: songs.revenueSplitBps, priceCents: songs.priceCents })
      .from(songs)
      .where(inArray(songs.id, songIds.slice(i, i + SONG_LOOKUP_CHUNK)));
    for (const row of rows) songsById.set(row.id, row);
  }

  const ceilings = await facilityPriceCeilings(
    ctx,
    report.purchases.flatMap((purchase) => (purchase.facilityId === undefined ? [] : [purchase.facilityId])),
  );

  const outcomes = new Map<string, PurchaseOutcome>();
  const creditable: CreditablePurchase[] = [];
  const mispriced: Array<typeof purchasePriceMismatches.$inferInsert> = [];
  for (const purchase of report.purchases) {
    const song = songsById.get(purchase.songId);
    const serverPriceCents = song ? priceAt(song.priceCents, purchase.facilityId, ceilings) : null;
    const purchasedAt = Date.parse(purchase.purchasedAt);
    const reject = (code: Extract<PurchaseOutcome, { status: "rejected" }>["code"], reason: string) =>
      outcomes.set(purchase.purchaseId, { purchaseId: purchase.purchaseId, status: "rejected", code, reason });
    if (!song) reject("unknown_song", `No song ${purchase.songId}`);
    else if (song.status !== "distributed") reject("song_not_distributed", `Song ${purchase.songId} is not in the catalogue (status ${song.status})`);
    else if (!song.artistId) reject("song_has_no_artist", `Song ${purchase.songId} has no artist to credit`);
    else if (purchasedAt > now + PROVIDER_SIGNATURE_MAX_SKEW_SECONDS * 1000)
      reject("purchased_in_future", `purchasedAt (${purchase.purchasedAt}) is in the future`);
    else if (purchase.priceCents !== serverPriceCents) {
      const where = serverPriceCents === song.priceCents ? "" : ` at facility ${purchase.facilityId} (its price ceiling)`;
      reject(
        "price_mismatch",
        `Song ${purchase.songId} sells at ${serverPriceCents} cents${where}, not ${purchase.priceCents}: not credited; kept for an operator to settle`,
      );
      mispriced.push({
        id: crypto.randomUUID(),
        purchaseId: purchase.purchaseId,
        songId: purchase.songId,
        reportedPriceCents: purchase.priceCents,
        cataloguePriceCents: serverPriceCents!,
        purchasedAt,
        detectedAt: now,
      });
    } else {
      const { purchaseId, songId, priceCents, listenerId, deviceId, facilityId } = purchase;
      creditable.push({
        purchaseId,
        songId,
        artistId: song.artistId,
        priceCents,
        purchasedAt,
        revenueSplitBps: song.revenueSplitBps,
        listenerId,
        deviceId,
        facilityId,
      });
    }
  }

  // One row per purchase id: a report sent again adds nothing. (Under D1's 100-parameter limit: 7 a row.)
  for (let i = 0; i < mispriced.length; i += MISMATCH_INSERT_CHUNK) {
    await db
      .insert(purchasePriceMismatches)
      .values(mispriced.slice(i, i + MISMATCH_INSERT_CHUNK))
      .onConflictDoNothing({ target: purchasePriceMismatches.purchaseId });
  }

  if (creditable.length > 0) {
    const { statements, transactionIds } = purchaseCreditStatements(creditable, now);
    // Each artist credit is split with the song's collaborators in the same batch (docs/splits.md).
    const splits = await purchaseSplitStatements(ctx, creditable, transactionIds, now);
    const listenerIds = creditable.flatMap((purchase) => (purchase.listenerId ? [purchase.listenerId] : []));
    // The sales reports' rollup is summed again after the credits and their splits (schema/src/sales-days.ts).
    const rollup = salesRollupRefresh(creditable.map((purchase) => purchase.purchaseId));
    await runBatch(db, [...statements, ...splits, ...rollup, ...(listenerIds.length > 0 ? [holdNewListenersStatement(reporter, listenerIds, now)] : [])]);
    // A purchase was recorded by this report exactly when the transaction id this batch chose exists.
    const chosenIds = JSON.stringify([...transactionIds.values()]);
    const recorded = await db
      .select({ ref: ledgerTransactions.ref })
      .from(ledgerTransactions)
      .where(sql`${ledgerTransactions.id} in (select value from json_each(${chosenIds}))`);
    const recordedNow = new Set(recorded.map((row) => row.ref));
    // New purchases may change the popular order.
    if (recordedNow.size > 0) await purgeCatalogue();
    const issued = keys
      ? await issueReceipts(
          ctx,
          keys,
          creditable.map((purchase) => purchase.purchaseId),
          now,
        )
      : new Map<string, IssuedReceipt>();
    for (const purchase of creditable) {
      outcomes.set(purchase.purchaseId, {
        purchaseId: purchase.purchaseId,
        status: recordedNow.has(purchase.purchaseId) ? "recorded" : "duplicate",
        ...issued.get(purchase.purchaseId),
      });
    }
  }

  const results = report.purchases.map((purchase) => outcomes.get(purchase.purchaseId)!);
  return {
    recorded: results.filter((result) => result.status === "recorded").length,
    duplicates: results.filter((result) => result.status === "duplicate").length,
    rejected: results.filter((result) => result.status === "rejected").length,
    results,
  };
}
