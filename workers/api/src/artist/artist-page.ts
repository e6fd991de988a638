/**
 * What the artist's private page shows (docs/decisions/044): their songs with status
 * and history, sales per song and by facility state at the price paid (never a listener,
 * docs/decisions/071-facility-price-ceilings.md), the balance from the ledger (held while payouts are not set up) with
 * the payout minimum, payouts, the payout frequency and the Connect status with what Stripe still
 * needs (docs/decisions/063-payout-minimum-and-tax-details.md). Only the given artist's rows are read.
 */
import { asc, desc, eq, inArray, sql } from "drizzle-orm";
import { type ArtistPageResponse, type ArtistSongEvent, payoutRequirementsOf } from "@jplay/schema/artist";
import { artists, facilities, purchases, songEvents, songs } from "@jplay/schema/tables";
import type { Ctx } from "../platform/context";
import {
  ACCOUNTS,
  accountBalance,
  artistAvailableBalances,
  connectStatusOf,
  isPayoutDay,
  payoutMinimumCents,
  payoutPeriod,
  payoutsReady,
  recentPayouts,
} from "../ledger/index";
import { songRefundViews } from "../refunds/index";

/** Payouts listed on the page (newest first); older ones are in the ledger. */
const PAYOUTS_SHOWN = 100;
const DAY_MS = 24 * 60 * 60 * 1000;
/** D1 binds at most 100 parameters per statement. */
const ID_CHUNK = 90;

const iso = (ms: number) => new Date(ms).toISOString();
const isoOrNull = (ms: number | null) => (ms === null ? null : iso(ms));

/** The next run (00:00 UTC) after `now` that pays this frequency. */
export function nextPayoutOn(frequency: "daily" | "weekly", now: number): string {
  let day = Date.parse(`${payoutPeriod(new Date(now))}T00:00:00Z`) + DAY_MS;
  while (!isPayoutDay(frequency, payoutPeriod(new Date(day)))) day += DAY_MS;
  return payoutPeriod(new Date(day));
}

function chunks<T>(items: T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += ID_CHUNK) out.push(items.slice(i, i + ID_CHUNK));
  return out;
}

/** The page's own data; the route adds the sessions and the link's expiry. */
export type ArtistPageData = Omit<ArtistPageResponse, "sessions" | "link">;

export async function loadArtistPage(ctx: Ctx, artistId: string, now = ctx.now()): Promise<ArtistPageData | null> {
  const { db } = ctx;
  const [artist] = await db.select().from(artists).where(eq(artists.id, artistId)).limit(1);
  if (!artist) return null;

  const songRows = await db.select().from(songs).where(eq(songs.artistId, artistId)).orderBy(desc(songs.createdAt));
  const songIds = songRows.map((song) => song.id);
  const history = new Map<string, ArtistSongEvent[]>();
  const sales = new Map<string, { purchases: number; grossCents: number }>();
  for (const ids of chunks(songIds)) {
    const events = await db.select().from(songEvents).where(inArray(songEvents.songId, ids)).orderBy(asc(songEvents.at));
    for (const event of events) {
      const list = history.get(event.songId) ?? [];
      list.push({ fromStatus: event.fromStatus, toStatus: event.toStatus, cause: event.cause, at: iso(event.at) });
      history.set(event.songId, list);
    }
    const totals = await db
      .select({ songId: purchases.songId, count: sql<number>`count(*)`, gross: sql<number>`coalesce(sum(${purchases.priceCents}), 0)` })
      .from(purchases)
      .where(inArray(purchases.songId, ids))
      .groupBy(purchases.songId);
    for (const row of totals) sales.set(row.songId, { purchases: row.count, grossCents: row.gross });
  }

  const salesByState = await db
    .select({
      state: facilities.state,
      priceCents: purchases.priceCents,
      purchases: sql<number>`count(*)`,
      grossCents: sql<number>`sum(${purchases.priceCents})`,
    })
    .from(purchases)
    .innerJoin(songs, eq(songs.id, purchases.songId))
    .leftJoin(facilities, eq(facilities.id, purchases.facilityId))
    .where(eq(songs.artistId, artistId))
    .groupBy(facilities.state, purchases.priceCents)
    .orderBy(sql`${facilities.state} is null`, asc(facilities.state), desc(purchases.priceCents));

  const available = (await artistAvailableBalances(ctx, [artistId])).get(artistId) ?? 0;
  const pending = await accountBalance(ctx, ACCOUNTS.artistPayoutPending(artistId));
  const ready = payoutsReady(artist);
  const connect = connectStatusOf(artist);
  const payoutRows = await recentPayouts(ctx, artistId, PAYOUTS_SHOWN);

  const refundViews = await songRefundViews(ctx, songRows);
  const songList = songRows.map((song) => ({
    id: song.id,
    title: song.title,
    artistName: song.artistName,
    status: song.status,
    package: song.package,
    createdAt: iso(song.createdAt),
    distributedAt: isoOrNull(song.distributedAt),
    rejectionReason: song.rejectionReason,
    takedown: song.takenDownAt === null ? null : { reason: song.takedownReason ?? "", at: iso(song.takenDownAt) },
    refund: refundViews.get(song.id) ?? null,
    history: history.get(song.id) ?? [],
    sales: sales.get(song.id) ?? { purchases: 0, grossCents: 0 },
    isrc: song.isrc,
    upc: song.upc,
    releaseDate: song.releaseDate,
  }));

  return {
    paymentFrequency: artist.paymentFrequency,
    nextPayoutOn: nextPayoutOn(artist.paymentFrequency, now),
    connect: { status: connect, missing: artist.stripeAccountId ? payoutRequirementsOf(artist.payoutRequirements) : [] },
    balance: { availableCents: available, pendingCents: pending, heldCents: ready ? 0 : available, minimumCents: payoutMinimumCents(ctx.env) },
    sales: {
      purchases: songList.reduce((sum, song) => sum + song.sales.purchases, 0),
      grossCents: songList.reduce((sum, song) => sum + song.sales.grossCents, 0),
    },
    salesByState,
    songs: songList,
    payouts: payoutRows.map((payout) => ({
      id: payout.id,
      period: payout.period,
      amountCents: payout.amountCents,
      status: payout.status,
      failureMessage: payout.failureMessage,
      createdAt: iso(payout.createdAt),
    })),
  };
}
