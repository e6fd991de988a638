/**
 * The orphan-media janitor against real local R2 and D1: objects under songs/{id}/ without a song row
 * (what an upload stopped between storing its files and writing its row leaves) are deleted once
 * older than the grace period; young ones, songs with rows, other folders and R2 multipart uploads
 * still in progress are left alone; the 15-minute cron runs it with MEDIA_ORPHAN_GRACE_SECONDS.
 */
import { createExecutionContext, createScheduledController } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import worker from "../../index";
import { DELIVERY_CRON } from "../../worker/crons";
import { orphanGraceMs, sweepOrphanMedia } from "../media-janitor";
import { CapturingQueue, insertArtist, insertSong } from "../../../test/song-fixtures";
import { mp3Bytes, pngBytes, testContext } from "../../../test/support";

const ctx = testContext();
const MINUTE = 60_000;

/** What a stopped upload leaves: its files, no row. */
async function orphanFolder(withCover = true): Promise<{ songId: string; keys: string[] }> {
  const songId = crypto.randomUUID();
  const keys = [`songs/${songId}/audio.mp3`, ...(withCover ? [`songs/${songId}/cover.png`] : [])];
  await env.MEDIA.put(keys[0]!, mp3Bytes());
  if (withCover) await env.MEDIA.put(keys[1]!, pngBytes());
  return { songId, keys };
}

const exists = async (key: string) => (await env.MEDIA.head(key)) !== null;

describe("sweepOrphanMedia", () => {
  it("deletes the files of a song folder without a row once they are older than the grace period, and nothing else", async () => {
    const orphan = await orphanFolder();
    const song = await insertSong({ artistId: await insertArtist() });
    const songAudio = `songs/${song}/audio.mp3`;
    await env.MEDIA.put("videos/janitor-test.mp4", "video");
    await env.MEDIA.put("songs/loose-file.mp3", "not in a song folder");

    // Inside the grace period: an upload may be about to write its row.
    const early = await sweepOrphanMedia(ctx, { graceMs: 10 * MINUTE, now: Date.now() });
    expect(early.deleted).toEqual([]);
    expect(early.keptYoung).toBeGreaterThanOrEqual(2);
    for (const key of orphan.keys) expect(await exists(key)).toBe(true);

    const later = await sweepOrphanMedia(ctx, { graceMs: 10 * MINUTE, now: Date.now() + 11 * MINUTE });
    expect(later.deleted).toEqual(expect.arrayContaining(orphan.keys));
    expect(later.deleted).not.toContain(songAudio);
    expect(later.unfinished).toBe(false);
    for (const key of orphan.keys) expect(await exists(key)).toBe(false);
    expect(await exists(songAudio)).toBe(true);
    expect(await exists("videos/janitor-test.mp4")).toBe(true);
    expect(await exists("songs/loose-file.mp3")).toBe(true);

    // A second run finds nothing more to do.
    const again = await sweepOrphanMedia(ctx, { graceMs: 10 * MINUTE, now: Date.now() + 11 * MINUTE });
    expect(again.deleted.filter((key) => orphan.keys.includes(key))).toEqual([]);
  });

  it("pages through every song folder", async () => {
    const orphans = await Promise.all([1, 2, 3, 4, 5].map(() => orphanFolder(false)));
    const kept = await insertSong({ artistId: await insertArtist() });
    const report = await sweepOrphanMedia(ctx, { graceMs: MINUTE, now: Date.now() + 2 * MINUTE, foldersPerPage: 2 });
    expect(report.foldersChecked).toBeGreaterThanOrEqual(6);
    expect(report.deleted).toEqual(expect.arrayContaining(orphans.flatMap((o) => o.keys)));
    for (const orphan of orphans) expect(await exists(orphan.keys[0]!)).toBe(false);
    expect(await exists(`songs/${kept}/audio.mp3`)).toBe(true);
  });

  it("stops at its page bound and says so", async () => {
    await Promise.all([1, 2, 3].map(() => orphanFolder(false)));
    const report = await sweepOrphanMedia(ctx, { graceMs: MINUTE, now: Date.now(), foldersPerPage: 1, maxPages: 2 });
    expect(report.foldersChecked).toBe(2);
    expect(report.unfinished).toBe(true);
  });

  it("keeps a folder whose row was written while the sweep was looking at it", async () => {
    const orphan = await orphanFolder(false);
    const artistId = await insertArtist();
    // The upload finishes (writes its row) between the folder listing and the delete.
    const racingMedia = new Proxy(env.MEDIA, {
      get(target, property) {
        if (property === "list") {
          return async (options?: R2ListOptions) => {
            const listed = await target.list(options);
            if (options?.prefix === `songs/${orphan.songId}/`) {
              await env.DB.prepare("insert into songs (id, artist_id, title, artist_name, audio_key) values (?1, ?2, 'Late Row', 'Racer', ?3)")
                .bind(orphan.songId, artistId, orphan.keys[0])
                .run();
            }
            return listed;
          };
        }
        const value = Reflect.get(target, property, target) as unknown;
        return typeof value === "function" ? value.bind(target) : value;
      },
    });
    const report = await sweepOrphanMedia(testContext({ env: { ...env, MEDIA: racingMedia } }), { graceMs: MINUTE, now: Date.now() + 2 * MINUTE });
    expect(report.deleted).not.toContain(orphan.keys[0]);
    expect(await exists(orphan.keys[0]!)).toBe(true);
  });

  it("never sees an R2 multipart upload in progress: it completes afterwards into the song's audio", async () => {
    const songId = crypto.randomUUID();
    const key = `songs/${songId}/audio.mp3`;
    const upload = await env.MEDIA.createMultipartUpload(key, { httpMetadata: { contentType: "audio/mpeg" } });
    const part = await upload.uploadPart(1, mp3Bytes(417 * 100));

    const report = await sweepOrphanMedia(ctx, { graceMs: MINUTE, now: Date.now() + 60 * MINUTE });
    expect(report.deleted.filter((deleted) => deleted.startsWith(`songs/${songId}/`))).toEqual([]);

    await upload.complete([part]);
    const stored = await env.MEDIA.get(key);
    expect(stored?.size).toBe(417 * 100);
    await stored?.arrayBuffer();
  });
});

describe("MEDIA_ORPHAN_GRACE_SECONDS", () => {
  it("defaults to a day and refuses what is not a positive number of seconds", () => {
    expect(orphanGraceMs({})).toBe(24 * 60 * MINUTE);
    expect(orphanGraceMs({ MEDIA_ORPHAN_GRACE_SECONDS: "" })).toBe(24 * 60 * MINUTE);
    expect(orphanGraceMs({ MEDIA_ORPHAN_GRACE_SECONDS: "2.5" })).toBe(2500);
    for (const bad of ["0", "-5", "soon", "Infinity"]) expect(() => orphanGraceMs({ MEDIA_ORPHAN_GRACE_SECONDS: bad })).toThrow(/MEDIA_ORPHAN_GRACE_SECONDS/);
  });
});

describe("the 15-minute cron", () => {
  const runCron = (scheduledTime: number, cronEnv: Env) =>
    worker.scheduled(createScheduledController({ cron: DELIVERY_CRON, scheduledTime }), cronEnv, createExecutionContext());

  it("sweeps orphans older than MEDIA_ORPHAN_GRACE_SECONDS, and with the default keeps them for a day", async () => {
    const orphan = await orphanFolder();
    const cronEnv = { ...env, JOBS: new CapturingQueue().asQueue() } as Env;

    await runCron(Date.now() + 2 * MINUTE, cronEnv);
    for (const key of orphan.keys) expect(await exists(key)).toBe(true);

    await runCron(Date.now() + 2 * MINUTE, { ...cronEnv, MEDIA_ORPHAN_GRACE_SECONDS: "60" });
    for (const key of orphan.keys) expect(await exists(key)).toBe(false);
  });
});
