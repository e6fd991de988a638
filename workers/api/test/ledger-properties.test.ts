/**
 * The ledger against Stripe, by property (docs/decisions/030-one-way-per-thing.md). fast-check draws
 * random sequences of what artists, listeners, operators and the queue do with money — uploads,
 * distribution fees, recovery offers, admin retries and initial charges, songs going live,
 * purchases, payouts, operators rejecting paid songs and the refunds that follow — with cards that
 * decline every charge and Stripe failing (a 500 stored under its key, before or after the work;
 * a 429). Each step goes through the service the product uses, on real local D1 and the Stripe
 * sandbox. After each run, once the queue's redeliveries and Stripe's webhooks have done their work:
 * every ledger transaction sums to zero, no artist's available balance is negative, and the ledger's
 * charges, refunds and transfers for the run's artists are exactly what the sandbox made.
 *
 * Size: RUNS × OPERATIONS_PER_RUN (below). A failing run reports fast-check's seed and path;
 * shrinking is off (each try costs seconds of real I/O).
 */
import { env } from "cloudflare:workers";
import { and, eq, inArray } from "drizzle-orm";
import fc from "fast-check";
import Stripe from "stripe";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { LEDGER_ACCOUNTS, LEDGER_KINDS } from "@jplay/schema/ledger-postings";
import { artists, ledgerEntries, ledgerTransactions, paymentMethods, payments, payouts, refunds, retryItems } from "@jplay/schema/tables";
import { createDb } from "../src/platform/db";
import { AppError } from "../src/platform/errors";
import { chargeRetryItem } from "../src/payments/jobs/admin-charge";
import { processDistribution } from "../src/distribution/jobs/process-distribution";
import { createStripe } from "../src/platform/stripe-client";
import { createRetryBatch } from "../src/payments/admin/admin-retry";
import { completeDistribution } from "../src/payments/checkout/complete-distribution";
import { rejectSongByOperator } from "../src/distribution/operator-rejection";
import { payArtist } from "../src/ledger/payouts";
import { recordPurchaseReport } from "../src/provider/record-purchases";
import { makeRecoveryOffer } from "../src/payments/recovery/recovery-offer";
import { artistById } from "../src/access/index";
import { sendRefund } from "../src/refunds/send-refund";
import { approveSong } from "../src/distribution/song-review";
import { withFastClock } from "./fast-clock";
import { artistWithSong, deliverEvents, freshCardNumber, sandboxAdmin } from "./payment-support";
import { fundPlatformBalance, payableConnectedAccount } from "./platform-funds";
import { CapturingQueue, pipelineContext, TEST_OPERATOR } from "./song-fixtures";
import { type Browser, mp3Bytes, testContext } from "./support";

/**
 * Runs × operations. The default fits the suite's time on a busy two-core machine (docs/decisions/030);
 * `LEDGER_PROPERTY_RUNS=20 LEDGER_PROPERTY_OPERATIONS=500` runs the full 10,000 operations.
 */
const RUNS = Number(env.LEDGER_PROPERTY_RUNS) || 4;
const OPERATIONS_PER_RUN = Number(env.LEDGER_PROPERTY_OPERATIONS) || 250;
/** Artists per run: two with good cards, one whose card saves and then declines every charge. */
const DECLINING_CARD = "4000000000000341";
const CARDS = () => [freshCardNumber(), freshCardNumber(), DECLINING_CARD];
const DAY_MS = 24 * 60 * 60 * 1000;

const db = createDb(env.DB);
const stripe = createStripe(env);

interface RunArtist {
  id: string;
  browser: Browser;
  customerId: string;
  paymentMethodId: string;
  accountId: string;
  songIds: string[];
}

/** One run's world: its artists and songs, the day payouts run for, and what happened (for the report). */
interface World {
  artists: RunArtist[];
  /** Songs that went live in this run: what listeners buy. */
  live: string[];
  /** Payout periods: each `nextDay` step moves on one UTC day. */
  day: number;
  jobs: CapturingQueue;
}

// ---- The operations -------------------------------------------------------------------------------

/** Which artist or song a step acts on: an index taken modulo what exists when it runs. */
const pick = fc.nat({ max: 1_000 });
const stripeFault = fc.constantFrom("http_500", "http_500_after_commit", "http_429");

const plainOperation = fc.oneof(
  { weight: 2, arbitrary: fc.record({ kind: fc.constant("upload" as const), artist: pick }) },
  { weight: 4, arbitrary: fc.record({ kind: fc.constant("fee" as const), song: pick, option: fc.constantFrom("standard" as const, "expedited" as const) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant("recovery" as const), song: pick, tier: fc.constantFrom(1 as const, 2 as const) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant("adminRetry" as const), song: pick, initialCharge: fc.boolean() }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant("publish" as const), song: pick }) },
  // Listeners buy far more often than anything else happens.
  { weight: 60, arbitrary: fc.record({ kind: fc.constant("purchase" as const), song: pick, priceCents: fc.integer({ min: 1, max: 2_000 }) }) },
  { weight: 6, arbitrary: fc.record({ kind: fc.constant("payout" as const), artist: pick }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant("nextDay" as const) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant("reject" as const), song: pick }) },
);
type PlainOperation = typeof plainOperation extends fc.Arbitrary<infer T> ? T : never;

/** A step during which Stripe fails once: the fault is armed, the step runs under it, the fault is cleared. */
const operation = fc.oneof(
  { weight: 60, arbitrary: plainOperation },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant("stripeFails" as const),
      fault: stripeFault,
      step: fc.oneof(
        fc.record({ kind: fc.constant("fee" as const), song: pick, option: fc.constant("standard" as const) }),
        fc.record({ kind: fc.constant("adminRetry" as const), song: pick, initialCharge: fc.constant(false) }),
        fc.record({ kind: fc.constant("payout" as const), artist: pick }),
        fc.record({ kind: fc.constant("reject" as const), song: pick }),
      ),
    }),
  },
);
type Operation = typeof operation extends fc.Arbitrary<infer T> ? T : never;

const FAULT_PATHS = { fee: "/v1/payment_intents", adminRetry: "/v1/payment_intents", payout: "/v1/transfers", reject: "/v1/refunds" } as const;

const songsOf = (world: World) => world.artists.flatMap((artist) => artist.songIds.map((songId) => ({ artist, songId })));
const paymentDeps = (world: World) => testContext({ jobs: world.jobs.asQueue(), stripe });
const jobContext = (world: World) => pipelineContext(world.jobs);
const period = (world: World) => new Date(Date.UTC(2031, 0, 1) + world.day * DAY_MS).toISOString().slice(0, 10);

/** The queue: runs the refund and admin charge jobs a step queued (texts and pipeline jobs are left). */
async function runQueuedMoneyJobs(world: World): Promise<void> {
  for (const { body } of world.jobs.take()) {
    if (body.type === "refund.send") await sendRefund(paymentDeps(world), body.refundId);
    if (body.type === "admin.charge") await chargeRetryItem(paymentDeps(world), body.itemId);
  }
}

type RunSong = ReturnType<typeof songsOf>[number];

/**
 * The songs a step picks from. Listeners buy songs in the catalogue; operators reject the paid songs
 * their review shows (approved, not yet live), as only those can be rejected and refunded. While none
 * is in that state, either meets a song in any state, as every other step does.
 */
async function candidatesFor(world: World, step: PlainOperation, songs: RunSong[]): Promise<RunSong[]> {
  if (step.kind === "purchase" && world.live.length > 0) return songs.filter((song) => world.live.includes(song.songId));
  if (step.kind !== "reject" || songs.length === 0) return songs;
  const ids = JSON.stringify(songs.map((song) => song.songId));
  const approved = (
    await env.DB.prepare("SELECT id FROM songs WHERE status = 'approved' AND id IN (SELECT value FROM json_each(?))").bind(ids).all<{ id: string }>()
  ).results.map((row) => row.id);
  return approved.length > 0 ? songs.filter((song) => approved.includes(song.songId)) : songs;
}

async function runStep(world: World, step: PlainOperation): Promise<void> {
  const candidates = await candidatesFor(world, step, songsOf(world));
  const song = "song" in step && candidates.length > 0 ? candidates[step.song % candidates.length]! : null;
  const artist = "artist" in step ? world.artists[step.artist % world.artists.length]! : song?.artist;
  switch (step.kind) {
    case "upload": {
      const answer = await artist!.browser.fetch("/api/distribute", { method: "POST", body: uploadForm() });
      // 409: the artist already holds the most unpaid songs allowed.
      if (answer.status === 201) artist!.songIds.push((await answer.json<{ id: string }>()).id);
      else expect(answer.status).toBe(409);
      return;
    }
    case "fee":
      await completeDistribution(paymentDeps(world), (await artistById(db, song!.artist.id))!, {
        songId: song!.songId,
        feeOption: step.option,
        requestId: crypto.randomUUID(),
      });
      return;
    case "recovery":
      await makeRecoveryOffer(paymentDeps(world), (await artistById(db, song!.artist.id))!, song!.songId, step.tier);
      return;
    case "adminRetry":
      await createRetryBatch(
        paymentDeps(world),
        [{ artistId: song!.artist.id, paymentMethodId: song!.artist.paymentMethodId, songId: step.initialCharge ? null : song!.songId }],
        TEST_OPERATOR,
      );
      await runQueuedMoneyJobs(world);
      return;
    case "publish": {
      // The pipeline's audio check and schedule, an operator's approval, the song live at its time.
      await processDistribution(jobContext(world), song!.songId);
      const approved = await approveSong(testContext({ jobs: world.jobs.asQueue(), now: () => Date.now() + 30 * DAY_MS }), song!.songId, {
        actor: TEST_OPERATOR,
      });
      if (approved.status === "distributed") world.live.push(song!.songId);
      world.jobs.take();
      return;
    }
    case "purchase":
      // The song's price moves (an operator's change) to the price sold at: purchases are credited only at it.
      await env.DB.prepare("UPDATE songs SET price_cents = ? WHERE id = ?").bind(step.priceCents, song!.songId).run();
      await recordPurchaseReport(testContext(), {
        purchases: [{ purchaseId: crypto.randomUUID(), songId: song!.songId, priceCents: step.priceCents, purchasedAt: new Date().toISOString() }],
      });
      return;
    case "payout":
      await payArtist(testContext({ jobs: world.jobs.asQueue(), stripe }), artist!.id, period(world));
      world.jobs.take();
      return;
    case "nextDay":
      world.day++;
      return;
    case "reject":
      await rejectSongByOperator(
        testContext({ jobs: world.jobs.asQueue() }),
        song!.songId,
        { reason: "not_their_work", note: "The file is not the artist's own recording." },
        TEST_OPERATOR,
      );
      await runQueuedMoneyJobs(world);
      return;
  }
}

/** What a step may meet without anything being wrong: a refusal the product answers, or Stripe failing. */
const expectedFailure = (error: unknown) => (error instanceof AppError && error.status < 500) || error instanceof Stripe.errors.StripeError;

const count = (tally: Map<string, number>, key: string) => tally.set(key, (tally.get(key) ?? 0) + 1);

async function apply(world: World, op: Operation, tally: Map<string, number>): Promise<void> {
  count(tally, op.kind);
  const started = performance.now();
  if ("song" in (op.kind === "stripeFails" ? op.step : op) && songsOf(world).length === 0) return;
  try {
    if (op.kind !== "stripeFails") return await runStep(world, op);
    await sandboxAdmin("/v1/test_helpers/faults", { mode: op.fault, count: "1", path_prefix: FAULT_PATHS[op.step.kind], method: "POST" });
    // The SDK's back-off between its own retries is simulated time.
    await withFastClock(() => runStep(world, op.step));
  } catch (error) {
    if (!expectedFailure(error)) throw error;
    count(tally, `refused:${op.kind}`);
  } finally {
    if (op.kind === "stripeFails") await sandboxAdmin("/v1/test_helpers/faults", {}, "DELETE");
    tally.set(`ms:${op.kind}`, (tally.get(`ms:${op.kind}`) ?? 0) + Math.round(performance.now() - started));
  }
}

/** The upload form as the distribute screen sends it. */
function uploadForm(): FormData {
  const form = new FormData();
  form.set("artistName", "Ledger Lyric");
  form.set("songTitle", "Property Song");
  form.set("explicit", "no");
  form.set("price", "1.99");
  form.set("songFile", new Blob([mp3Bytes()]), "song.mp3");
  return form;
}

// ---- A run's artists, and settling up -------------------------------------------------------------

/** An artist with a saved card, one pending song and a connected account Stripe can pay, paid daily. */
async function newArtist(cardNumber: string): Promise<RunArtist> {
  const made = await artistWithSong(cardNumber);
  const account = await payableConnectedAccount();
  await db.update(artists).set({ stripeAccountId: account.id, payoutsEnabled: true, paymentFrequency: "daily" }).where(eq(artists.id, made.artistId));
  const [card] = await db.select({ id: paymentMethods.id }).from(paymentMethods).where(eq(paymentMethods.artistId, made.artistId));
  return { id: made.artistId, browser: made.browser, customerId: made.customerId, paymentMethodId: card!.id, accountId: account.id, songIds: [made.songId] };
}

/**
 * What the queue and the cron would still do: retry items, refunds and payouts left unfinished by a
 * failing Stripe are tried again (each looks up what its spent key made first), and Stripe's
 * pending webhooks are delivered.
 */
async function settle(world: World): Promise<void> {
  const artistIds = world.artists.map((artist) => artist.id);
  const pendingItems = await db
    .select({ id: retryItems.id })
    .from(retryItems)
    .where(and(inArray(retryItems.artistId, artistIds), eq(retryItems.status, "pending")));
  for (const item of pendingItems) await chargeRetryItem(paymentDeps(world), item.id);
  const runPayments = db.select({ id: payments.id }).from(payments).where(inArray(payments.artistId, artistIds));
  const pendingRefunds = await db
    .select({ id: refunds.id })
    .from(refunds)
    .where(and(inArray(refunds.paymentId, runPayments), eq(refunds.status, "pending")));
  for (const refund of pendingRefunds) await sendRefund(paymentDeps(world), refund.id);
  const pendingPayouts = await db
    .select()
    .from(payouts)
    .where(and(inArray(payouts.artistId, artistIds), eq(payouts.status, "pending")));
  for (const payout of pendingPayouts) await payArtist(testContext({ jobs: world.jobs.asQueue(), stripe }), payout.artistId, payout.period);
  world.jobs.take();
  await deliverEvents();
}

// ---- What must hold -------------------------------------------------------------------------------

const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);

/** The ledger's balance of `account` over transactions of `kinds` whose ref is one of `refs`. */
async function ledgerSum(account: string, kinds: string[], refs: string[]): Promise<number> {
  if (refs.length === 0) return 0;
  const rows = await db
    .select({ amountCents: ledgerEntries.amountCents })
    .from(ledgerEntries)
    .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
    .where(and(eq(ledgerEntries.account, account), inArray(ledgerTransactions.kind, kinds), inArray(ledgerTransactions.ref, refs)));
  return sum(rows.map((row) => row.amountCents));
}

async function all<T>(list: Stripe.ApiListPromise<T>): Promise<T[]> {
  return list.autoPagingToArray({ limit: 10_000 });
}

/** What the sandbox made for the run's artists, in cents: charges that succeeded, refunds that went through, transfers. */
async function atStripe(world: World) {
  let charged = 0;
  let refunded = 0;
  let transferred = 0;
  for (const artist of world.artists) {
    const charges = (await all(stripe.charges.list({ customer: artist.customerId, limit: 100 }))).filter((charge) => charge.status === "succeeded");
    charged += sum(charges.map((charge) => charge.amount));
    for (const charge of charges) {
      const intent = typeof charge.payment_intent === "string" ? charge.payment_intent : charge.payment_intent?.id;
      if (!intent) continue;
      refunded += sum(
        (await all(stripe.refunds.list({ payment_intent: intent, limit: 100 })))
          .filter((refund) => refund.status === "succeeded")
          .map((refund) => refund.amount),
      );
    }
    transferred += sum(
      (await all(stripe.transfers.list({ destination: artist.accountId, limit: 100 }))).map((transfer) => transfer.amount - (transfer.amount_reversed ?? 0)),
    );
  }
  return { charged, refunded, transferred };
}

/** The same three, as the ledger has them for the run's artists. */
async function inLedger(world: World) {
  const artistIds = world.artists.map((artist) => artist.id);
  const paymentIds = (await db.select({ id: payments.id }).from(payments).where(inArray(payments.artistId, artistIds))).map((row) => row.id);
  const refundIds =
    paymentIds.length === 0 ? [] : (await db.select({ id: refunds.id }).from(refunds).where(inArray(refunds.paymentId, paymentIds))).map((row) => row.id);
  const payoutIds = (await db.select({ id: payouts.id }).from(payouts).where(inArray(payouts.artistId, artistIds))).map((row) => row.id);
  return {
    // What JPlay received is negative in the ledger (ledger-postings.ts).
    charged: 0 - (await ledgerSum(LEDGER_ACCOUNTS.stripeCharges, [LEDGER_KINDS.payment], paymentIds)),
    refunded: await ledgerSum(LEDGER_ACCOUNTS.refundsSent, [LEDGER_KINDS.refund, LEDGER_KINDS.refundFailed], refundIds),
    transferred: await ledgerSum(LEDGER_ACCOUNTS.payoutsSent, [LEDGER_KINDS.payoutSent], payoutIds),
  };
}

async function expectBooksBalanced(): Promise<void> {
  const unbalanced = await env.DB.prepare(
    "select transaction_id, sum(amount_cents) as total from ledger_entries group by transaction_id having total != 0",
  ).all();
  expect(unbalanced.results).toEqual([]);
  const negative = await env.DB.prepare(
    "select account, sum(amount_cents) as balance from ledger_entries where account like 'artist:%:available' group by account having balance < 0",
  ).all();
  expect(negative.results).toEqual([]);
}

// ---- The property ---------------------------------------------------------------------------------

beforeAll(async () => {
  // Transfers draw on Stripe's available balance: funded once, as an operator tops it up.
  await fundPlatformBalance(100_000_000);
});

describe("the ledger is the only writer of money", () => {
  it(
    `after ${RUNS} runs of ${OPERATIONS_PER_RUN} random operations with declines and Stripe failures, the books balance and match Stripe`,
    async () => {
      const tally = new Map<string, number>();
      const totals = { charged: 0, refunded: 0, transferred: 0 };
      await fc.assert(
        fc.asyncProperty(fc.array(operation, { minLength: OPERATIONS_PER_RUN, maxLength: OPERATIONS_PER_RUN }), async (ops) => {
          const timed = async <T>(name: string, work: () => Promise<T>) => {
            const started = performance.now();
            const result = await work();
            tally.set(`ms:${name}`, (tally.get(`ms:${name}`) ?? 0) + Math.round(performance.now() - started));
            return result;
          };
          const world: World = { artists: await timed("setup", () => Promise.all(CARDS().map(newArtist))), live: [], day: 0, jobs: new CapturingQueue() };
          for (const op of ops) await apply(world, op, tally);
          await timed("settle", () => settle(world));
          await expectBooksBalanced();
          // Webhooks Stripe sent in the background may still be arriving: wait for the books to catch up.
          const stripeSide = await atStripe(world);
          await vi.waitFor(async () => expect(await inLedger(world)).toEqual(stripeSide), { timeout: 20_000, interval: 200 });
          totals.charged += stripeSide.charged;
          totals.refunded += stripeSide.refunded;
          totals.transferred += stripeSide.transferred;
        }),
        { numRuns: RUNS, endOnFailure: true },
      );
      console.log(JSON.stringify({ level: "info", test: "ledger-properties", totals, operations: Object.fromEntries(tally) }));
      // The runs moved money every way they claim to have tested.
      expect(totals.charged).toBeGreaterThan(0);
      expect(totals.refunded).toBeGreaterThan(0);
      expect(totals.transferred).toBeGreaterThan(0);
      expect(tally.get("refused:stripeFails") ?? 0).toBeGreaterThan(0);
    },
    120_000 + RUNS * OPERATIONS_PER_RUN * 100,
  );
});
