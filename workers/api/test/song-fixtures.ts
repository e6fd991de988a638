/**
 * Fixtures for pipeline and sales tests: artists and songs written straight to D1, songs paid through
 * the real applySucceededPayment, and a queue that captures what the code sends (so a test runs each
 * message itself, deterministically, instead of racing the local queue consumer).
 */
import { env } from "cloudflare:workers";
import { PACKAGES } from "@jplay/schema/pricing";
import type { SongPackage, SongStatus } from "@jplay/schema/tables";
import type { Ctx } from "../src/platform/context";
import type { Job } from "../src/platform/job";
import { identifierSettings, prepareRelease } from "../src/releases";
import { applySucceededPayment } from "../src/payments/checkout/apply-payment";
import { purgeCatalogue } from "../src/catalogue/edge-cache";
import { approveSong, type ApprovalOutcome } from "../src/distribution/song-review";
import { mp3Bytes, testContext } from "./support";

/** The MP3 files uploads are tested with: real encoder output and the broken files refused at upload. */
export { cutAfterHeader, cutMidFrame, garbageAfterId3, toneMp3, withId3 } from "./mp3-files";

export interface SentMessage {
  body: Job;
  delaySeconds?: number;
}

/** A Queue<Job> that records messages instead of delivering them. */
export class CapturingQueue {
  sent: SentMessage[] = [];
  async send(body: Job, options?: QueueSendOptions): Promise<void> {
    this.sent.push({ body, delaySeconds: options?.delaySeconds });
  }
  async sendBatch(messages: Iterable<MessageSendRequest<Job>>, options?: QueueSendBatchOptions): Promise<void> {
    for (const message of messages) this.sent.push({ body: message.body, delaySeconds: message.delaySeconds ?? options?.delaySeconds });
  }
  take(): SentMessage[] {
    const sent = this.sent;
    this.sent = [];
    return sent;
  }
  asQueue(): Queue<Job> {
    return this as unknown as Queue<Job>;
  }
}

/** The Worker env with captured jobs and, optionally, compressed delivery windows. */
export function pipelineEnv(jobs: CapturingQueue, secondsPerHour?: string): Env {
  return { ...env, JOBS: jobs.asQueue(), DISTRIBUTION_SECONDS_PER_HOUR: secondsPerHour };
}

/** The context a pipeline job runs with: pipelineEnv's, so its queue is `jobs`. */
export const pipelineContext = (jobs: CapturingQueue, secondsPerHour?: string): Ctx => testContext({ env: pipelineEnv(jobs, secondsPerHour) });

export async function insertArtist(): Promise<string> {
  const id = crypto.randomUUID();
  await env.DB.prepare("insert into artists (id, payment_frequency) values (?1, 'weekly')").bind(id).run();
  return id;
}

export async function insertSong(options: {
  artistId: string | null;
  status?: SongStatus;
  package?: SongPackage | null;
  priceCents?: number;
  audio?: Uint8Array | null;
  distributedAt?: number | null;
}): Promise<string> {
  const id = crypto.randomUUID();
  const audioKey = `songs/${id}/audio.mp3`;
  const songPackage = options.package ?? null;
  await env.DB.prepare(
    `insert into songs (id, artist_id, title, artist_name, price_cents, status, audio_key, package, revenue_split_bps, distributed_at)
     values (?1, ?2, ?3, 'Fixture Artist', ?4, ?5, ?6, ?7, ?8, ?9)`,
  )
    .bind(
      id,
      options.artistId,
      `Song ${id.slice(0, 8)}`,
      options.priceCents ?? 199,
      options.status ?? "pending",
      audioKey,
      songPackage,
      songPackage ? PACKAGES[songPackage].revenueSplitBps : null,
      options.distributedAt ?? (options.status === "distributed" ? Date.now() : null),
    )
    .run();
  if (options.audio !== null) await env.MEDIA.put(audioKey, options.audio ?? mp3Bytes(417 * 400));
  if (options.status === "distributed") await catalogueRowsWritten();
  return id;
}

/**
 * A fixture that schedules a song by writing deliver_at stands in for the audio check, so it does what
 * the check does before scheduling too: the song's ISRC, UPC and delivered copy (releases/prepare-release.ts),
 * without which no song is delivered.
 */
export const identifiersAssigned = (songId: string) => prepareRelease(testContext(), identifierSettings(env), songId, Date.now());

/**
 * A fixture that writes a live song's row straight to D1 stands in for the pipeline's delivery, so it
 * does what the delivery does after it: the edge cache's catalogue starts afresh (catalogue/edge-cache.ts).
 */
export const catalogueRowsWritten = purgeCatalogue;

/** Pays a pending song through the one place payments pay songs; returns the messages it queued. */
export async function paySong(songId: string, artistId: string, songPackage: SongPackage, paidAt = Date.now()): Promise<SentMessage[]> {
  const paymentId = crypto.randomUUID();
  await env.DB.prepare(
    `insert into payments (id, artist_id, song_id, purpose, package, amount_cents, status) values (?1, ?2, ?3, 'distribution', ?4, ?5, 'processing')`,
  )
    .bind(paymentId, artistId, songId, songPackage, PACKAGES[songPackage].feeCents)
    .run();
  const jobs = new CapturingQueue();
  await applySucceededPayment(testContext({ jobs: jobs.asQueue() }), paymentId, "Test payment succeeded", undefined, paidAt);
  return jobs.take();
}

/** The operator who approves songs in review in these tests. */
export const TEST_OPERATOR = "ops@jplay.test";

/**
 * An operator approves the paid song in review (as the admin Review tab does); it then goes live at
 * its promised time, or at once when that has come. Texts and jobs go to `jobs`.
 */
export const approveInReview = (songId: string, jobs: CapturingQueue = new CapturingQueue(), now = Date.now()): Promise<ApprovalOutcome> =>
  approveSong(testContext({ jobs: jobs.asQueue(), now: () => now }), songId, { actor: TEST_OPERATOR });

export interface SongRow {
  status: SongStatus;
  package: SongPackage | null;
  paid_at: number | null;
  deliver_at: number | null;
  distributed_at: number | null;
  duration_ms: number | null;
  bitrate: number | null;
  sample_rate: number | null;
  rejection_reason: string | null;
}

export const songRow = (id: string) => env.DB.prepare("select * from songs where id = ?1").bind(id).first<SongRow>();

export const songEvents = async (id: string) =>
  (
    await env.DB.prepare("select from_status, to_status, cause, actor, at from song_events where song_id = ?1 order by at, rowid").bind(id).all<{
      from_status: SongStatus | null;
      to_status: SongStatus;
      cause: string;
      actor: string | null;
      at: number;
    }>()
  ).results;
