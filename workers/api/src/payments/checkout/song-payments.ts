/**
 * The payments rows of one song, read and claimed in one place. A payment row is claimed (INSERT)
 * before Stripe is called; the partial unique indexes of `payments` refuse a second open-or-paid
 * payment for the song and a second use of a `requestId`, so racing requests cannot both charge.
 */
import { and, desc, eq, inArray, sql } from "drizzle-orm";
import { OPEN_PAYMENT_STATUSES, type PaymentPurpose, type SongPackage, payments, paymentMethods } from "@jplay/schema/tables";
import type { Ctx } from "../../platform/context";

export type PaymentRow = typeof payments.$inferSelect;
export type SavedCard = typeof paymentMethods.$inferSelect;

export interface PaymentClaim {
  /** The row's id when the caller fixes it (an admin retry item's payment has the item's id); else a new one. */
  id?: string;
  artistId: string;
  /** Null for an artist's initial charge, which pays for no song. */
  songId: string | null;
  purpose: PaymentPurpose;
  /** Null for an initial charge. */
  package: SongPackage | null;
  amountCents: number;
  requestId?: string | null;
  paymentMethodId?: string | null;
  retryItemId?: string | null;
}

/** A stored answer, replayed verbatim for the same request. */
export interface StoredAnswer<T = unknown> {
  status: 200 | 402;
  body: T;
}

/**
 * Claims a new payment row; null when the song already has an open or paid payment (or the requestId
 * was used, or the artist already has an open or paid initial charge, or a row with the given id
 * exists), or the song was removed for want of payment (distribution/remove-unpaid-songs.ts) since it
 * was read. Every path that charges claims its row here.
 */
export async function claimPayment(ctx: Ctx, claim: PaymentClaim, now = ctx.now()): Promise<string | null> {
  const id = claim.id ?? crypto.randomUUID();
  const result = await ctx.db.run(sql`
    insert into payments (id, artist_id, song_id, purpose, package, amount_cents, status, request_id, payment_method_id, retry_item_id, created_at, updated_at)
    select ${id}, ${claim.artistId}, ${claim.songId}, ${claim.purpose}, ${claim.package}, ${claim.amountCents}, 'claimed',
      ${claim.requestId ?? null}, ${claim.paymentMethodId ?? null}, ${claim.retryItemId ?? null}, ${now}, ${now}
    where not exists (select 1 from songs where id = ${claim.songId} and status = 'removed')
    on conflict do nothing`);
  return result.meta.changes === 1 ? id : null;
}

export async function paymentById(ctx: Ctx, id: string): Promise<PaymentRow | undefined> {
  return (await ctx.db.select().from(payments).where(eq(payments.id, id)).limit(1))[0];
}

export async function paymentByRequest(ctx: Ctx, songId: string, requestId: string): Promise<PaymentRow | undefined> {
  return (
    await ctx.db
      .select()
      .from(payments)
      .where(and(eq(payments.songId, songId), eq(payments.requestId, requestId)))
      .limit(1)
  )[0];
}

export async function paymentByIntent(ctx: Ctx, paymentIntentId: string): Promise<PaymentRow | undefined> {
  return (await ctx.db.select().from(payments).where(eq(payments.stripePaymentIntentId, paymentIntentId)).limit(1))[0];
}

/** The song's open or succeeded payment (at most one exists, by the partial unique index). */
export async function openPaymentOf(ctx: Ctx, songId: string): Promise<PaymentRow | undefined> {
  return (
    await ctx.db
      .select()
      .from(payments)
      .where(and(eq(payments.songId, songId), inArray(payments.status, [...OPEN_PAYMENT_STATUSES])))
      .limit(1)
  )[0];
}

/** The song's most recent payment rows of the given purposes, newest first. */
export async function latestPaymentsOf(ctx: Ctx, songId: string, purposes: PaymentPurpose[], limit = 1): Promise<PaymentRow[]> {
  return ctx.db
    .select()
    .from(payments)
    .where(and(eq(payments.songId, songId), inArray(payments.purpose, purposes)))
    .orderBy(desc(payments.createdAt))
    .limit(limit);
}

/** Stores the first answer given for a payment's request, so the same requestId replays it. */
export async function storeAnswer(ctx: Ctx, paymentId: string, answer: StoredAnswer): Promise<void> {
  await ctx.db.run(sql`update payments set response_json = ${JSON.stringify(answer)} where id = ${paymentId} and response_json is null`);
}

export const storedAnswerOf = <T>(row: PaymentRow): StoredAnswer<T> | null => (row.responseJson ? (JSON.parse(row.responseJson) as StoredAnswer<T>) : null);

/** The artist's card for server-side charges: the default one, else the newest. */
export async function savedCardOf(ctx: Ctx, artistId: string): Promise<SavedCard | undefined> {
  return (
    await ctx.db
      .select()
      .from(paymentMethods)
      .where(eq(paymentMethods.artistId, artistId))
      .orderBy(desc(paymentMethods.isDefault), desc(paymentMethods.createdAt))
      .limit(1)
  )[0];
}

export async function savedCardById(ctx: Ctx, id: string): Promise<SavedCard | undefined> {
  return (await ctx.db.select().from(paymentMethods).where(eq(paymentMethods.id, id)).limit(1))[0];
}
