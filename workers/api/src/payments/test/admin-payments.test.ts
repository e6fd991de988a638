/**
 * The operator's payment overview, retries and Charge All, and an artist's details, through the
 * Worker's real handlers with local D1, the JOBS queue consumer and the Stripe sandbox.
 */
import { createExecutionContext, createMessageBatch, getQueueResult } from "cloudflare:test";
import { env, exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type {
  AdminArtistDetails,
  AdminFailedJobsResponse,
  AdminPaymentRecord,
  AdminPaymentsResponse,
  RetryBatchResponse,
  RetryItemRequest,
} from "@jplay/schema/admin";
import { CARD_ATTEMPTS_PER_WINDOW } from "@jplay/schema/pricing";
import worker from "../../index";
import type { Job } from "../../platform/job";
import { createStripe, SANDBOX_SECRET_KEY } from "../../platform/stripe-client";
import { NO_FAILED_PAYMENTS_MESSAGE } from "../admin/admin-retry";
import { adminWrite, signedInOperator, SITE_ORIGIN } from "../../../test/admin-support";
import { freshCardNumber, webhooksUnreachable } from "../../../test/payment-support";
import { CapturingQueue } from "../../../test/song-fixtures";
import { Browser, setUpArtist, TEST_CARD } from "../../../test/support";

/** Artists, cards, songs and payments written straight to D1, many at a time (one statement each). */
async function seedArtists(prefix: string, count: number) {
  const ids = JSON.stringify(Array.from({ length: count }, (_, i) => `${prefix}-${String(i).padStart(4, "0")}`));
  const statements = [
    `INSERT INTO artists (id, phone, stripe_customer_id) SELECT value, '+1 555 02' || key, 'cus_' || value FROM json_each(?1)`,
    `INSERT INTO payment_methods (id, artist_id, stripe_payment_method_id, brand, last4, exp_month, exp_year, is_default)
       SELECT 'card-' || value, value, 'pm_' || value, 'visa', substr('000' || key, -4), 12, 2034, 1 FROM json_each(?1)`,
    // Every artist: one paid song (approved, $49.99) and one unpaid (pending) song.
    `INSERT INTO songs (id, artist_id, title, artist_name, status, audio_key, package, distribution_fee_cents, created_at)
       SELECT 'paid-' || value, value, 'Paid song ' || key, 'Seeded ' || key, 'approved', 'songs/x/audio.mp3', 'expedited', 4999, 1000 FROM json_each(?1)`,
    `INSERT INTO songs (id, artist_id, title, artist_name, status, audio_key, created_at)
       SELECT 'unpaid-' || value, value, 'Unpaid song ' || key, 'Seeded ' || key, 'pending', 'songs/x/audio.mp3', 2000 FROM json_each(?1)`,
    // Every third artist has a charge in flight for the unpaid song.
    `INSERT INTO payments (id, artist_id, song_id, purpose, package, amount_cents, status)
       SELECT 'pay-' || value, value, 'unpaid-' || value, 'distribution', 'expedited', 4999, 'processing' FROM json_each(?1) WHERE key % 3 = 0`,
  ];
  await env.DB.batch(statements.map((statement) => env.DB.prepare(statement).bind(ids)));
}

/** The D1 binding with a count of the statements prepared through it. */
function countingD1(d1: D1Database) {
  let statements = 0;
  const counted = new Proxy(d1, {
    get(target, property) {
      if (property === "prepare") {
        return (query: string) => {
          statements++;
          return target.prepare(query);
        };
      }
      const value = Reflect.get(target, property, target) as unknown;
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
  return { d1: counted, statements: () => statements };
}

async function paymentsWithCountedQueries(cookie: string) {
  const counter = countingD1(env.DB);
  const response = await worker.fetch(
    new Request(`${SITE_ORIGIN}/api/admin/payments?limit=500`, { headers: { Cookie: cookie } }),
    { ...env, DB: counter.d1 },
    createExecutionContext(),
  );
  expect(response.status).toBe(200);
  return { body: await response.json<AdminPaymentsResponse>(), statements: counter.statements() };
}

async function operatorCookie() {
  const response = await worker.fetch(
    new Request(`${SITE_ORIGIN}/api/admin/session`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: SITE_ORIGIN },
      body: JSON.stringify({ password: env.ADMIN_PASSWORD }),
    }),
    env,
    createExecutionContext(),
  );
  return response.headers.getSetCookie()[0]!.split(";")[0]!;
}

describe("GET /api/admin/payments", () => {
  it("answers the product's record per saved card, with songs, fees in dollars and charges in flight", async () => {
    await seedArtists("shape", 3);
    // A second, older card for artist 1, and an artist with a card but no song and no payment.
    await env.DB.batch([
      env.DB.prepare(
        "INSERT INTO payment_methods (id, artist_id, stripe_payment_method_id, brand, last4, exp_month, exp_year, is_default, created_at) VALUES ('card-old', 'shape-0001', 'pm_old', 'mastercard', '4444', 1, 2030, 0, 1)",
      ),
      env.DB.prepare("INSERT INTO artists (id, phone, stripe_customer_id) VALUES ('shape-new', NULL, 'cus_shape_new')"),
      env.DB.prepare(
        "INSERT INTO payment_methods (id, artist_id, stripe_payment_method_id, brand, last4, exp_month, exp_year, is_default) VALUES ('card-new', 'shape-new', 'pm_new', 'amex', '0005', 3, 2031, 1)",
      ),
      // shape-0002's paid song was never paid after all: no successful payment for that artist.
      env.DB.prepare("UPDATE songs SET status = 'pending', package = NULL, distribution_fee_cents = NULL WHERE id = 'paid-shape-0002'"),
      env.DB.prepare(
        "INSERT INTO payments (id, artist_id, song_id, purpose, amount_cents, status) VALUES ('failed-shape-2', 'shape-0002', 'paid-shape-0002', 'distribution', 9900, 'failed')",
      ),
    ]);

    const operator = await signedInOperator();
    const response = await operator.fetch("/api/admin/payments");
    expect(response.status).toBe(200);
    const { payments } = await response.json<AdminPaymentsResponse>();
    const byCard = new Map(payments.map((record) => [record.paymentMethodId, record]));

    expect(byCard.get("card-shape-0000")).toEqual({
      paymentMethodId: "card-shape-0000",
      artistId: "shape-0000",
      artistName: "Seeded 0",
      artistPhone: "+1 555 020",
      cardBrand: "visa",
      last4: "0000",
      expMonth: 12,
      expYear: 2034,
      isDefault: true,
      songs: [
        { id: "unpaid-shape-0000", title: "Unpaid song 0", status: "pending", processingPayment: true },
        { id: "paid-shape-0000", title: "Paid song 0", status: "approved", distributionFee: 49.99, processingPayment: false },
      ],
      hasSuccessfulPayment: true,
    } satisfies AdminPaymentRecord);
    // One record per card: the artist's second card carries the same songs.
    expect(byCard.get("card-old")).toMatchObject({
      artistId: "shape-0001",
      cardBrand: "mastercard",
      last4: "4444",
      isDefault: false,
      expMonth: 1,
      expYear: 2030,
    });
    expect(byCard.get("card-old")!.songs.map((s) => s.id)).toEqual(["unpaid-shape-0001", "paid-shape-0001"]);
    expect(byCard.get("card-shape-0001")!.songs[0]).toEqual({ id: "unpaid-shape-0001", title: "Unpaid song 1", status: "pending", processingPayment: false });
    // A failed payment is not in flight, and is not a successful one.
    expect(byCard.get("card-shape-0002")).toMatchObject({ hasSuccessfulPayment: false });
    expect(byCard.get("card-shape-0002")!.songs.every((s) => !s.processingPayment && s.distributionFee === undefined)).toBe(true);
    expect(byCard.get("card-new")).toEqual({
      paymentMethodId: "card-new",
      artistId: "shape-new",
      artistName: "",
      artistPhone: "",
      cardBrand: "amex",
      last4: "0005",
      expMonth: 3,
      expYear: 2031,
      isDefault: true,
      songs: [],
      hasSuccessfulPayment: false,
    });
  });

  it("counts an artist whose initial charge succeeded as having a successful payment", async () => {
    await seedArtists("initial", 1);
    await env.DB.batch([
      env.DB.prepare("UPDATE songs SET status = 'pending', package = NULL, distribution_fee_cents = NULL WHERE artist_id = 'initial-0000'"),
      env.DB.prepare("DELETE FROM payments WHERE artist_id = 'initial-0000'"),
    ]);
    const operator = await signedInOperator();
    const record = async () =>
      (await (await operator.fetch("/api/admin/payments")).json<AdminPaymentsResponse>()).payments.find((p) => p.artistId === "initial-0000")!;
    expect((await record()).hasSuccessfulPayment).toBe(false);
    await env.DB.prepare(
      "INSERT INTO payments (id, artist_id, purpose, amount_cents, status) VALUES ('init-ok', 'initial-0000', 'initial_charge', 799, 'succeeded')",
    ).run();
    expect((await record()).hasSuccessfulPayment).toBe(true);
  });

  it("reads D1 a fixed number of times for a page whatever the number of artists on it", async () => {
    const cookie = await operatorCookie();
    await seedArtists("few", 2);
    const few = await paymentsWithCountedQueries(cookie);
    await seedArtists("many", 300);
    const many = await paymentsWithCountedQueries(cookie);
    expect(many.body.payments.length - few.body.payments.length).toBe(300);
    expect(many.body.payments.filter((p) => p.artistId.startsWith("many-")).every((p) => p.songs.length === 2)).toBe(true);
    expect(few.statements).toBeGreaterThan(0);
    expect(many.statements).toBe(few.statements);
    expect(many.statements).toBeLessThanOrEqual(4);
    console.log(`GET /api/admin/payments: ${many.statements} D1 statements for ${many.body.payments.length} records`);
  });
});

// ---- Retries and Charge All ---------------------------------------------------------------------

/** An artist who saved a card through the real payment setup (Stripe sandbox). */
async function artistWithCard(number = freshCardNumber()) {
  const { setup, saved } = await setUpArtist(new Browser(), { ...TEST_CARD, number });
  expect(saved.status).toBe(200);
  const row = await env.DB.prepare(
    "SELECT a.id AS artistId, pm.id AS paymentMethodId, pm.fingerprint FROM artists a JOIN payment_methods pm ON pm.artist_id = a.id WHERE a.stripe_customer_id = ?",
  )
    .bind(setup.customerId)
    .first<{ artistId: string; paymentMethodId: string; fingerprint: string }>();
  return { customerId: setup.customerId, ...row! };
}

async function unpaidSong(artistId: string, title: string) {
  const id = crypto.randomUUID();
  await env.DB.prepare(
    "INSERT INTO songs (id, artist_id, title, artist_name, status, audio_key) VALUES (?, ?, ?, 'Retry Artist', 'pending', 'songs/x/audio.mp3')",
  )
    .bind(id, artistId, title)
    .run();
  return id;
}

const chargesOf = async (customerId: string) => (await createStripe(env).charges.list({ customer: customerId, limit: 100 })).data;
const paidCharges = async (customerId: string) => (await chargesOf(customerId)).filter((charge) => charge.paid);

async function postRetry(operator: Browser, payments: unknown[]) {
  const response = await adminWrite(operator, "POST", "/api/admin/payments/retry", { payments });
  return { status: response.status, body: await response.json<RetryBatchResponse & { error?: { code: string; message: string } }>() };
}

/** Delivers each item's admin.charge job `times` times in one queue batch, as a redelivering queue would. */
/**
 * Delivers the admin.charge jobs; the distribution jobs a paid song queues are captured rather than
 * run (these songs have no audio: the pipeline would reject them, while this file checks payment).
 */
async function deliver(itemIds: string[], times = 2) {
  const messages = itemIds.flatMap((itemId) =>
    Array.from({ length: times }, (_, n) => ({
      id: `${itemId}-${n}-${crypto.randomUUID()}`,
      timestamp: new Date(),
      attempts: n + 1,
      body: { type: "admin.charge", itemId } satisfies Job,
    })),
  );
  const batch = createMessageBatch<Job>("jplay-jobs", messages);
  const ctx = createExecutionContext();
  await worker.queue(batch, { ...env, JOBS: new CapturingQueue().asQueue() }, ctx);
  return getQueueResult(batch, ctx);
}

async function progress(operator: Browser, batchId: string) {
  const response = await operator.fetch(`/api/admin/payments/retry/${batchId}`);
  expect(response.status).toBe(200);
  return await response.json<RetryBatchResponse>();
}

describe("POST /api/admin/payments/retry and the admin.charge job", () => {
  it("charges each item once at the server's amounts though every message arrives twice, twice over; a stolen card is skipped with its reason", async () => {
    // What the job records: Stripe's webhooks, which would pay the song too (and queue its pipeline), wait.
    await webhooksUnreachable();
    const operator = await signedInOperator();
    const good = await artistWithCard();
    const song = await unpaidSong(good.artistId, "Second Chance");
    const newcomer = await artistWithCard();
    const declining = await artistWithCard("4000000000000341"); // saves fine, then every charge is declined
    const decliningSong = await unpaidSong(declining.artistId, "Declined Tune");
    const stolen = await artistWithCard();
    const stolenSong = await unpaidSong(stolen.artistId, "Stolen Card Song");
    // The card was reported stolen after it was saved: an earlier charge came back stolen_card.
    await env.DB.prepare("INSERT INTO card_attempts (id, fingerprint, outcome, decline_code) VALUES (?, ?, 'declined', 'stolen_card')")
      .bind(crypto.randomUUID(), stolen.fingerprint)
      .run();

    const requested: RetryItemRequest[] = [
      { paymentMethodId: good.paymentMethodId, artistId: good.artistId, songId: song, amount: 1 }, // a browser's amount is ignored
      { paymentMethodId: newcomer.paymentMethodId, artistId: newcomer.artistId, songId: null, amount: 100 },
      { paymentMethodId: declining.paymentMethodId, artistId: declining.artistId, songId: decliningSong },
      { paymentMethodId: stolen.paymentMethodId, artistId: stolen.artistId, songId: stolenSong },
    ];
    const created = await postRetry(operator, requested);
    expect(created.status).toBe(200);
    expect(created.body.summary).toEqual({ succeeded: 0, failed: 0 });
    expect(created.body.pending).toBe(4);
    expect(created.body.items.map((item) => [item.songId, item.amountCents, item.status])).toEqual([
      [song, 1049, "pending"],
      [null, 799, "pending"],
      [decliningSong, 1049, "pending"],
      [stolenSong, 1049, "pending"],
    ]);

    const itemIds = created.body.items.map((item) => item.id);
    const first = await deliver(itemIds);
    const second = await deliver(itemIds);
    for (const result of [first, second]) {
      expect(result.retryMessages).toEqual([]);
      expect(result.explicitAcks).toHaveLength(8);
    }

    const done = await progress(operator, created.body.batchId);
    expect(done.pending).toBe(0);
    expect(done.summary).toEqual({ succeeded: 2, failed: 2 });
    expect(done.items.map((item) => [item.status, item.reason])).toEqual([
      ["succeeded", null],
      ["succeeded", null],
      ["failed", "generic_decline"],
      ["skipped", "stolen_card"],
    ]);

    expect((await paidCharges(good.customerId)).map((c) => c.amount)).toEqual([1049]);
    expect((await paidCharges(newcomer.customerId)).map((c) => c.amount)).toEqual([799]);
    expect((await chargesOf(declining.customerId)).length).toBe(1); // the one declined attempt
    expect(await chargesOf(stolen.customerId)).toEqual([]); // never sent to Stripe

    // The retried song is paid exactly as a distribution payment pays it: the Final Offer package.
    const paidSong = await env.DB.prepare("SELECT status, package, distribution_fee_cents, revenue_split_bps FROM songs WHERE id = ?").bind(song).first();
    expect(paidSong).toEqual({ status: "approved", package: "recovery_2", distribution_fee_cents: 1049, revenue_split_bps: 4000 });
    const events = await env.DB.prepare("SELECT from_status, to_status, cause FROM song_events WHERE song_id = ?").bind(song).all();
    expect(events.results).toEqual([{ from_status: "pending", to_status: "approved", cause: "admin_retry" }]);
    const payments = await env.DB.prepare(
      "SELECT purpose, amount_cents, status, retry_item_id FROM payments WHERE retry_item_id IN (?, ?, ?, ?) ORDER BY amount_cents, status",
    )
      .bind(...itemIds)
      .all();
    expect(payments.results).toHaveLength(4);
    expect(payments.results).toContainEqual({ purpose: "initial_charge", amount_cents: 799, status: "succeeded", retry_item_id: itemIds[1] });

    // The overview now shows the song paid ($10.49) and the newcomer as having paid.
    const overview = await (await operator.fetch("/api/admin/payments")).json<AdminPaymentsResponse>();
    expect(overview.payments.find((p) => p.artistId === good.artistId)!.songs).toEqual([
      { id: song, title: "Second Chance", status: "approved", distributionFee: 10.49, processingPayment: false },
    ]);
    expect(overview.payments.find((p) => p.artistId === newcomer.artistId)!.hasSuccessfulPayment).toBe(true);

    // Retrying the paid song again is skipped, not charged.
    const again = await postRetry(operator, [requested[0]]);
    await deliver(
      again.body.items.map((item) => item.id),
      1,
    );
    expect((await progress(operator, again.body.batchId)).items.map((item) => [item.status, item.reason])).toEqual([["skipped", "already_paid"]]);
    expect(await paidCharges(good.customerId)).toHaveLength(1);
  });

  it("Charge All twice charges each artist $7.99 once", async () => {
    const operator = await signedInOperator();
    const artists = [await artistWithCard(), await artistWithCard()];
    // The screen may list an artist once per card: the same initial charge twice in a request is one item.
    const chargeAll = [...artists, artists[0]!].map((a) => ({ paymentMethodId: a.paymentMethodId, artistId: a.artistId, songId: null }));

    const firstBatch = await postRetry(operator, chargeAll);
    expect(firstBatch.body.items).toHaveLength(2);
    const secondBatch = await postRetry(operator, chargeAll);
    // Both batches' jobs in one delivery, each message twice.
    await deliver([...firstBatch.body.items, ...secondBatch.body.items].map((item) => item.id));

    const first = await progress(operator, firstBatch.body.batchId);
    const second = await progress(operator, secondBatch.body.batchId);
    expect(first.summary).toEqual({ succeeded: 2, failed: 0 });
    expect(second.summary).toEqual({ succeeded: 0, failed: 2 });
    expect(second.items.map((item) => [item.status, item.reason])).toEqual([
      ["skipped", "already_charged"],
      ["skipped", "already_charged"],
    ]);
    for (const artist of artists) expect((await paidCharges(artist.customerId)).map((c) => c.amount)).toEqual([799]);
    const kinds = await env.DB.prepare("SELECT kind FROM retry_batches WHERE id IN (?, ?)").bind(firstBatch.body.batchId, secondBatch.body.batchId).all();
    expect(kinds.results).toEqual([{ kind: "charge_all" }, { kind: "charge_all" }]);
  });

  it("charges once when two batches for the same song and the same initial charge run at the same time", async () => {
    const operator = await signedInOperator();
    const artist = await artistWithCard();
    const song = await unpaidSong(artist.artistId, "Raced Song");
    const newcomer = await artistWithCard();
    const items = [
      { paymentMethodId: artist.paymentMethodId, artistId: artist.artistId, songId: song },
      { paymentMethodId: newcomer.paymentMethodId, artistId: newcomer.artistId, songId: null },
    ];
    const one = await postRetry(operator, items);
    const two = await postRetry(operator, items);
    await Promise.all([
      deliver(
        one.body.items.map((item) => item.id),
        1,
      ),
      deliver(
        two.body.items.map((item) => item.id),
        1,
      ),
    ]);
    const outcomes = [...(await progress(operator, one.body.batchId)).items, ...(await progress(operator, two.body.batchId)).items];
    expect(
      outcomes
        .filter((item) => item.status === "succeeded")
        .map((item) => item.songId)
        .sort(),
    ).toEqual([null, song].sort());
    expect(outcomes.filter((item) => item.status === "skipped")).toHaveLength(2);
    expect((await paidCharges(artist.customerId)).map((c) => c.amount)).toEqual([1049]);
    expect((await paidCharges(newcomer.customerId)).map((c) => c.amount)).toEqual([799]);
  });

  it("leaves an item pending and asks the queue to retry while Stripe fails, then charges it once", async () => {
    const operator = await signedInOperator();
    const artist = await artistWithCard();
    const song = await unpaidSong(artist.artistId, "Outage Song");
    const created = await postRetry(operator, [{ paymentMethodId: artist.paymentMethodId, artistId: artist.artistId, songId: song }]);
    const itemIds = created.body.items.map((item) => item.id);

    // Stripe answers 500 to every PaymentIntent request until the faults are cleared (more than the
    // SDK's own retries, and enough for any other delivery of the message meanwhile).
    const faults = (method: "POST" | "DELETE") =>
      exports.default.fetch(
        new Request(`${SITE_ORIGIN}/api/stripe-sandbox/v1/test_helpers/faults`, {
          method,
          headers: { Authorization: `Bearer ${SANDBOX_SECRET_KEY}`, "Content-Type": "application/x-www-form-urlencoded" },
          body: method === "POST" ? new URLSearchParams({ mode: "http_500", count: "100", path_prefix: "/v1/payment_intents" }).toString() : undefined,
        }),
      );
    expect((await faults("POST")).status).toBe(200);
    const failing = await deliver(itemIds, 1);
    expect(failing.retryMessages).toHaveLength(1);
    expect((await progress(operator, created.body.batchId)).pending).toBe(1);
    expect(await env.DB.prepare("SELECT status FROM payments WHERE id = ?").bind(itemIds[0]).first()).toEqual({ status: "processing" });
    expect((await faults("DELETE")).status).toBe(200);

    const recovered = await deliver(itemIds);
    expect(recovered.retryMessages).toEqual([]);
    expect((await progress(operator, created.body.batchId)).summary).toEqual({ succeeded: 1, failed: 0 });
    expect((await paidCharges(artist.customerId)).map((c) => c.amount)).toEqual([1049]);
    // One card attempt for the one payment, however often it was tried.
    const attempts = await env.DB.prepare("SELECT count(*) AS n FROM card_attempts WHERE fingerprint = ?").bind(artist.fingerprint).first<{ n: number }>();
    expect(attempts!.n).toBe(1);
  });

  it("finishes a batch whose job was dead-lettered (job_failed), and shows it succeeded if Stripe took the payment after all", async () => {
    const operator = await signedInOperator();
    const artist = await artistWithCard();
    const song = await unpaidSong(artist.artistId, "Dead Letter Song");
    // Written directly, not through the route: no job is queued, as if every delivery had failed.
    const batchId = crypto.randomUUID();
    const itemId = crypto.randomUUID();
    await env.DB.batch([
      env.DB.prepare("INSERT INTO retry_batches (id, kind, item_count) VALUES (?, 'retry', 1)").bind(batchId),
      env.DB.prepare("INSERT INTO retry_items (id, batch_id, artist_id, song_id, payment_method_id, amount_cents) VALUES (?, ?, ?, ?, ?, 1049)").bind(
        itemId,
        batchId,
        artist.artistId,
        song,
        artist.paymentMethodId,
      ),
      env.DB.prepare(
        "INSERT INTO payments (id, artist_id, song_id, purpose, package, amount_cents, status, retry_item_id) VALUES (?, ?, ?, 'admin_retry', 'recovery_2', 1049, 'processing', ?)",
      ).bind(itemId, artist.artistId, song, itemId),
    ]);
    expect((await progress(operator, batchId)).pending).toBe(1);

    await env.DB.prepare("INSERT INTO failed_jobs (id, job_type, payload, error) VALUES (?, 'admin.charge', ?, 'Stripe unavailable')")
      .bind(crypto.randomUUID(), JSON.stringify({ type: "admin.charge", itemId }))
      .run();
    const finished = await progress(operator, batchId);
    expect(finished.pending).toBe(0);
    expect(finished.items.map((item) => [item.status, item.reason])).toEqual([["failed", "job_failed"]]);

    // The webhook later says the charge went through.
    await env.DB.prepare("UPDATE payments SET status = 'succeeded' WHERE id = ?").bind(itemId).run();
    expect((await progress(operator, batchId)).items.map((item) => [item.status, item.reason])).toEqual([["succeeded", null]]);
  });

  it("refuses an empty list, another artist's card or song, unknown artists and oversized requests, storing nothing", async () => {
    const operator = await signedInOperator();
    const mine = await artistWithCard();
    const theirs = await artistWithCard();
    const theirSong = await unpaidSong(theirs.artistId, "Not Yours");
    const batchesBefore = await env.DB.prepare("SELECT count(*) AS n FROM retry_batches").first<{ n: number }>();

    const empty = await postRetry(operator, []);
    expect(empty.status).toBe(400);
    expect(empty.body.error!.message).toBe(NO_FAILED_PAYMENTS_MESSAGE);
    const refused = [
      [{ paymentMethodId: theirs.paymentMethodId, artistId: mine.artistId, songId: null }, "is not a saved card of artist"],
      [{ paymentMethodId: mine.paymentMethodId, artistId: mine.artistId, songId: theirSong }, "is not a song of artist"],
      [{ paymentMethodId: mine.paymentMethodId, artistId: "no-such-artist", songId: null }, "No artist no-such-artist"],
      [{ paymentMethodId: mine.paymentMethodId, artistId: mine.artistId, songId: "no-such-song" }, "is not a song of artist"],
      [{ paymentMethodId: mine.paymentMethodId, songId: null }, "Each payment needs a paymentMethodId and an artistId."],
      [{ paymentMethodId: mine.paymentMethodId, artistId: "", songId: null }, "artistId is required."],
    ] as const;
    for (const [item, message] of refused) {
      // A good item first: the whole request is refused, not half-stored.
      const response = await postRetry(operator, [{ paymentMethodId: mine.paymentMethodId, artistId: mine.artistId, songId: null }, item]);
      expect(response.status, message).toBe(400);
      expect(response.body.error!.message).toContain(message);
    }
    const tooMany = await postRetry(
      operator,
      Array.from({ length: 1001 }, () => ({ paymentMethodId: mine.paymentMethodId, artistId: mine.artistId, songId: null })),
    );
    expect(tooMany.status).toBe(400);
    const malformed = await adminWrite(operator, "POST", "/api/admin/payments/retry", { payments: "all" });
    expect(malformed.status).toBe(400);

    expect(await env.DB.prepare("SELECT count(*) AS n FROM retry_batches").first<{ n: number }>()).toEqual(batchesBefore);
    expect((await operator.fetch("/api/admin/payments/retry/no-such-batch")).status).toBe(404);
  });
});

/** A card that asks for 3-D Secure on every payment: saved after the cardholder authenticated the setup. */
async function artistWithAuthenticationCard() {
  const browser = new Browser();
  const setup = await (await browser.postJson("/api/create-setup-intent", { paymentFrequency: "daily" })).json<{ clientSecret: string; customerId: string }>();
  const intentId = setup.clientSecret.split("_secret_")[0]!;
  const confirmed = await (
    await browser.sandboxForm(`/v1/setup_intents/${intentId}/confirm`, {
      client_secret: setup.clientSecret,
      "payment_method_data[type]": "card",
      "payment_method_data[card][number]": "4000002760003184",
      "payment_method_data[card][exp_month]": "12",
      "payment_method_data[card][exp_year]": "2034",
      "payment_method_data[card][cvc]": "123",
    })
  ).json<{ status: string; payment_method: string }>();
  expect(confirmed.status).toBe("requires_action");
  const authenticated = await browser.sandboxForm(`/v1/setup_intents/${intentId}/authenticate`, { client_secret: setup.clientSecret, outcome: "complete" });
  expect((await authenticated.json<{ status: string }>()).status).toBe("succeeded");
  const saved = await browser.postJson("/api/save-payment-method", {
    customerId: setup.customerId,
    paymentMethodId: confirmed.payment_method,
    phoneNumber: "+1 555 030 0001",
    paymentFrequency: "daily",
  });
  expect(saved.status).toBe(200);
  const row = await env.DB.prepare(
    "SELECT a.id AS artistId, pm.id AS paymentMethodId FROM artists a JOIN payment_methods pm ON pm.artist_id = a.id WHERE a.stripe_customer_id = ?",
  )
    .bind(setup.customerId)
    .first<{ artistId: string; paymentMethodId: string }>();
  return { customerId: setup.customerId, ...row! };
}

describe("items the card networks forbid", () => {
  it("skips a card that needs the cardholder (authentication_required) and a card whose attempt budget is spent", async () => {
    const operator = await signedInOperator();
    const needsCardholder = await artistWithAuthenticationCard();
    const needsCardholderSong = await unpaidSong(needsCardholder.artistId, "Verify Me");
    const overBudget = await artistWithCard();
    const overBudgetSong = await unpaidSong(overBudget.artistId, "Too Many Tries");
    await env.DB.batch(
      Array.from({ length: CARD_ATTEMPTS_PER_WINDOW }, () =>
        env.DB.prepare("INSERT INTO card_attempts (id, fingerprint, outcome, decline_code) VALUES (?, ?, 'declined', 'insufficient_funds')").bind(
          crypto.randomUUID(),
          overBudget.fingerprint,
        ),
      ),
    );

    const batch = await postRetry(operator, [
      { paymentMethodId: needsCardholder.paymentMethodId, artistId: needsCardholder.artistId, songId: needsCardholderSong },
      { paymentMethodId: overBudget.paymentMethodId, artistId: overBudget.artistId, songId: overBudgetSong },
    ]);
    await deliver(batch.body.items.map((item) => item.id));
    const done = await progress(operator, batch.body.batchId);
    expect(done.items.map((item) => [item.status, item.reason])).toEqual([
      ["skipped", "authentication_required"],
      ["skipped", "attempt_budget"],
    ]);
    expect(done.summary).toEqual({ succeeded: 0, failed: 2 });
    expect(await paidCharges(needsCardholder.customerId)).toEqual([]);
    expect(await chargesOf(overBudget.customerId)).toEqual([]);
    // Neither song is held by an open payment: the artist can still pay for it themselves.
    const open = await env.DB.prepare(
      "SELECT count(*) AS n FROM payments WHERE song_id IN (?, ?) AND status IN ('claimed', 'processing', 'requires_action', 'succeeded')",
    )
      .bind(needsCardholderSong, overBudgetSong)
      .first<{ n: number }>();
    expect(open!.n).toBe(0);
  });
});

describe("GET /api/admin/failed-jobs", () => {
  it("lists dead-lettered jobs newest first", async () => {
    const operator = await signedInOperator();
    await env.DB.batch([
      env.DB.prepare(
        "INSERT INTO failed_jobs (id, job_type, payload, error, song_id, failed_at) VALUES ('fj-old', 'distribution.process', '{\"songId\":\"s1\"}', 'boom', 's1', 1000)",
      ),
      env.DB.prepare(
        "INSERT INTO failed_jobs (id, job_type, payload, error, song_id, failed_at) VALUES ('fj-new', 'admin.charge', '{\"itemId\":\"i1\"}', NULL, NULL, 2000)",
      ),
    ]);
    const response = await operator.fetch("/api/admin/failed-jobs");
    expect(response.status).toBe(200);
    const { failedJobs } = await response.json<AdminFailedJobsResponse>();
    // Other tests of this file may have dead-lettered jobs of their own: these two, in this order.
    expect(failedJobs.filter((job) => job.id.startsWith("fj-"))).toEqual([
      { id: "fj-new", jobType: "admin.charge", payload: '{"itemId":"i1"}', error: null, songId: null, failedAt: "1970-01-01T00:00:02.000Z" },
      { id: "fj-old", jobType: "distribution.process", payload: '{"songId":"s1"}', error: "boom", songId: "s1", failedAt: "1970-01-01T00:00:01.000Z" },
    ]);
  });
});

describe("GET /api/admin/artists/{artistId}", () => {
  it("shows the artist's cards, songs with their history, and every payment attempt with its outcome", async () => {
    const operator = await signedInOperator();
    const artist = await artistWithCard("4000000000000341"); // charges are declined
    const paidSong = await unpaidSong(artist.artistId, "Already Paid");
    await env.DB.batch([
      env.DB.prepare("UPDATE songs SET status = 'approved', package = 'standard', distribution_fee_cents = 9900, created_at = 1 WHERE id = ?").bind(paidSong),
      env.DB.prepare("INSERT INTO song_events (id, song_id, from_status, to_status, cause, at) VALUES (?, ?, 'pending', 'approved', 'complete', ?)").bind(
        crypto.randomUUID(),
        paidSong,
        Date.UTC(2026, 10, 20),
      ),
      env.DB.prepare(
        "INSERT INTO payments (id, artist_id, song_id, purpose, package, amount_cents, status, created_at) VALUES (?, ?, ?, 'distribution', 'standard', 9900, 'succeeded', 1)",
      ).bind(crypto.randomUUID(), artist.artistId, paidSong),
    ]);
    const declinedSong = await unpaidSong(artist.artistId, "Declined Again");
    const batch = await postRetry(operator, [{ paymentMethodId: artist.paymentMethodId, artistId: artist.artistId, songId: declinedSong }]);
    await deliver(
      batch.body.items.map((item) => item.id),
      1,
    );

    const response = await operator.fetch(`/api/admin/artists/${artist.artistId}`);
    expect(response.status).toBe(200);
    const details = await response.json<AdminArtistDetails>();
    expect(details.artist).toEqual({
      id: artist.artistId,
      phone: expect.stringMatching(/^\+1 555/),
      paymentFrequency: "weekly",
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      proActive: false,
      payoutsEnabled: false,
    });
    expect(details.cards).toEqual([{ paymentMethodId: artist.paymentMethodId, brand: "visa", last4: "0341", expMonth: 12, expYear: 2034, isDefault: true }]);
    expect(details.songs).toEqual([
      { id: declinedSong, title: "Declined Again", artistName: "Retry Artist", status: "pending", package: null, rejectionReason: null, history: [] },
      {
        id: paidSong,
        title: "Already Paid",
        artistName: "Retry Artist",
        status: "approved",
        package: "standard",
        distributionFee: 99,
        rejectionReason: null,
        history: [{ from: "pending", to: "approved", cause: "complete", at: "2026-11-20T00:00:00.000Z" }],
      },
    ]);
    expect(details.payments).toEqual([
      {
        id: batch.body.items[0]!.id,
        songId: declinedSong,
        purpose: "admin_retry",
        amountCents: 1049,
        status: "failed",
        declineCode: "generic_decline",
        failureMessage: expect.any(String),
        createdAt: expect.any(String),
      },
      {
        id: expect.any(String),
        songId: paidSong,
        purpose: "distribution",
        amountCents: 9900,
        status: "succeeded",
        declineCode: null,
        failureMessage: null,
        createdAt: "1970-01-01T00:00:00.001Z",
      },
    ]);

    expect((await operator.fetch("/api/admin/artists/no-such-artist")).status).toBe(404);
  });
});
