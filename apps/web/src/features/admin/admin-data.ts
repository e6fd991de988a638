/**
 * What the admin screen derives from the pages of `GET /api/admin/payments` it has loaded, kept pure so
 * it is tested without a browser and costs one pass over the data: the Failed Payments and
 * Distribution Status rows, and the retry items a selection asks for (docs/product.md, Screens; States
 * and flows). The search and the summary cards are the server's (workers/api/src/payments/admin/admin-payments.ts).
 *
 * Songs belong to artists, not cards: an artist with two saved cards appears in two records with the
 * same songs, so song-level rows and counts are made once per song id, using the artist's default card.
 */
import type { AdminPaymentRecord, AdminSong, RetryItemRequest } from "@jplay/schema/admin";
import { ADMIN_INITIAL_CHARGE_CENTS, ADMIN_RETRY_CENTS } from "@jplay/schema/pricing";

/** docs/product.md, States and flows: failed/pending when the status is pending or a payment is processing. */
export const isPendingSong = (song: AdminSong) => song.status === "pending" || song.processingPayment;

export interface SongRow {
  song: AdminSong;
  /** The record (card) the song is shown and retried with: the artist's default card when there is one. */
  record: AdminPaymentRecord;
}

/** One card per artist: the default one, else the first listed. */
export function primaryRecordByArtist(records: readonly AdminPaymentRecord[]): Map<string, AdminPaymentRecord> {
  const byArtist = new Map<string, AdminPaymentRecord>();
  for (const record of records) {
    const current = byArtist.get(record.artistId);
    if (!current || (!current.isDefault && record.isDefault)) byArtist.set(record.artistId, record);
  }
  return byArtist;
}

/** Every song once, with its artist's primary card, in the order the records list them. */
export function songRows(records: readonly AdminPaymentRecord[]): SongRow[] {
  const primary = primaryRecordByArtist(records);
  const seen = new Set<string>();
  const rows: SongRow[] = [];
  for (const record of records) {
    for (const song of record.songs) {
      if (seen.has(song.id)) continue;
      seen.add(song.id);
      rows.push({ song, record: primary.get(record.artistId) ?? record });
    }
  }
  return rows;
}

/** The Failed Payments tab: amber rows for artists without a successful payment, then pending songs. */
export interface FailedPaymentsView {
  unpaidArtists: AdminPaymentRecord[];
  pendingSongs: SongRow[];
}

export function failedPaymentsView(records: readonly AdminPaymentRecord[]): FailedPaymentsView {
  const unpaidArtists = [...primaryRecordByArtist(records).values()].filter((record) => !record.hasSuccessfulPayment);
  return { unpaidArtists, pendingSongs: songRows(records).filter((row) => isPendingSong(row.song)) };
}

/**
 * A retry the operator can confirm: song retries charge ADMIN_RETRY_CENTS, initial charges
 * ADMIN_INITIAL_CHARGE_CENTS. The server charges its own amounts; these are what the dialog shows.
 */
export interface PlannedCharge {
  request: RetryItemRequest;
  songTitle: string | null;
  artistName: string;
  cardBrand: string;
  last4: string;
  amountCents: number;
}

export function songRetry(row: SongRow): PlannedCharge {
  return {
    request: { paymentMethodId: row.record.paymentMethodId, artistId: row.record.artistId, songId: row.song.id, amount: ADMIN_RETRY_CENTS },
    songTitle: row.song.title,
    artistName: row.record.artistName,
    cardBrand: row.record.cardBrand,
    last4: row.record.last4,
    amountCents: ADMIN_RETRY_CENTS,
  };
}

export function initialCharge(record: AdminPaymentRecord): PlannedCharge {
  return {
    request: { paymentMethodId: record.paymentMethodId, artistId: record.artistId, songId: null, amount: ADMIN_INITIAL_CHARGE_CENTS },
    songTitle: null,
    artistName: record.artistName,
    cardBrand: record.cardBrand,
    last4: record.last4,
    amountCents: ADMIN_INITIAL_CHARGE_CENTS,
  };
}

/**
 * Retry Selected: the failed songs of the selected cards, each charged to the selected card it was
 * listed under, once per song. Songs whose payment is already in flight are left alone (a second
 * charge could not help and the server would refuse it).
 */
export function retriesForSelection(records: readonly AdminPaymentRecord[], selected: ReadonlySet<string>): PlannedCharge[] {
  const seen = new Set<string>();
  const charges: PlannedCharge[] = [];
  for (const record of records) {
    if (!selected.has(record.paymentMethodId)) continue;
    for (const song of record.songs) {
      if (song.status !== "pending" || song.processingPayment || seen.has(song.id)) continue;
      seen.add(song.id);
      charges.push(songRetry({ song, record }));
    }
  }
  return charges;
}

/** "Pending" from "pending". */
export const capitalise = (text: string) => (text ? text[0]!.toUpperCase() + text.slice(1) : text);
