/**
 * The admin payment overview (docs/artists-and-operators.md, "Admin portal": `GET /api/admin/payments?q=&cursor=&limit=`):
 * one record per saved card, with its artist and the artist's songs, a page of artists at a time.
 * Artists are paged newest first by keyset on (created_at, id) over the artists_created_idx index, so
 * a page costs the same at the 100,000th artist as at the first (no OFFSET); a search (artist name or
 * song title words, through the song_search FTS5 index; a phone number's digits from its start; a
 * card's last 4) picks artists through indexes too (admin-payments-page.ts). One D1 batch: the
 * page's cards, the page's songs and, on the unsearched first page, the stored summary counts
 * (admin-summary-counts.ts: counted at most once a minute, not per request) — joins and correlated
 * sub-queries, never a query per artist and never an IN list of ids (D1 binds at most 100 parameters
 * per statement). Query plans: docs/decisions/066-admin-lists-by-keyset.md.
 */
import { and, asc, desc, eq, exists, inArray, or, sql, type SQL } from "drizzle-orm";
import { centsToDollars } from "@jplay/schema/pricing";
import type { AdminPaymentRecord, AdminPaymentsResponse, AdminSong } from "@jplay/schema/admin";
import { artists, paymentMethods, payments, songs } from "@jplay/schema/tables";
import type { Ctx } from "../../platform/context";
import type { Db } from "../../platform/db";
import { pageCursor } from "../../platform/page-cursor";
import { readPage, searchedArtistIds, type AdminPaymentsPage, type AdminPaymentsQuery } from "./admin-payments-page";
import { adminSummary, PROCESSING_PAYMENT_STATUSES, storedSummaryQuery } from "./admin-summary-counts";

/**
 * The artists of one page (one more than asked, to tell whether another page follows), as a sub-query:
 * newest first down the (created_at, id) index; for a search, the candidates it found first (CROSS JOIN
 * keeps SQLite from walking every artist instead), then sorted.
 */
function pageArtistIds(page: AdminPaymentsPage): SQL {
  const after = page.after;
  // A row value, which SQLite seeks to in the (created_at, id) index; an OR of two comparisons it may not.
  const keyset = after ? sql`and (a.created_at, a.id) < (${after.createdAt}, ${after.id})` : sql``;
  const hasCard = sql`exists (select 1 from payment_methods pm where pm.artist_id = a.id)`;
  const found = page.search === null ? null : searchedArtistIds(page.search);
  if (page.search !== null && found === null) return sql`select null where 0`;
  // Distinct: an artist whose many songs match is one candidate, or the page's limit would count songs.
  const from = found ? sql`(select distinct id from (${found})) as found cross join artists a on a.id = found.id` : sql`artists a`;
  return sql`select a.id from ${from} where ${hasCard} ${keyset} order by a.created_at desc, a.id desc limit ${page.limit + 1}`;
}

/** The page's saved cards with their artists, newest artists first, each artist's default card first. */
function cardsQuery(db: Db, page: AdminPaymentsPage) {
  const paidSong = db
    .select({ id: songs.id })
    .from(songs)
    .where(and(eq(songs.artistId, artists.id), inArray(songs.status, ["approved", "distributed"])));
  const succeededPayment = db
    .select({ id: payments.id })
    .from(payments)
    // `+status`: looked up by the artist (payments_artist_idx); without statistics SQLite would
    // otherwise walk every succeeded payment through payments_status_idx for each artist.
    .where(and(eq(payments.artistId, artists.id), sql`+${payments.status} = 'succeeded'`));
  const latestArtistName = db.select({ name: songs.artistName }).from(songs).where(eq(songs.artistId, artists.id)).orderBy(desc(songs.createdAt)).limit(1);
  return db
    .select({
      paymentMethodId: paymentMethods.id,
      artistId: paymentMethods.artistId,
      artistCreatedAt: artists.createdAt,
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
    .where(sql`${paymentMethods.artistId} in (${pageArtistIds(page)})`)
    .orderBy(desc(artists.createdAt), desc(artists.id), desc(paymentMethods.isDefault), desc(paymentMethods.createdAt));
}

/** The songs of the page's artists, newest first. */
function songsQuery(db: Db, page: AdminPaymentsPage) {
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
    .where(sql`${songs.artistId} in (${pageArtistIds(page)})`)
    .orderBy(desc(songs.createdAt), asc(songs.id));
}

/** A song as the admin sees it; the fee is dollars, and absent when none was paid. */
export function adminSong(row: { id: string; title: string; status: string; feeCents: number | null; processingPayment: boolean }): AdminSong {
  const song: AdminSong = { id: row.id, title: row.title, status: row.status, processingPayment: row.processingPayment };
  if (row.feeCents !== null) song.distributionFee = centsToDollars(row.feeCents);
  return song;
}

export async function listAdminPayments(ctx: Ctx, asked: AdminPaymentsQuery = {}): Promise<AdminPaymentsResponse> {
  const { db } = ctx;
  const page = readPage(asked);
  // The counts come with the unsearched first page only: they do not depend on the page or search.
  const firstPage = !page.after && page.search === null;
  const [cards, songRows, stored] = firstPage
    ? await db.batch([cardsQuery(db, page), songsQuery(db, page), storedSummaryQuery(db)])
    : [...(await db.batch([cardsQuery(db, page), songsQuery(db, page)])), undefined];
  const songsByArtist = new Map<string, AdminSong[]>();
  for (const row of songRows) {
    if (!row.artistId) continue;
    const list = songsByArtist.get(row.artistId) ?? [];
    list.push(adminSong(row));
    songsByArtist.set(row.artistId, list);
  }
  // The cards come in page order; the (limit + 1)th artist only says that another page follows.
  const records: AdminPaymentRecord[] = [];
  const artistsSeen: { id: string; createdAt: number }[] = [];
  let nextCursor: string | null = null;
  for (const card of cards) {
    if (artistsSeen.at(-1)?.id !== card.artistId) {
      if (artistsSeen.length === page.limit) {
        nextCursor = pageCursor(artistsSeen.at(-1)!);
        break;
      }
      artistsSeen.push({ id: card.artistId, createdAt: card.artistCreatedAt });
    }
    records.push({
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
    });
  }
  const answer: AdminPaymentsResponse = { payments: records, nextCursor };
  if (firstPage) answer.summary = await adminSummary(ctx, stored?.[0]);
  return answer;
}
