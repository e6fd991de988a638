/**
 * The admin payment overview (README, "Admin portal": `GET /api/admin/payments`): one record per
 * saved card, with its artist and the artist's songs. Built from two statements sent in one D1
 * batch, whatever the number of artists: joins and correlated sub-queries, never a query per artist
 * and never an IN list of ids (D1 binds at most 100 parameters per statement).
 */
import { and, asc, desc, eq, exists, inArray, or, sql } from "drizzle-orm";
import { centsToDollars } from "@jplay/schema/pricing";
import type { AdminPaymentRecord, AdminPaymentsResponse, AdminSong } from "@jplay/schema/admin";
import { artists, paymentMethods, payments, songs } from "@jplay/schema/tables";
import type { Ctx } from "../platform/context";
import type { Db } from "../platform/db";

/** Payment statuses that mean "a charge for this song is claimed or in flight". */
export const PROCESSING_PAYMENT_STATUSES = ["claimed", "processing", "requires_action"] as const;

/** Every saved card with its artist, newest artists first, each artist's default card first. */
function cardsQuery(db: Db) {
  const paidSong = db
    .select({ id: songs.id })
    .from(songs)
    .where(and(eq(songs.artistId, artists.id), inArray(songs.status, ["approved", "distributed"])));
  const succeededPayment = db
    .select({ id: payments.id })
    .from(payments)
    .where(and(eq(payments.artistId, artists.id), eq(payments.status, "succeeded")));
  const latestArtistName = db.select({ name: songs.artistName }).from(songs).where(eq(songs.artistId, artists.id)).orderBy(desc(songs.createdAt)).limit(1);
  return db
    .select({
      paymentMethodId: paymentMethods.id,
      artistId: paymentMethods.artistId,
      cardBrand: paymentMethods.brand,
      last4: paymentMethods.last4,
      expMonth: paymentMethods.expMonth,
      expYear: paymentMethods.expYear,
      isDefault: paymentMethods.isDefault,
      artistPhone: sql<string>`coalesce(${artists.phone}, '')`,
      artistName: sql<string>`coalesce(${latestArtistName}, '')`,
      hasSuccessfulPayment: sql<boolean>`${or(exists(paidSong), exists(succeededPayment))}`.mapWith(Boolean),
    })
    .from(paymentMethods)
    .innerJoin(artists, eq(artists.id, paymentMethods.artistId))
    .orderBy(desc(artists.createdAt), asc(artists.id), desc(paymentMethods.isDefault), desc(paymentMethods.createdAt));
}

/** The songs of every artist with a saved card, newest first. */
function songsQuery(db: Db) {
  const processing = db
    .select({ id: payments.id })
    .from(payments)
    .where(and(eq(payments.songId, songs.id), inArray(payments.status, [...PROCESSING_PAYMENT_STATUSES])));
  return db
    .select({
      id: songs.id,
      artistId: songs.artistId,
      title: songs.title,
      status: songs.status,
      feeCents: songs.distributionFeeCents,
      processingPayment: sql<boolean>`${exists(processing)}`.mapWith(Boolean),
    })
    .from(songs)
    .where(inArray(songs.artistId, db.select({ artistId: paymentMethods.artistId }).from(paymentMethods)))
    .orderBy(desc(songs.createdAt), asc(songs.id));
}

/** A song as the admin sees it; the fee is dollars, and absent when none was paid. */
export function adminSong(row: { id: string; title: string; status: string; feeCents: number | null; processingPayment: boolean }): AdminSong {
  const song: AdminSong = { id: row.id, title: row.title, status: row.status, processingPayment: row.processingPayment };
  if (row.feeCents !== null) song.distributionFee = centsToDollars(row.feeCents);
  return song;
}

export async function listAdminPayments(ctx: Ctx): Promise<AdminPaymentsResponse> {
  const { db } = ctx;
  const [cards, songRows] = await db.batch([cardsQuery(db), songsQuery(db)]);
  const songsByArtist = new Map<string, AdminSong[]>();
  for (const row of songRows) {
    if (!row.artistId) continue;
    const list = songsByArtist.get(row.artistId) ?? [];
    list.push(adminSong(row));
    songsByArtist.set(row.artistId, list);
  }
  const records = cards.map(
    (card): AdminPaymentRecord => ({
      paymentMethodId: card.paymentMethodId,
      artistId: card.artistId,
      artistName: card.artistName,
      artistPhone: card.artistPhone,
      cardBrand: card.cardBrand,
      last4: card.last4,
      expMonth: card.expMonth,
      expYear: card.expYear,
      isDefault: card.isDefault,
      songs: songsByArtist.get(card.artistId) ?? [],
      hasSuccessfulPayment: card.hasSuccessfulPayment,
    }),
  );
  return { payments: records };
}
