/**
 * The Worker stopped mid-request, for real: `wrangler dev` (and its workerd) killed with SIGKILL while
 * uploads and payments are in flight, then started again on the same local D1, R2 and Stripe sandbox
 * state. Afterwards: no orphan object, no half row, no payment lost or taken twice.
 *
 * Uploads are killed while their body is on the wire, right after it was sent, and at seeded random
 * moments while the Worker stores it; the 15-minute cron's janitor then removes what a kill between
 * the R2 writes and the song row left. Payments are killed after the Stripe sandbox recorded the
 * charge but before the product did (the sandbox's `hold_after_commit` fault), and at seeded random
 * moments of `complete`; the artist's retry with the same requestId and Stripe's webhook retry (the
 * sandbox Worker's) settle each one exactly once. Set CRASH_SEED to repeat a run's random kill points.
 *
 * A restart costs seconds, so each kill stops several requests at their own points at once (an upload
 * on the wire, one just sent and two being stored; a held payment beside two at random moments), and the
 * file's last read leaves the server stopped.
 */
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { ArtistClient, mp3Bytes } from "../bench/lib/artist-client.ts";
import { cronTrigger } from "../scripts/cron-trigger.ts";
import { startOwnServer, type LocalServer } from "./support/own-server";
import { brokenSongMedia, outcomeOf, pacedUpload, seededRandom, sleep, songMediaState, withLocalBindings } from "./support/crash";

const seed = Number(process.env.CRASH_SEED) || Math.floor(Math.random() * 2 ** 31);
const random = seededRandom(seed);

/** Seconds an object without a song row is kept by the janitor on this test's server. */
const GRACE_SECONDS = 2;
const DELIVERY_CRON = "*/15 * * * *";
const EXPEDITED_FEE_CENTS = 4999;
/**
 * A request that died may be resumed this long after its last step: PAYMENT_RESUME_AFTER_SECONDS on this
 * test's server (30 s by default, src/platform/limits.ts), short so the test waits seconds, not half a minute.
 */
const RESUME_AFTER_SECONDS = 3;

let server: LocalServer;
/** Where each kill landed and what the client saw, printed after the tests (with the seed). */
const kills: string[] = [];

beforeAll(async () => {
  server = await startOwnServer({ vars: { MEDIA_ORPHAN_GRACE_SECONDS: String(GRACE_SECONDS), PAYMENT_RESUME_AFTER_SECONDS: String(RESUME_AFTER_SECONDS) } });
}, 240_000);

afterAll(async () => {
  console.info(`crash test seed ${seed} (CRASH_SEED=${seed} repeats it); kills:\n  ${kills.join("\n  ")}`);
  await server?.stop();
});

/** `wrangler dev` again on the same state, after a kill; logs how long it took to serve. */
async function restart() {
  const started = Date.now();
  await server.restart();
  kills.push(`  restarted in ${Date.now() - started} ms`);
}

/** The 15-minute cron, as Cloudflare would run it now. */
async function runCron() {
  const response = await cronTrigger(server.baseURL, DELIVERY_CRON);
  expect(response.status, await response.clone().text()).toBe(200);
  await response.text();
}

/** Reads the stopped server's D1 and R2, then starts it again. */
async function whileStopped<T>(read: Parameters<typeof withLocalBindings<T>>[1]): Promise<T> {
  try {
    return await onceStopped(read);
  } finally {
    await restart();
  }
}

/** Stops the server for good (the file's last read: afterAll has nothing left to stop) and reads its D1 and R2. */
async function onceStopped<T>(read: Parameters<typeof withLocalBindings<T>>[1]): Promise<T> {
  await server.crash();
  return await withLocalBindings(server.persistDir, read);
}

let phoneSerial = 0;
async function artistWithCard(): Promise<{ artist: ArtistClient; customerId: string }> {
  const artist = new ArtistClient(server.baseURL);
  const { customerId } = await artist.saveCard(`+1 555 ${String(Date.now() % 100_000).padStart(5, "0")}${String(phoneSerial++ % 100).padStart(2, "0")}`);
  return { artist, customerId };
}

describe("uploads stopped mid-request", () => {
  test("leave no half row; the janitor removes what they stored without a row, never an upload in progress", async () => {
    const { artist } = await artistWithCard();
    const audio = mp3Bytes(1_500_000);
    const pace = { chunkBytes: 64 * 1024, pauseMs: 20 };

    // An upload left alone: how long the Worker works after the body is in.
    const calibration = await pacedUpload(artist, "Calibration", audio, pace);
    await calibration.bodySent;
    const bodyDone = Date.now();
    const calibrated = await outcomeOf(calibration.response);
    const storingMs = Date.now() - bodyDone;
    expect(calibrated).toMatchObject({ status: 201 });
    const acknowledged = [JSON.parse((calibrated as { body: string }).body).id as string];

    // Two kills, four uploads in flight at each, so the server restarts twice, not once per kill point.
    // At each kill: one upload on the wire (half of its body sent, the rest held until the kill), one
    // whose body was just sent (its last piece held until the moment of the kill), and two killed at a
    // seeded random moment after their bodies were sent, while the Worker stores them.
    const delays = Array.from({ length: 2 }, () => Math.floor(random() * Math.max(storingMs * 1.5, 40)));
    let plantedAt = Date.now();
    let serial = 0;
    for (const [round, delayMs] of delays.entries()) {
      const onTheWire = await pacedUpload(artist, `Crash ${serial++}`, audio, { ...pace, holdAfterHalf: new Promise<void>(() => {}) });
      let sendLastPiece = () => {};
      const justSent = await pacedUpload(artist, `Crash ${serial++}`, audio, {
        ...pace,
        holdLastPiece: new Promise<void>((resolve) => (sendLastPiece = resolve)),
      });
      const stored = await Promise.all([0, 1].map(() => pacedUpload(artist, `Crash ${serial++}`, audio, pace)));
      await onTheWire.halfSent;
      const sentAt = await Promise.all(stored.map(async (upload) => (await upload.bodySent, Date.now())));
      await sleep(Math.max(0, Math.max(...sentAt) + delayMs - Date.now()));
      sendLastPiece();
      await justSent.bodySent;
      const killedAt = Date.now();
      await server.crash();
      const points = ["half of the body sent, the rest held", "the body just sent", ...sentAt.map((at) => `${killedAt - at} ms after the body was sent`)];
      const outcomes = await Promise.all([onTheWire, justSent, ...stored].map((upload) => outcomeOf(upload.response)));
      for (const [i, outcome] of outcomes.entries()) {
        // A 201 whose body the kill cut off never told the artist an id: only a whole answer counts.
        if ("status" in outcome && outcome.status === 201 && outcome.body !== null) {
          acknowledged.push(JSON.parse(outcome.body).id as string);
        }
        kills.push(
          `kill ${round}, upload ${i}: ${points[i]} → ${"status" in outcome ? `answered ${outcome.status}${outcome.body === null ? ", body cut off" : ""}` : "no answer"}`,
        );
      }
      expect(outcomes[0], "the upload on the wire had no answer").toHaveProperty("failed");
      if (round === delays.length - 1) {
        // While it is down: nothing half-written, and one orphan of the shape a kill between the R2
        // writes and the row leaves (the random points may or may not have made one).
        await withLocalBindings(server.persistDir, async (env) => {
          const broken = brokenSongMedia(await songMediaState(env));
          kills.push(`before the janitor: ${broken.orphanObjects.length} orphan object(s) ${JSON.stringify(broken.orphanObjects)}`);
          expect(broken.rowsMissingMedia, "song rows without their audio or cover").toEqual([]);
          await env.MEDIA.put(`songs/${crypto.randomUUID()}/audio.mp3`, audio.slice(0, 4096));
        });
        plantedAt = Date.now();
      }
      await restart();
    }

    // Past the grace period of every orphan, the janitor runs (the cron) while another upload is on the wire.
    await sleep(Math.max(0, plantedAt + GRACE_SECONDS * 1000 + 200 - Date.now()));
    // The upload's second half waits for the sweep to end, however long a busy machine makes it.
    let sweepEnded = () => {};
    const afterSweep = new Promise<void>((resolve) => (sweepEnded = resolve));
    const inProgress = await pacedUpload(artist, "Uploading During The Sweep", audio, { ...pace, holdAfterHalf: afterSweep });
    await inProgress.halfSent;
    try {
      await runCron();
    } finally {
      sweepEnded();
    }
    const finished = await outcomeOf(inProgress.response);
    expect(finished).toMatchObject({ status: 201 });
    acknowledged.push(JSON.parse((finished as { body: string }).body).id as string);
    // Once more after the grace period: a finished upload has its row and stays.
    await sleep(GRACE_SECONDS * 1000 + 200);
    await runCron();

    const state = await whileStopped(songMediaState);
    const broken = brokenSongMedia(state);
    expect(broken.orphanObjects, "objects under songs/ without a song row").toEqual([]);
    expect(broken.rowsMissingMedia, "song rows without their audio or cover").toEqual([]);
    const rowIds = new Set(state.rows.map((row) => row.id));
    for (const id of acknowledged) expect(rowIds.has(id), `acknowledged upload ${id}`).toBe(true);
    expect(state.rows.length).toBeGreaterThanOrEqual(14 + acknowledged.length); // the demo catalogue is intact
  }, 300_000);
});

// ---- Payments ---------------------------------------------------------------------------------------

async function sandbox(method: "GET" | "POST" | "DELETE", path: string, fields: Record<string, string> = {}) {
  const query = new URLSearchParams(fields).toString();
  const response = await fetch(`${server.baseURL}/api/stripe-sandbox${path}${method === "GET" && query ? `?${query}` : ""}`, {
    method,
    headers: { Authorization: "Bearer sk_test_jplay_sandbox", "Content-Type": "application/x-www-form-urlencoded" },
    ...(method === "POST" ? { body: query } : {}),
  });
  expect(response.status, await response.clone().text()).toBe(200);
  return await response.json<Record<string, unknown>>();
}

/**
 * Stripe's own retry of webhooks whose delivery stopped with the server: the sandbox, like test mode,
 * sends an event that was never attempted shortly after it was made, so its clock is moved past that
 * and it is called once; then this waits until no event of these intents is pending.
 */
async function stripeRetriesDelivered(intentIds: () => Promise<string[]>) {
  await sandbox("POST", "/v1/test_helpers/advance_clock", { seconds: "120" });
  const ids = new Set(await intentIds());
  await expect
    .poll(
      async () => {
        const pending = (await sandbox("GET", "/v1/events", { delivery_success: "false", limit: "100" })).data as Array<{
          data: { object: { id: string; payment_intent?: string } };
        }>;
        return pending.filter((event) => ids.has(event.data.object.id) || ids.has(event.data.object.payment_intent ?? "")).length;
      },
      { timeout: 30_000, interval: 250 },
    )
    .toBe(0);
}

/** The ids of Stripe's PaymentIntents for the artist's songs. */
const intentsOf = async (customerId: string) =>
  ((await sandbox("GET", "/v1/payment_intents", { customer: customerId, limit: "100" })).data as Array<{ id: string }>).map((intent) => intent.id);

const chargesOf = async (customerId: string) =>
  ((await sandbox("GET", "/v1/charges", { customer: customerId, limit: "100" })).data as Array<{ id: string }>).length;

async function uploadSong(artist: ArtistClient, title: string): Promise<string> {
  const upload = await pacedUpload(artist, title, mp3Bytes(40_000), { chunkBytes: 1 << 20, pauseMs: 0 });
  const outcome = await outcomeOf(upload.response);
  expect(outcome).toMatchObject({ status: 201 });
  return JSON.parse((outcome as { body: string }).body).id as string;
}

const completeRequest = (artist: ArtistClient, songId: string, requestId: string) =>
  artist.postJson(`/api/distribute/${songId}/complete`, { feeOption: "expedited", requestId });

async function complete(artist: ArtistClient, songId: string, requestId: string) {
  const response = await completeRequest(artist, songId, requestId);
  return { status: response.status, body: await response.json<Record<string, unknown>>() };
}

/** The artist pressing the button again (same requestId) until the payment is settled. */
async function completeUntilSettled(artist: ArtistClient, songId: string, requestId: string, deadline: number) {
  for (let tries = 1; ; tries++) {
    const answer = await complete(artist, songId, requestId);
    if (answer.status === 200) {
      kills.push(`  ${songId} settled by the artist's retry #${tries}: ${JSON.stringify(answer.body)}`);
      return answer;
    }
    // Still in progress (our 409, or the sandbox's key still claimed: 503): nothing else is acceptable.
    expect([409, 503], JSON.stringify(answer)).toContain(answer.status);
    if (Date.now() > deadline) throw new Error(`song ${songId} not settled: ${JSON.stringify(answer)}`);
    await sleep(2_000);
  }
}

interface PaymentState {
  payments: Array<{ id: string; song_id: string; status: string; stripe_payment_intent_id: string | null }>;
  approvals: Array<{ song_id: string; cause: string }>;
  songs: Array<{ id: string; status: string }>;
  intents: Array<{ id: string; status: string; amount: number; metadata: Record<string, string> }>;
  charges: Array<{ id: string; payment_intent: string; paid: boolean }>;
  pendingEvents: Array<{ id: string; type: string; object: string }>;
}

async function paymentState(env: { DB: D1Database; SANDBOX_DB: D1Database }, songIds: string[]): Promise<PaymentState> {
  const ids = JSON.stringify(songIds);
  const all = async <T>(query: string) => (await env.DB.prepare(query).bind(ids).all<T>()).results;
  const sandboxObjects = async <T>(object: string) =>
    (await env.SANDBOX_DB.prepare("SELECT data FROM sandbox_objects WHERE object = ?").bind(object).all<{ data: string }>()).results.map(
      (row) => JSON.parse(row.data) as T,
    );
  const intents = (await sandboxObjects<PaymentState["intents"][number]>("payment_intent")).filter((intent) => songIds.includes(intent.metadata?.songId ?? ""));
  const intentIds = new Set(intents.map((intent) => intent.id));
  return {
    payments: await all("SELECT id, song_id, status, stripe_payment_intent_id FROM payments WHERE song_id IN (SELECT value FROM json_each(?1))"),
    approvals: await all(
      "SELECT song_id, cause FROM song_events WHERE from_status = 'pending' AND to_status = 'approved' AND song_id IN (SELECT value FROM json_each(?1))",
    ),
    songs: await all("SELECT id, status FROM songs WHERE id IN (SELECT value FROM json_each(?1))"),
    intents,
    charges: (await sandboxObjects<PaymentState["charges"][number]>("charge")).filter((charge) => intentIds.has(charge.payment_intent)),
    pendingEvents: (
      await sandboxObjects<{ id: string; type: string; pending_webhooks: number; data: { object: { id: string; payment_intent?: string } } }>("event")
    )
      .filter((event) => event.pending_webhooks > 0 && (intentIds.has(event.data.object.id) || intentIds.has(event.data.object.payment_intent ?? "")))
      .map((event) => ({ id: event.id, type: event.type, object: event.data.object.id })),
  };
}

/** Exactly one charge, one succeeded payment (carrying that intent) and one approval for the song. */
function expectPaidOnce(state: PaymentState, songId: string, cause?: string) {
  const intents = state.intents.filter((intent) => intent.metadata.songId === songId);
  expect(
    intents.map((intent) => [intent.status, intent.amount]),
    `Stripe intents of ${songId}`,
  ).toEqual([["succeeded", EXPEDITED_FEE_CENTS]]);
  expect(
    state.charges.filter((charge) => charge.payment_intent === intents[0]!.id && charge.paid),
    `charges of ${songId}`,
  ).toHaveLength(1);
  const payments = state.payments.filter((payment) => payment.song_id === songId);
  expect(
    payments.map((payment) => [payment.status, payment.stripe_payment_intent_id]),
    `payments of ${songId}`,
  ).toEqual([["succeeded", intents[0]!.id]]);
  expect(intents[0]!.metadata.paymentId).toBe(payments[0]!.id);
  const approvals = state.approvals.filter((approval) => approval.song_id === songId);
  expect(approvals, `approvals of ${songId}`).toHaveLength(1);
  if (cause) expect(approvals[0]!.cause).toBe(cause);
  expect(state.songs.find((song) => song.id === songId)?.status).toBe("approved");
}

describe("payments stopped mid-request", () => {
  test("a charge Stripe recorded but the product did not is settled once, by the webhook retry or the artist's retry; random kills of complete too", async () => {
    const { artist, customerId } = await artistWithCard();
    const [songA, songB, songC, songD, songE] = await Promise.all(["A", "B", "C", "D", "E"].map((name) => uploadSong(artist, `Payment ${name}`)));
    const requestIds = new Map([songA, songB, songC, songD, songE].map((songId) => [songId!, randomBytes(8).toString("hex")]));
    const requestOf = (songId: string) => requestIds.get(songId)!;

    // A payment left alone: how long `complete` takes, for the random kill points.
    const started = Date.now();
    expect(await complete(artist, songE!, requestOf(songE!))).toMatchObject({ status: 200, body: { success: true } });
    const completeMs = Date.now() - started;

    /** Starts `complete` with the sandbox holding its answer and webhooks after the charge; resolves once the charge is recorded. */
    const chargeThenHold = async (songId: string) => {
      const before = await chargesOf(customerId);
      await sandbox("POST", "/v1/test_helpers/faults", { mode: "hold_after_commit", count: "1", path_prefix: "/v1/payment_intents" });
      const answer = outcomeOf(completeRequest(artist, songId, requestOf(songId)));
      const started = Date.now();
      const deadline = started + 15_000; // the SDK gives up on the held answer after 20 s
      while ((await chargesOf(customerId)) === before) {
        if (Date.now() > deadline) throw new Error("the sandbox never recorded the charge");
        await sleep(25);
      }
      kills.push(`charge of ${songId} recorded ${Date.now() - started} ms after complete was sent`);
      // Wrapped: an async function returning the promise itself would wait for the (held) answer.
      return { answer };
    };

    // A: killed between Stripe's charge and our record; Stripe's webhook retry settles it.
    const { answer: answerA } = await chargeThenHold(songA!);
    await server.crash();
    const outcomeA = await answerA;
    expect(outcomeA, JSON.stringify(outcomeA)).toHaveProperty("failed");
    kills.push(`complete A: after the sandbox recorded the charge, answer and webhook held`);
    await withLocalBindings(server.persistDir, async (env) => {
      const state = await paymentState(env, [songA!]);
      expect(state.intents.map((intent) => intent.status)).toEqual(["succeeded"]);
      expect(state.payments.map((payment) => [payment.status, payment.stripe_payment_intent_id])).toEqual([["processing", null]]);
      expect(state.pendingEvents.map((event) => event.type)).toContain("payment_intent.succeeded");
    });
    await restart();
    await stripeRetriesDelivered(() => intentsOf(customerId));
    expect(await complete(artist, songA!, requestOf(songA!))).toEqual({ status: 200, body: { alreadyProcessed: true, feeOption: "expedited" } });

    // B: the same kill; this time the artist's retry (once the request may be resumed) settles it from
    // Stripe's stored answer. C, D: in flight at that same kill, each at a seeded random moment of its
    // `complete`: one restart for the three, and their claims resume after it together with B's.
    const { answer: answerB } = await chargeThenHold(songB!);
    const bClaimedAt = Date.now();
    const randomKills = [songC!, songD!].map((songId, i) => ({ songId, name: "CD"[i]!, delayMs: Math.floor(random() * completeMs * 1.2) }));
    const killAt = Date.now() + Math.max(...randomKills.map(({ delayMs }) => delayMs));
    const inFlight = randomKills.map(async ({ songId, name, delayMs }) => {
      await sleep(Math.max(0, killAt - delayMs - Date.now()));
      const sentAt = Date.now();
      return { name, sentAt, outcome: await outcomeOf(completeRequest(artist, songId, requestOf(songId))) };
    });
    await sleep(Math.max(0, killAt - Date.now()));
    const killedAt = Date.now();
    await server.crash();
    expect(await answerB).toHaveProperty("failed");
    kills.push("complete B: after the sandbox recorded the charge, answer and webhook held");
    for (const { name, sentAt, outcome } of await Promise.all(inFlight)) {
      kills.push(
        `complete ${name}: ${killedAt - sentAt} ms into a ${completeMs} ms request → ${"status" in outcome ? `answered ${outcome.status}` : "no answer"}`,
      );
    }
    await restart();

    await sleep(Math.max(0, bClaimedAt + RESUME_AFTER_SECONDS * 1000 + 1_000 - Date.now()));
    expect(await complete(artist, songB!, requestOf(songB!))).toEqual({ status: 200, body: { success: true, feeOption: "expedited" } });
    const deadline = Date.now() + 90_000;
    for (const songId of [songC!, songD!]) await completeUntilSettled(artist, songId, requestOf(songId), deadline);
    // Stripe's retries deliver whatever webhook is still pending (B's): nothing changes twice.
    await stripeRetriesDelivered(() => intentsOf(customerId));

    const state = await onceStopped((env) => paymentState(env, [songA!, songB!, songC!, songD!, songE!]));
    expectPaidOnce(state, songA!, "webhook: payment_intent.succeeded");
    expectPaidOnce(state, songB!, "complete: saved card charged");
    for (const songId of [songC!, songD!, songE!]) expectPaidOnce(state, songId);
    expect(state.pendingEvents, "webhook events never delivered").toEqual([]);
  }, 300_000);
});
