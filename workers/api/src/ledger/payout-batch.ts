/**
 * A queue batch's `payouts.artist` jobs paid together (docs/decisions/076-payouts-batch-wide.md), so
 * the run's D1 statements and Stripe waits do not grow one artist at a time: the artists, their
 * unfinished and the period's payouts and their balances are read in one D1 batch; the new payout
 * rows and their ledger moves are written in one; the Transfers are asked for at once (each under its
 * own payout's idempotency key, paced below Stripe's limits: transfer-pacer.ts); their outcomes, the ledger
 * and the artists' texts are written in one.
 * Every guarantee of the one-artist path holds (ledger/payouts.ts): one payout per artist and period
 * (unique), the ledger balanced in every batch, no Transfer twice. An artist with an unfinished payout
 * takes the one-artist path, which repairs it first.
 *
 * The answer is per artist: one whose Transfer failed in a way to retry is an error for that artist
 * alone, and the queue consumer retries only that artist's message (worker/handle-job.ts); the others'
 * money is recorded. A batch write that fails is an error for every artist it held, with nothing of it
 * written, and every step is idempotent, so their retries pay once.
 */
import { and, asc, eq, inArray, or, sql } from "drizzle-orm";
import { artists, payouts } from "@jplay/schema/tables";
import type { Ctx } from "../platform/context";
import { availableBalancesQuery } from "./ledger";
import { paced, transferSendWaits } from "./transfer-pacer";
import {
  type Artist,
  type Attempt,
  type PayoutOutcome,
  type PayoutRow,
  attemptOutcome,
  attemptTransfer,
  createPayouts,
  newPayoutBlocked,
  payArtist,
  recordAttempts,
} from "./payouts";

export type ArtistPayResult = { ok: true; outcome: PayoutOutcome } | { ok: false; error: unknown };

/** D1 binds at most 100 parameters per statement; a queue batch holds far fewer artists. */
const ARTISTS_PER_READ = 90;

/** Pays each artist's balance for `period` once; answers each artist's outcome or error. */
export async function payArtists(ctx: Ctx, period: string, artistIds: readonly string[]): Promise<Map<string, ArtistPayResult>> {
  const ids = [...new Set(artistIds)];
  const results = new Map<string, ArtistPayResult>();
  for (let i = 0; i < ids.length; i += ARTISTS_PER_READ) {
    const chunk = ids.slice(i, i + ARTISTS_PER_READ);
    try {
      await payChunk(ctx, period, chunk, results);
    } catch (error) {
      for (const id of chunk) if (!results.has(id)) results.set(id, { ok: false, error });
    }
  }
  return results;
}

const paid = (outcome: PayoutOutcome): ArtistPayResult => ({ ok: true, outcome });

/** One artist's path alone, its error kept to itself. */
const alone = (ctx: Ctx, artistId: string, period: string): Promise<ArtistPayResult> =>
  payArtist(ctx, artistId, period).then(paid, (error: unknown) => ({ ok: false, error }));

async function payChunk(ctx: Ctx, period: string, ids: string[], results: Map<string, ArtistPayResult>): Promise<void> {
  const [found, theirs, balanceRows] = await ctx.db.batch([
    ctx.db.select().from(artists).where(inArray(artists.id, ids)),
    ctx.db
      .select()
      .from(payouts)
      // `+status`: found by the artists' index, not by every pending payout (a funding shortage leaves many).
      .where(and(inArray(payouts.artistId, ids), or(sql`+${payouts.status} = 'pending'`, eq(payouts.period, period))))
      .orderBy(asc(payouts.createdAt)),
    availableBalancesQuery(ctx, ids),
  ]);
  const byId = new Map(found.map((artist) => [artist.id, artist]));
  const balances = new Map(balanceRows.map((row) => [row.artistId, row.total]));
  const payoutsOf = new Map<string, PayoutRow[]>();
  for (const payout of theirs) payoutsOf.set(payout.artistId, [...(payoutsOf.get(payout.artistId) ?? []), payout]);

  const repairs: string[] = [];
  const due: { artist: Artist; amountCents: number }[] = [];
  for (const id of ids) {
    const artist = byId.get(id);
    if (!artist) {
      results.set(id, paid("no_artist"));
      continue;
    }
    const own = payoutsOf.get(id) ?? [];
    // An unfinished payout (this period's or an earlier one): the one-artist path repairs it first.
    if (own.some((payout) => payout.status === "pending")) repairs.push(id);
    else if (own.some((payout) => payout.period === period)) results.set(id, paid("already_done"));
    else {
      const balance = balances.get(id) ?? 0;
      const blocked = newPayoutBlocked(ctx.env, artist, period, balance);
      if (blocked) results.set(id, paid(blocked));
      else due.push({ artist, amountCents: balance });
    }
  }

  const repaired = Promise.all(repairs.map(async (id) => results.set(id, await alone(ctx, id, period))));
  try {
    const created = await createPayouts(
      ctx,
      period,
      due.map(({ artist, amountCents }) => ({ artistId: artist.id, amountCents })),
    );
    const createdFor = new Map(created.map((payout) => [payout.artistId, payout]));
    // Another delivery of the same job made the row first: the one-artist path finishes that one.
    const raced = due.filter(({ artist }) => !createdFor.has(artist.id)).map(async ({ artist }) => results.set(artist.id, await alone(ctx, artist.id, period)));
    await Promise.all([
      ...raced,
      sendTransfers(
        ctx,
        due.flatMap(({ artist }) => (createdFor.has(artist.id) ? [{ artist, payout: createdFor.get(artist.id)! }] : [])),
        results,
      ),
    ]);
  } finally {
    await repaired;
  }
}

/**
 * The Transfers, each at the time the account's pacer gives it (transfer-pacer.ts); their outcomes
 * written in one batch. An artist whose Transfer threw is retried alone.
 */
async function sendTransfers(ctx: Ctx, created: { artist: Artist; payout: PayoutRow }[], results: Map<string, ArtistPayResult>): Promise<void> {
  const waits = await transferSendWaits(ctx, created.length);
  const tries = await paced(created, waits, async ({ artist, payout }): Promise<Attempt> => ({
    artist,
    payout,
    attempt: await attemptTransfer(ctx, artist, payout, false, true),
  }));
  const answered: Attempt[] = [];
  tries.forEach((tried, index) => {
    if (tried.status === "fulfilled") answered.push(tried.value);
    else results.set(created[index]!.artist.id, { ok: false, error: tried.reason });
  });
  try {
    await recordAttempts(ctx, answered);
    for (const { artist, attempt } of answered) results.set(artist.id, paid(attemptOutcome(attempt)));
  } catch (error) {
    for (const { artist } of answered) results.set(artist.id, { ok: false, error });
  }
}
