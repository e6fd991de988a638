/**
 * Paying a collaborator payee (one phone, every artist's naming of it: docs/splits.md, Payouts) in
 * the same payout runs as artists, under the same rules (ledger/payouts.ts): the minimum
 * (PAYOUT_MINIMUM_CENTS), a ready connected account (tax details given), one payout per payee and
 * period (unique), its row's id in the Transfer's idempotency key, every Transfer and look-up at the
 * pacer's turn (transfer-pacer.ts), a short platform balance waited out to the next run, a refusal
 * giving each naming back its part. What it needs is read in one D1 batch and each outcome written in one.
 */
import { type SQL, sql } from "drizzle-orm";
import type Stripe from "stripe";
import { POSTINGS, postingStatements } from "@jplay/schema/ledger-postings";
import type { collaboratorPayees, collaboratorPayouts } from "@jplay/schema/tables";
import type { Ctx } from "../platform/context";
import { runBatch } from "../platform/db";
import { keyForAttempt, spentOnServerError } from "../platform/stripe-lookup";
import { withRateLimitBackoff } from "../platform/stripe-rate-limit";
import { post } from "./ledger";
import { PAYOUT_CURRENCY, type PayoutOutcome, isBalanceShort, isPermanentRefusal, payoutMinimumCents, payoutsReady } from "./payouts";
import { bookTransferReversals } from "./payout-reversals";
import { awaitTurn } from "./transfer-pacer";

type Payee = typeof collaboratorPayees.$inferSelect;
export type CollaboratorPayoutRow = Omit<typeof collaboratorPayouts.$inferSelect, "createdAt" | "updatedAt">;
type Part = { collaboratorId: string; cents: number };

const transferGroup = (payoutId: string) => `collaborator_payout_${payoutId}`;
const stillPending = (ref: SQL) => sql`exists (select 1 from collaborator_payouts where id = ${ref} and status = 'pending')`;

/** Each naming of the payee's phone with an available balance, in one statement. */
const availablePartsQuery = (payeeId: string) =>
  sql`select c.id as collaboratorId, sum(e.amount_cents) as cents from collaborator_payees p
    join collaborators c on c.phone = p.phone join ledger_entries e on e.account = 'collaborator:' || c.id || ':available'
    where p.id = ${payeeId} group by c.id having sum(e.amount_cents) > 0 order by c.id`;

const rowOf = (raw: Record<string, unknown>): CollaboratorPayoutRow => ({
  ...(raw as Omit<CollaboratorPayoutRow, "parts">),
  parts: JSON.parse(String(raw.parts)) as Part[],
});

/** What a try at the Transfer came to (as ledger/payouts.ts's TransferAttempt; `partlyReversed` booked once the payout is recorded paid). */
type Attempt = { kind: "sent"; transferId: string; partlyReversed?: Stripe.Transfer } | { kind: "short" } | { kind: "refused"; message: string };

async function attemptTransfer(ctx: Ctx, payee: Payee, payout: CollaboratorPayoutRow, resumed: boolean): Promise<Attempt> {
  const destination = payee.stripeAccountId;
  if (!destination) return { kind: "refused", message: "The collaborator has no connected account." };
  const spentKeys = payout.stripeKeyAttempt + payout.fundingWaits;
  if (resumed || spentKeys > 0) {
    await awaitTurn(ctx, "lookup");
    const earlier = await withRateLimitBackoff(() => ctx.stripe.transfers.list({ transfer_group: transferGroup(payout.id), limit: 1 }));
    const found = earlier.data[0];
    if (found?.reversed) return { kind: "refused", message: `Stripe reversed the payout's transfer ${found.id} in full.` };
    if (found) return { kind: "sent", transferId: found.id, ...(found.amount_reversed > 0 ? { partlyReversed: found } : {}) };
  }
  await awaitTurn(ctx, "transfer");
  try {
    const transfer = await withRateLimitBackoff(() =>
      ctx.stripe.transfers.create(
        {
          amount: payout.amountCents,
          currency: PAYOUT_CURRENCY,
          destination,
          transfer_group: transferGroup(payout.id),
          metadata: { collaboratorPayoutId: payout.id, collaboratorPayeeId: payee.id, period: payout.period },
        },
        { idempotencyKey: keyForAttempt(`collaborator-payout-${payout.id}`, spentKeys) },
      ),
    );
    return { kind: "sent", transferId: transfer.id };
  } catch (error) {
    if (isBalanceShort(error)) return { kind: "short" };
    if (spentOnServerError(error))
      await ctx.db.run(
        sql`update collaborator_payouts set stripe_key_attempt = ${payout.stripeKeyAttempt + 1} where id = ${payout.id} and stripe_key_attempt = ${payout.stripeKeyAttempt}`,
      );
    if (!isPermanentRefusal(error)) throw error;
    return { kind: "refused", message: error.message };
  }
}

/** The attempt's outcome in one D1 batch, every write holding only while the row is still pending. */
async function recordAttempt(ctx: Ctx, payout: CollaboratorPayoutRow, attempt: Attempt): Promise<"paid" | "failed" | "waiting_for_funds"> {
  const now = ctx.now();
  const money = { id: payout.id, payeeId: payout.payeeId, amountCents: payout.amountCents, parts: payout.parts };
  if (attempt.kind === "short") {
    await ctx.db.run(sql`update collaborator_payouts set funding_waits = ${payout.fundingWaits + 1}, updated_at = ${now}
      where id = ${payout.id} and status = 'pending' and funding_waits = ${payout.fundingWaits}`);
    return "waiting_for_funds";
  }
  const sent = attempt.kind === "sent";
  const posting = sent ? POSTINGS.collaboratorPayoutSent(money) : POSTINGS.collaboratorPayoutFailed(money);
  await runBatch(ctx.db, [
    ...postingStatements([posting], now, { onlyIf: stillPending }).statements,
    sent
      ? sql`update collaborator_payouts set status = 'paid', stripe_transfer_id = ${attempt.transferId}, updated_at = ${now} where id = ${payout.id} and status = 'pending'`
      : sql`update collaborator_payouts set status = 'failed', failure_message = ${attempt.message}, updated_at = ${now} where id = ${payout.id} and status = 'pending'`,
  ]);
  return sent ? "paid" : "failed";
}

async function settle(ctx: Ctx, payee: Payee, payout: CollaboratorPayoutRow, resumed: boolean) {
  if (resumed) await post(ctx, POSTINGS.collaboratorPayout(payout));
  const attempt = await attemptTransfer(ctx, payee, payout, resumed);
  const outcome = await recordAttempt(ctx, payout, attempt);
  if (attempt.kind === "sent" && attempt.partlyReversed) await bookTransferReversals(ctx, attempt.partlyReversed);
  return outcome;
}

/** A new payout row and its ledger move in one batch; null when another delivery made the period's row first. */
async function createPayout(ctx: Ctx, payeeId: string, period: string, parts: Part[]): Promise<CollaboratorPayoutRow | null> {
  const now = ctx.now();
  const row: CollaboratorPayoutRow = {
    id: crypto.randomUUID(),
    payeeId,
    period,
    amountCents: parts.reduce((sum, part) => sum + part.cents, 0),
    parts,
    status: "pending",
    stripeTransferId: null,
    failureMessage: null,
    stripeKeyAttempt: 0,
    fundingWaits: 0,
  };
  const [inserted] = await runBatch(ctx.db, [
    sql`insert into collaborator_payouts (id, payee_id, period, amount_cents, parts, status, created_at, updated_at)
      values (${row.id}, ${payeeId}, ${period}, ${row.amountCents}, ${JSON.stringify(parts)}, 'pending', ${now}, ${now}) on conflict do nothing`,
    ...postingStatements([POSTINGS.collaboratorPayout(row)], now, { onlyIf: stillPending }).statements,
  ]);
  return inserted.meta.changes === 1 ? row : null;
}

/**
 * The `payouts.collaborator` job: pays the payee's available balance (every naming's) for `period`
 * once. Unfinished earlier payouts go first; below the minimum, or without a ready account, the
 * balance waits and nothing is written.
 */
export async function payCollaborator(ctx: Ctx, payeeId: string, period: string): Promise<PayoutOutcome> {
  const [payees, theirs, availableNow] = await runBatch(ctx.db, [
    sql`select id, phone, stripe_account_id as stripeAccountId, payouts_enabled as payoutsEnabled, payout_requirements as payoutRequirements
      from collaborator_payees where id = ${payeeId}`,
    sql`select id, payee_id as payeeId, period, amount_cents as amountCents, parts, status, stripe_transfer_id as stripeTransferId,
        failure_message as failureMessage, stripe_key_attempt as stripeKeyAttempt, funding_waits as fundingWaits
      from collaborator_payouts where payee_id = ${payeeId} and (status = 'pending' or period = ${period}) order by created_at`,
    availablePartsQuery(payeeId),
  ]);
  const available = availableNow.results as Part[];
  const raw = (payees.results as (Payee & { payoutRequirements: string })[])[0];
  if (!raw) return "no_artist";
  const payee = { ...raw, payoutsEnabled: Boolean(raw.payoutsEnabled), payoutRequirements: JSON.parse(raw.payoutRequirements) as string[] };
  const rows = (theirs.results as Record<string, unknown>[]).map(rowOf);

  let stillWaiting = false;
  let settledEarlier = false;
  for (const payout of rows) {
    if (payout.period === period || payout.status !== "pending") continue;
    settledEarlier = true;
    if ((await settle(ctx, payee, payout, true)) === "waiting_for_funds") stillWaiting = true;
  }
  const existing = rows.find((payout) => payout.period === period);
  if (existing) return existing.status === "pending" ? settle(ctx, payee, existing, true) : "already_done";
  if (stillWaiting) return "waiting_for_funds";

  const parts = settledEarlier ? await ctx.db.all<Part>(availablePartsQuery(payeeId)) : available;
  if (parts.reduce((sum, part) => sum + part.cents, 0) < payoutMinimumCents(ctx.env)) return "below_minimum";
  if (!payoutsReady(payee)) return "held";
  const created = await createPayout(ctx, payeeId, period, parts);
  if (created) return settle(ctx, payee, created, false);
  // Another delivery made the period's row first: read again, that row is finished (once) like any unfinished one.
  return payCollaborator(ctx, payeeId, period);
}

/** Payees per collaborator page job; also the most messages one sendBatch may carry (Queues limit: 100). */
export const COLLABORATOR_PAGE_SIZE = 100;

/**
 * One page of the run's collaborator payees (keyset on the payee id): those with a ready account
 * whose namings' available balance reaches the minimum, and those with an unfinished payout, each
 * get a `payouts.collaborator` job; the next page is enqueued first. Two D1 statements a page.
 */
export async function runCollaboratorPayoutPage(
  ctx: Ctx,
  period: string,
  cursor: string | null,
): Promise<{ payees: number; enqueued: number; next: string | null }> {
  const page = await ctx.db.all<{ id: string; ready: number; pending: number }>(
    sql`select p.id, (p.stripe_account_id is not null and p.payouts_enabled = 1 and p.payout_requirements = '[]') as ready,
        exists (select 1 from collaborator_payouts o where o.payee_id = p.id and o.status = 'pending') as pending
      from collaborator_payees p where p.id > ${cursor ?? ""} order by p.id limit ${COLLABORATOR_PAGE_SIZE}`,
  );
  const ready = page.filter((payee) => payee.ready === 1).map((payee) => payee.id);
  const balances = new Map<string, number>();
  if (ready.length > 0) {
    const rows = await ctx.db.all<{ id: string; total: number }>(
      sql`select p.id, sum(e.amount_cents) as total from collaborator_payees p join collaborators c on c.phone = p.phone
        join ledger_entries e on e.account = 'collaborator:' || c.id || ':available'
        where p.id in (select value from json_each(${JSON.stringify(ready)})) group by p.id`,
    );
    for (const row of rows) balances.set(row.id, row.total);
  }
  const minimum = payoutMinimumCents(ctx.env);
  const payable = page.filter((payee) => payee.pending === 1 || (balances.get(payee.id) ?? 0) >= minimum);
  const next = page.length === COLLABORATOR_PAGE_SIZE ? page[page.length - 1]!.id : null;
  if (next) await ctx.jobs.send({ type: "payouts.collaborator_page", period, cursor: next });
  if (payable.length > 0) await ctx.jobs.sendBatch(payable.map((payee) => ({ body: { type: "payouts.collaborator", payeeId: payee.id, period } })));
  return { payees: page.length, enqueued: payable.length, next };
}
