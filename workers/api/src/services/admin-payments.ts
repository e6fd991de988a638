/**
 * The admin payment overview (spec section 3, "Admin payment record"): one record per saved card,
 * with its artist and the artist's songs. Built from two statements sent in one D1 batch, whatever
 * the number of artists: joins and grouped sub-queries, never a query per artist and never an IN
 * list of ids (D1 binds at most 100 parameters per statement).
 */
import { centsToDollars } from "@jplay/schema/pricing";
import type { AdminPaymentRecord, AdminPaymentsResponse, AdminSong } from "@jplay/schema/admin";

/** Payment statuses that mean "a charge for this song is claimed or in flight". */
export const PROCESSING_PAYMENT_STATUSES = ["claimed", "processing", "requires_action"] as const;
const processingList = PROCESSING_PAYMENT_STATUSES.map((status) => `'${status}'`).join(", ");

const CARDS_SQL = `
  SELECT pm.id AS paymentMethodId, pm.artist_id AS artistId, pm.brand AS cardBrand, pm.last4, pm.exp_month AS expMonth,
    pm.exp_year AS expYear, pm.is_default AS isDefault, coalesce(a.phone, '') AS artistPhone,
    coalesce((SELECT s.artist_name FROM songs s WHERE s.artist_id = a.id ORDER BY s.created_at DESC LIMIT 1), '') AS artistName,
    (EXISTS (SELECT 1 FROM songs s WHERE s.artist_id = a.id AND s.status IN ('approved', 'distributed'))
      OR EXISTS (SELECT 1 FROM payments p WHERE p.artist_id = a.id AND p.status = 'succeeded')) AS hasSuccessfulPayment
  FROM payment_methods pm JOIN artists a ON a.id = pm.artist_id
  ORDER BY a.created_at DESC, a.id, pm.is_default DESC, pm.created_at DESC`;

const SONGS_SQL = `
  SELECT s.id, s.artist_id AS artistId, s.title, s.status, s.distribution_fee_cents AS feeCents,
    EXISTS (SELECT 1 FROM payments p WHERE p.song_id = s.id AND p.status IN (${processingList})) AS processingPayment
  FROM songs s
  WHERE s.artist_id IN (SELECT artist_id FROM payment_methods)
  ORDER BY s.created_at DESC, s.id`;

interface CardRow {
  paymentMethodId: string;
  artistId: string;
  cardBrand: string;
  last4: string;
  expMonth: number;
  expYear: number;
  isDefault: number;
  artistPhone: string;
  artistName: string;
  hasSuccessfulPayment: number;
}

interface SongRow {
  id: string;
  artistId: string;
  title: string;
  status: string;
  feeCents: number | null;
  processingPayment: number;
}

/** A song as the admin sees it; the fee is dollars, and absent when none was paid. */
export function adminSong(row: Omit<SongRow, "artistId">): AdminSong {
  const song: AdminSong = { id: row.id, title: row.title, status: row.status, processingPayment: row.processingPayment === 1 };
  if (row.feeCents !== null) song.distributionFee = centsToDollars(row.feeCents);
  return song;
}

export async function listAdminPayments(d1: D1Database): Promise<AdminPaymentsResponse> {
  const [cards, songs] = await d1.batch([d1.prepare(CARDS_SQL), d1.prepare(SONGS_SQL)]);
  const songsByArtist = new Map<string, AdminSong[]>();
  for (const row of (songs?.results ?? []) as SongRow[]) {
    const list = songsByArtist.get(row.artistId) ?? [];
    list.push(adminSong(row));
    songsByArtist.set(row.artistId, list);
  }
  const payments = ((cards?.results ?? []) as CardRow[]).map(
    (card): AdminPaymentRecord => ({
      paymentMethodId: card.paymentMethodId,
      artistId: card.artistId,
      artistName: card.artistName,
      artistPhone: card.artistPhone,
      cardBrand: card.cardBrand,
      last4: card.last4,
      expMonth: card.expMonth,
      expYear: card.expYear,
      isDefault: card.isDefault === 1,
      songs: songsByArtist.get(card.artistId) ?? [],
      hasSuccessfulPayment: card.hasSuccessfulPayment === 1,
    }),
  );
  return { payments };
}
