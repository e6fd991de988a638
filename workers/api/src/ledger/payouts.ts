/**
 * Paying an artist their available balance for one period (docs/decisions/010). One payout row
 * per artist and period (unique in the database), so running twice pays once; the row's id is the
 * Stripe Transfer's idempotency key, so a redelivered job or a crash between steps repairs itself
 * with the same Transfer instead of sending a second one. Money moves in the ledger
 * available → payout_pending (kind "payout") before Stripe is called, then payout_pending →
 * payouts:sent ("payout.sent") or back to available ("payout.failed").
 *
 * Transfers draw on Stripe's available balance, which JPlay funds with top-ups (sales money reaches
 * it from the tablet provider, not through Stripe). A transfer Stripe refuses for a short balance
 * (`balance_insufficient`) does not fail the payout: it stays pending, its money in payout_pending,
 * and the next run tries again (docs/decisions/021-platform-balance-and-settlements.md).
 */
import { type SQL, and, asc, eq, gt, inArray, or, sql } from "drizzle-orm";
import Stripe from "stripe";
import { artists, payouts } from "@jplay/schema/tables";
import type { PaymentFrequency } from "@jplay/schema/tables";
import { PAYOUT_MINIMUM_CENTS } from "@jplay/schema/pricing";
import type { ConnectStatus } from "@jplay/schema/artist";
import type { Ctx } from "../platform/context";
import { numericSetting } from "../platform/limits";
import { POSTINGS, postingStatements } from "@jplay/schema/ledger-postings";
import { availableBalancesQuery, post } from "./ledger";
import { runBatch } from "../platform/db";
import { keyForAttempt, spentOnServerError } from "../platform/stripe-lookup";
import { withRateLimitBackoff } from "../platform/stripe-rate-limit";
import { awaitTurn } from "./transfer-pacer";
import { bookTransferReversals } from "./payout-reversals";
import { payoutsHeldByDispute } from "../disputes/index";
import { outboxTextsStatement, payoutSentText, queueTextSends } from "../texts/index";

export type PayoutRow = typeof payouts.$inferSelect;
export type Artist = typeof artists.$inferSelect;

export const PAYOUT_CURRENCY = "usd";

/**
 * The smallest balance paid out: the `PAYOUT_MINIMUM_CENTS` setting (whole cents), else $10.00
 * (schema/src/pricing.ts). Below it the balance waits for a later payout day.
 */
export const payoutMinimumCents = (env: Partial<Record<"PAYOUT_MINIMUM_CENTS", string>>) => numericSetting(env, "PAYOUT_MINIMUM_CENTS", PAYOUT_MINIMUM_CENTS);

/** The period a run pays for: the UTC date it runs on (`YYYY-MM-DD`). */
export const payoutPeriod = (runTime: Date) => runTime.toISOString().slice(0, 10);

/** Weekly artists are paid on Mondays (docs/product.md, Prices and limits); daily artists every day. */
export function isPayoutDay(frequency: PaymentFrequency, period: string): boolean {
  if (frequency === "daily") return true;
  return new Date(`${period}T00:00:00Z`).getUTCDay() === 1;
}

/** The frequencies a run on `period` pays. */
export const frequenciesDue = (period: string): PaymentFrequency[] => (isPayoutDay("weekly", period) ? ["daily", "weekly"] : ["daily"]);

/**
 * One page of the artists a run on `period` visits, after `cursor` (keyset pagination on the id):
 * those whose frequency is due, and those with an unfinished payout whatever their frequency.
 */
export async function artistsDuePage(ctx: Ctx, period: string, cursor: string | null, pageSize: number) {
  return ctx.db
    .select({
      id: artists.id,
      stripeAccountId: artists.stripeAccountId,
      payoutsEnabled: artists.payoutsEnabled,
      payoutRequirements: artists.payoutRequirements,
    })
    .from(artists)
    .where(
      and(
        or(
          inArray(artists.paymentFrequency, frequenciesDue(period)),
          sql`${artists.id} in (select ${payouts.artistId} from ${payouts} where ${payouts.status} = 'pending')`,
        ),
        cursor ? gt(artists.id, cursor) : undefined,
      ),
    )
    .orderBy(asc(artists.id))
    .limit(pageSize);
}

/** Which of these artists have a payout still pending (D1 binds at most 100 parameters per statement). */
export async function artistsWithPendingPayouts(ctx: Ctx, artistIds: string[]): Promise<Set<string>> {
  const pending = new Set<string>();
  for (let i = 0; i < artistIds.length; i += 90) {
    const rows = await ctx.db
      .selectDistinct({ artistId: payouts.artistId })
      .from(payouts)
      .where(and(eq(payouts.status, "pending"), inArray(payouts.artistId, artistIds.slice(i, i + 90))));
    for (const row of rows) pending.add(row.artistId);
  }
  return pending;
}

/**
 * The Stripe idempotency key of a payout's Transfer: derived from our own row, never random. Stripe
 * keeps a 500 and a `balance_insufficient` refusal under their key (replayed for 24 hours), so each
 * attempt after one has a key of its own: `spentKeys` counts both kinds (the row's
 * `stripeKeyAttempt` and `fundingWaits`), and the transfer group still finds a transfer any attempt
 * made.
 */
export const payoutIdempotencyKey = (payoutId: string, spentKeys = 0) => keyForAttempt(`payout-${payoutId}`, spentKeys);
export const payoutTransferGroup = (payoutId: string) => `payout_${payoutId}`;

type ConnectState = Pick<Artist, "stripeAccountId" | "payoutsEnabled" | "payoutRequirements">;

/**
 * The artist's connected account can receive payouts: Stripe says payouts are enabled and asks for
 * nothing more (no `currently_due` or `past_due`, the tax details among them). Until then no transfer
 * is attempted and the balance is held (docs/decisions/063-payout-minimum-and-tax-details.md).
 */
export const payoutsReady = (artist: ConnectState) => Boolean(artist.stripeAccountId) && artist.payoutsEnabled && artist.payoutRequirements.length === 0;

/** Where the artist's payout setup stands, as their page and `GET /api/me` show it. */
export const connectStatusOf = (artist: ConnectState): ConnectStatus =>
  payoutsReady(artist) ? "ready" : artist.stripeAccountId ? "onboarding" : "not_started";

export type PayoutOutcome = "paid" | "failed" | "waiting_for_funds" | "held" | "below_minimum" | "not_due" | "already_done" | "no_artist";

/** Stripe's platform balance cannot cover the Transfer yet: the payout waits for the next run. */
export const isBalanceShort = (error: unknown) => error instanceof Stripe.errors.StripeInvalidRequestError && error.code === "balance_insufficient";

/**
 * Stripe refused the Transfer for good (the destination cannot be paid, bad parameters): the payout
 * fails and its money returns. Anything else (network, 5xx, 429, an idempotent request still in
 * flight) is thrown so the queue retries with the same key.
 */
export const isPermanentRefusal = (error: unknown) =>
  error instanceof Stripe.errors.StripeInvalidRequestError ||
  error instanceof Stripe.errors.StripeCardError ||
  error instanceof Stripe.errors.StripePermissionError;

async function payoutFor(ctx: Ctx, artistId: string, period: string): Promise<PayoutRow | undefined> {
  const [row] = await ctx.db
    .select()
    .from(payouts)
    .where(and(eq(payouts.artistId, artistId), eq(payouts.period, period)))
    .limit(1);
  return row;
}

/** What one try at a payout's Transfer came to; `recordAttempts` writes it. */
export type TransferAttempt =
  /** `partlyReversed`: a transfer found by its group that Stripe has since reversed in part (booked after it is recorded). */
  { kind: "sent"; transferId: string; partlyReversed?: Stripe.Transfer } | { kind: "short" } | { kind: "refused"; message: string };
export interface Attempt {
  artist: Artist;
  payout: PayoutRow;
  attempt: TransferAttempt;
}

const OUTCOME_OF = { sent: "paid", short: "waiting_for_funds", refused: "failed" } as const satisfies Record<TransferAttempt["kind"], PayoutOutcome>;
/** The job's outcome for a recorded attempt. */
export const attemptOutcome = (attempt: TransferAttempt) => OUTCOME_OF[attempt.kind];

/**
 * Asks Stripe for a pending payout's Transfer (the row's id in its idempotency key). `resumed`: an
 * earlier attempt may have created the Transfer already, possibly longer ago than Stripe keeps keys
 * (24 h), so it is looked up by its transfer group first; so is one whose key a 500 spent. A found
 * transfer's reversals count: reversed in full it paid nothing (refused), in part it is booked so. A 429 is
 * waited out with backoff first. Anything but an answer (network, 5xx, a 429 after the backoff, an
 * idempotent request still in flight) is thrown so the queue retries with the same key; a 500
 * Stripe stored under the key moves the row to the next key first.
 * Several run at once for a queue batch's artists (ledger/payout-batch.ts): each has its own key.
 * Every request waits for its turn at the account's pacer (transfer-pacer.ts); `transferTimed`: the
 * caller already waited for the Transfer's turn (a batch reserves its Transfers' times at once).
 */
export async function attemptTransfer(ctx: Ctx, artist: Artist, payout: PayoutRow, resumed: boolean, transferTimed = false): Promise<TransferAttempt> {
  const { stripe } = ctx;
  const destination = artist.stripeAccountId;
  if (!destination) return { kind: "refused", message: "The artist has no connected account." };
  const spentKeys = payout.stripeKeyAttempt + payout.fundingWaits;
  if (resumed || spentKeys > 0) {
    await awaitTurn(ctx, "lookup");
    const earlier = await withRateLimitBackoff(() => stripe.transfers.list({ transfer_group: payoutTransferGroup(payout.id), limit: 1 }));
    const found = earlier.data[0];
    // A transfer reversed since it was made did not pay the artist (docs/decisions/094-payout-truth.md):
    // reversed in full, the payout failed and its money returns; in part, the rest was paid.
    if (found?.reversed) return { kind: "refused", message: `Stripe reversed the payout's transfer ${found.id} in full.` };
    if (found) return { kind: "sent", transferId: found.id, ...(found.amount_reversed > 0 ? { partlyReversed: found } : {}) };
  }
  if (!transferTimed) await awaitTurn(ctx, "transfer");
  try {
    // A 429 is waited out under the same key (nothing is stored for it); still refused, it is thrown below.
    const transfer = await withRateLimitBackoff(() =>
      stripe.transfers.create(
        {
          amount: payout.amountCents,
          currency: PAYOUT_CURRENCY,
          destination,
          transfer_group: payoutTransferGroup(payout.id),
          metadata: { payoutId: payout.id, artistId: artist.id, period: payout.period },
        },
        { idempotencyKey: payoutIdempotencyKey(payout.id, spentKeys) },
      ),
    );
    return { kind: "sent", transferId: transfer.id };
  } catch (error) {
    if (isBalanceShort(error)) return { kind: "short" };
    // A 500 is stored under the key: the next attempt looks the Transfer up, then uses a new key.
    if (spentOnServerError(error)) {
      await ctx.db
        .update(payouts)
        .set({ stripeKeyAttempt: payout.stripeKeyAttempt + 1 })
        .where(and(eq(payouts.id, payout.id), eq(payouts.stripeKeyAttempt, payout.stripeKeyAttempt)));
    }
    if (!isPermanentRefusal(error)) throw error;
    return { kind: "refused", message: error.message };
  }
}

const stillPending = (ref: SQL) => sql`exists (select 1 from payouts where id = ${ref} and status = 'pending')`;
const nowPaid = (ref: SQL) => sql`exists (select 1 from payouts where id = ${ref} and status = 'paid')`;
const field = (name: string) => sql.raw(`json_extract(t.value, '$.${name}')`);
/** Rows named in a JSON list of `{ id, value }`, found by primary key (not by scanning every pending payout). */
const byIds = (rows: string) => sql`payouts.id in (select json_extract(value, '$.id') from json_each(${rows}))`;
/** The list's `value` for the row being updated. */
const valueById = (rows: string) => sql`(select json_extract(value, '$.value') from json_each(${rows}) where json_extract(value, '$.id') = payouts.id)`;

/**
 * The attempts' outcomes in ONE D1 batch, however many payouts: for a Transfer made, the money
 * leaves the ledger (payout_pending → payouts:sent), the row says `paid` and the artist's text is
 * written to the outbox (its send queued after, texts/text-messages.ts); for a refusal, the money
 * returns (payout_pending → available) and the row says `failed`; for a short platform balance the
 * row counts the wait and the next attempt uses the next key (only the attempt that saw the refusal
 * moves the count on). Every write holds only while the row is still pending, so a second delivery
 * finishing the same payout changes nothing.
 */
export async function recordAttempts(ctx: Ctx, attempts: readonly Attempt[]): Promise<void> {
  const now = ctx.now();
  const sent = attempts.flatMap((a) => (a.attempt.kind === "sent" ? [{ ...a, transferId: a.attempt.transferId }] : []));
  const refused = attempts.flatMap((a) => (a.attempt.kind === "refused" ? [{ ...a, message: a.attempt.message }] : []));
  const statements: SQL[] = [];
  const postings = [...sent.map((a) => POSTINGS.payoutSent(a.payout)), ...refused.map((a) => POSTINGS.payoutFailed(a.payout))];
  if (postings.length > 0) statements.push(...postingStatements(postings, now, { onlyIf: stillPending }).statements);
  if (sent.length > 0) {
    const rows = JSON.stringify(sent.map((a) => ({ id: a.payout.id, value: a.transferId })));
    statements.push(
      sql`update payouts set status = 'paid', stripe_transfer_id = ${valueById(rows)}, updated_at = ${now} where ${byIds(rows)} and +status = 'pending'`,
    );
  }
  if (refused.length > 0) {
    const rows = JSON.stringify(refused.map((a) => ({ id: a.payout.id, value: a.message })));
    statements.push(
      sql`update payouts set status = 'failed', failure_message = ${valueById(rows)}, updated_at = ${now} where ${byIds(rows)} and +status = 'pending'`,
    );
  }
  for (const { payout, attempt } of attempts) {
    if (attempt.kind !== "short") continue;
    statements.push(sql`update payouts set funding_waits = ${payout.fundingWaits + 1}, waiting_for_funds_since = ${now}, updated_at = ${now}
      where id = ${payout.id} and status = 'pending' and funding_waits = ${payout.fundingWaits}`);
  }
  if (sent.length > 0)
    statements.push(
      outboxTextsStatement(
        ctx.env,
        sent.map((a) => payoutSentText(a.artist, a.payout)),
        nowPaid,
      ),
    );
  if (statements.length === 0) return;
  const results = await runBatch(ctx.db, statements);
  if (sent.length > 0) await queueTextSends(ctx, results[results.length - 1]!);
}

/**
 * Finishes a pending payout, from wherever an earlier attempt stopped: every step is idempotent
 * (ledger by (kind, ref), the Transfer by its key, the row by its status).
 */
async function settlePayout(ctx: Ctx, artist: Artist, payout: PayoutRow, resumed: boolean): Promise<"paid" | "failed" | "waiting_for_funds"> {
  // A payout created by this attempt was posted in the batch that inserted it (createPayouts).
  if (resumed) await post(ctx, POSTINGS.payout(payout));
  const attempt = await attemptTransfer(ctx, artist, payout, resumed);
  await recordAttempts(ctx, [{ artist, payout, attempt }]);
  if (attempt.kind === "sent" && attempt.partlyReversed) await bookTransferReversals(ctx, attempt.partlyReversed);
  return attemptOutcome(attempt);
}

/**
 * New payout rows for the period and their ledger moves available → payout_pending, in ONE batch
 * however many artists: a move is written only if this insert made its row (another delivery's row
 * keeps its own). Answers the rows this batch made; an artist left out lost the race to another
 * delivery, whose row the caller finishes.
 */
export async function createPayouts(ctx: Ctx, period: string, due: readonly { artistId: string; amountCents: number }[]): Promise<PayoutRow[]> {
  if (due.length === 0) return [];
  const now = ctx.now();
  const rows: PayoutRow[] = due.map(({ artistId, amountCents }) => ({
    id: crypto.randomUUID(),
    artistId,
    period,
    amountCents,
    status: "pending",
    stripeTransferId: null,
    failureMessage: null,
    stripeKeyAttempt: 0,
    fundingWaits: 0,
    waitingForFundsSince: null,
    createdAt: now,
    updatedAt: now,
  }));
  const values = JSON.stringify(rows.map((row) => ({ id: row.id, artistId: row.artistId, amountCents: row.amountCents })));
  const [inserted] = await runBatch(ctx.db, [
    // `where true` before ON CONFLICT keeps SQLite from reading it as part of the FROM (sqlite.org/lang_upsert.html).
    sql`insert into payouts (id, artist_id, period, amount_cents, status, created_at, updated_at)
      select ${field("id")}, ${field("artistId")}, ${period}, ${field("amountCents")}, 'pending', ${now}, ${now}
      from json_each(${values}) t where true on conflict do nothing returning id`,
    ...postingStatements(
      rows.map((row) => POSTINGS.payout(row)),
      now,
      { onlyIf: stillPending },
    ).statements,
  ]);
  const made = new Set((inserted.results as { id: string }[]).map((row) => row.id));
  return rows.filter((row) => made.has(row.id));
}

/**
 * Why no new payout is made for the period from this balance (not a payout day, below the minimum,
 * no ready connected account: the balance is held, nothing written), or null when one is due.
 */
export function newPayoutBlocked(env: Ctx["env"], artist: Artist, period: string, balance: number): PayoutOutcome | null {
  if (!isPayoutDay(artist.paymentFrequency, period)) return "not_due";
  if (balance < payoutMinimumCents(env)) return "below_minimum";
  if (!payoutsReady(artist)) return "held";
  return null;
}

/**
 * The `payouts.artist` job for one artist, and the way a queue batch repairs an artist with an
 * unfinished payout (ledger/payout-batch.ts): pays the artist's available balance for `period` once.
 * Below the minimum nothing happens (the balance waits); without a ready connected account the
 * balance is held (nothing is written: it stays available and the artist's page shows it as held).
 * What it needs is read in one D1 batch: the artist, their unfinished payouts and the period's, their
 * available balance.
 */
export async function payArtist(ctx: Ctx, artistId: string, period: string): Promise<PayoutOutcome> {
  const [[artist], theirs, [balanceRow]] = await ctx.db.batch([
    ctx.db.select().from(artists).where(eq(artists.id, artistId)).limit(1),
    ctx.db
      .select()
      .from(payouts)
      .where(and(eq(payouts.artistId, artistId), or(eq(payouts.status, "pending"), eq(payouts.period, period))))
      .orderBy(asc(payouts.createdAt)),
    availableBalancesQuery(ctx, [artistId]),
  ]);
  if (!artist) return "no_artist";

  // Earlier payouts a crash, an outage or a short platform balance left unfinished go first, so their
  // money is accounted for before today's balance is read.
  let stillWaiting = false;
  let settledEarlier = false;
  for (const payout of theirs) {
    if (payout.period === period || payout.status !== "pending") continue;
    settledEarlier = true;
    if ((await settlePayout(ctx, artist, payout, true)) === "waiting_for_funds") stillWaiting = true;
  }

  const existing = theirs.find((payout) => payout.period === period);
  if (existing) return existing.status === "pending" ? settlePayout(ctx, artist, existing, true) : "already_done";
  // The platform cannot fund the payout already waiting: a new one would only wait beside it. The
  // new earnings stay available and go once the waiting payout has.
  if (stillWaiting) return "waiting_for_funds";

  // A failed earlier payout gave its money back: the balance is read again after settling them.
  const balance = settledEarlier ? ((await availableBalancesQuery(ctx, [artistId]))[0]?.total ?? 0) : (balanceRow?.total ?? 0);
  const blocked = newPayoutBlocked(ctx.env, artist, period, balance);
  if (blocked) return blocked;
  // An open fraud chargeback on the artist's payment holds their payouts (docs/decisions/093-disputes.md).
  if (await payoutsHeldByDispute(ctx, artistId)) return "held";

  const [created] = await createPayouts(ctx, period, [{ artistId, amountCents: balance }]);
  if (created) return settlePayout(ctx, artist, created, false);
  // Another delivery of this job inserted the row first: finish that one.
  const winner = await payoutFor(ctx, artistId, period);
  return winner?.status === "pending" ? settlePayout(ctx, artist, winner, true) : "already_done";
}
