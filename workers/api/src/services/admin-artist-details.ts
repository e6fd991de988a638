/**
 * An artist as the operator's View Details panel shows them (issue 5): the artist, their saved
 * cards, their songs with each status change, every payment attempt with its outcome, and their
 * live browser sessions. Six statements in one D1 batch, whatever the artist has.
 */
import { centsToDollars } from "@jplay/schema/pricing";
import type { AdminArtistDetails } from "@jplay/schema/admin";
import { notFound } from "../errors";
import { SESSION_IDLE_MS, SESSIONS_LISTED } from "./artist-sessions";
import { sessionView } from "./session-views";

/** An artist's payment attempts shown, newest first. */
export const PAYMENTS_SHOWN = 500;

const iso = (ms: number) => new Date(ms).toISOString();

interface ArtistRow {
  id: string;
  phone: string | null;
  paymentFrequency: string;
  createdAt: number;
  payoutsEnabled: number;
  proActive: number;
}
interface CardRow {
  paymentMethodId: string;
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
  isDefault: number;
}
interface SongRow {
  id: string;
  title: string;
  artistName: string;
  status: string;
  package: string | null;
  feeCents: number | null;
  rejectionReason: string | null;
}
interface EventRow {
  songId: string;
  fromStatus: string | null;
  toStatus: string;
  cause: string;
  at: number;
}
interface PaymentRow {
  id: string;
  songId: string | null;
  purpose: string;
  amountCents: number;
  status: string;
  declineCode: string | null;
  failureCode: string | null;
  failureMessage: string | null;
  createdAt: number;
}

interface SessionRow {
  id: string;
  createdAt: number;
  lastSeenAt: number;
  userAgent: string | null;
}

export async function readArtistDetails(d1: D1Database, artistId: string, now = Date.now()): Promise<AdminArtistDetails> {
  const [artists, cards, songs, events, payments, sessions] = await d1.batch([
    d1
      .prepare(
        `SELECT a.id, a.phone, a.payment_frequency AS paymentFrequency, a.created_at AS createdAt, a.payouts_enabled AS payoutsEnabled,
           EXISTS (SELECT 1 FROM subscriptions s WHERE s.artist_id = a.id AND s.status = 'active') AS proActive
         FROM artists a WHERE a.id = ?1`,
      )
      .bind(artistId),
    d1
      .prepare(
        `SELECT id AS paymentMethodId, brand, last4, exp_month AS expMonth, exp_year AS expYear, is_default AS isDefault
         FROM payment_methods WHERE artist_id = ?1 ORDER BY is_default DESC, created_at DESC`,
      )
      .bind(artistId),
    d1
      .prepare(
        `SELECT id, title, artist_name AS artistName, status, package, distribution_fee_cents AS feeCents, rejection_reason AS rejectionReason
         FROM songs WHERE artist_id = ?1 ORDER BY created_at DESC, id`,
      )
      .bind(artistId),
    d1
      .prepare(
        `SELECT e.song_id AS songId, e.from_status AS fromStatus, e.to_status AS toStatus, e.cause, e.at
         FROM song_events e JOIN songs s ON s.id = e.song_id WHERE s.artist_id = ?1 ORDER BY e.at, e.rowid`,
      )
      .bind(artistId),
    d1
      .prepare(
        `SELECT id, song_id AS songId, purpose, amount_cents AS amountCents, status, decline_code AS declineCode,
           failure_code AS failureCode, failure_message AS failureMessage, created_at AS createdAt
         FROM payments WHERE artist_id = ?1 ORDER BY created_at DESC, rowid DESC LIMIT ${PAYMENTS_SHOWN}`,
      )
      .bind(artistId),
    d1
      .prepare(
        `SELECT id, created_at AS createdAt, last_seen_at AS lastSeenAt, user_agent AS userAgent
         FROM artist_sessions WHERE artist_id = ?1 AND ended_at IS NULL AND expires_at > ?2 AND last_seen_at > ?3
         ORDER BY last_seen_at DESC LIMIT ${SESSIONS_LISTED}`,
      )
      .bind(artistId, now, now - SESSION_IDLE_MS),
  ]);
  const artist = (artists?.results as ArtistRow[] | undefined)?.[0];
  if (!artist) throw notFound("No such artist.");

  const historyBySong = new Map<string, AdminArtistDetails["songs"][number]["history"]>();
  for (const event of (events?.results ?? []) as EventRow[]) {
    const history = historyBySong.get(event.songId) ?? [];
    history.push({ from: event.fromStatus, to: event.toStatus, cause: event.cause, at: iso(event.at) });
    historyBySong.set(event.songId, history);
  }

  return {
    artist: {
      id: artist.id,
      phone: artist.phone ?? "",
      paymentFrequency: artist.paymentFrequency,
      createdAt: iso(artist.createdAt),
      proActive: artist.proActive === 1,
      payoutsEnabled: artist.payoutsEnabled === 1,
    },
    cards: ((cards?.results ?? []) as CardRow[]).map((card) => ({ ...card, isDefault: card.isDefault === 1 })),
    songs: ((songs?.results ?? []) as SongRow[]).map((song) => ({
      id: song.id,
      title: song.title,
      artistName: song.artistName,
      status: song.status,
      package: song.package,
      ...(song.feeCents !== null ? { distributionFee: centsToDollars(song.feeCents) } : {}),
      rejectionReason: song.rejectionReason,
      history: historyBySong.get(song.id) ?? [],
    })),
    sessions: ((sessions?.results ?? []) as SessionRow[]).map(sessionView),
    payments: ((payments?.results ?? []) as PaymentRow[]).map((payment) => ({
      id: payment.id,
      songId: payment.songId,
      purpose: payment.purpose,
      amountCents: payment.amountCents,
      status: payment.status,
      // A refusal before Stripe has no decline code of its own: show why (hard_decline, attempt_budget).
      declineCode: payment.declineCode ?? payment.failureCode,
      failureMessage: payment.failureMessage,
      createdAt: iso(payment.createdAt),
    })),
  };
}
