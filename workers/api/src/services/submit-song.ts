/**
 * Song submission (spec section 3, distribution submission): checks the upload by its bytes, stores
 * the audio and cover in R2 under keys the server makes, and creates the song as `pending`. Either
 * all of it lands or nothing does: objects written before a failure are deleted (or queued for
 * deletion when R2 itself is failing).
 */
import * as v from "valibot";
import { firstIssue, looksLikeMp3, MESSAGES, SongDetailsSchema, sniffCoverType } from "@jplay/schema/distribution";
import { COVER_MAX_BYTES, MP3_MAX_BYTES } from "@jplay/schema/pricing";
import { songs } from "@jplay/schema/tables";
import type { Db } from "../db";
import { AppError, badRequest } from "../errors";
import type { JobQueue } from "../jobs/job";

const tooLarge = (message: string) => new AppError(413, "payload_too_large", message);
/** Enough bytes to recognise an MP3 frame header or an image signature. */
const SNIFF_BYTES = 16;

async function head(file: File): Promise<Uint8Array> {
  return new Uint8Array(await file.slice(0, SNIFF_BYTES).arrayBuffer());
}

export interface SongUpload {
  fields: Record<string, unknown>;
  songFile: unknown;
  coverImage: unknown;
}

/** Every check of spec section 5, with its message; nothing is stored until all pass. */
export async function checkSongUpload(upload: SongUpload) {
  const details = v.safeParse(SongDetailsSchema, upload.fields);
  if (!details.success) throw badRequest(firstIssue(details.issues));

  const song = upload.songFile;
  if (!(song instanceof File) || song.size === 0) throw badRequest(MESSAGES.songMissing);
  if (song.size >= MP3_MAX_BYTES) throw tooLarge(MESSAGES.songSize);
  if (!looksLikeMp3(await head(song))) throw badRequest(MESSAGES.songType);

  let cover: { file: File; type: "image/jpeg" | "image/png" } | null = null;
  const coverFile = upload.coverImage;
  if (coverFile instanceof File && coverFile.size > 0) {
    if (coverFile.size >= COVER_MAX_BYTES) throw tooLarge(MESSAGES.coverSize);
    const type = sniffCoverType(await head(coverFile));
    if (!type) throw badRequest(MESSAGES.coverType);
    cover = { file: coverFile, type };
  }
  return { details: details.output, song, cover };
}

export type CheckedUpload = Awaited<ReturnType<typeof checkSongUpload>>;

export interface SubmitDeps {
  db: Db;
  media: R2Bucket;
  jobs: JobQueue;
}

export async function submitSong(deps: SubmitDeps, artistId: string, upload: CheckedUpload): Promise<{ id: string }> {
  const id = crypto.randomUUID();
  const audioKey = `songs/${id}/audio.mp3`;
  const coverKey = upload.cover ? `songs/${id}/cover.${upload.cover.type === "image/png" ? "png" : "jpg"}` : null;
  const written: string[] = [];
  try {
    await deps.media.put(audioKey, upload.song.stream(), { httpMetadata: { contentType: "audio/mpeg" } });
    written.push(audioKey);
    if (upload.cover && coverKey) {
      await deps.media.put(coverKey, upload.cover.file.stream(), { httpMetadata: { contentType: upload.cover.type } });
      written.push(coverKey);
    }
    await deps.db.insert(songs).values({
      id,
      artistId,
      title: upload.details.songTitle,
      artistName: upload.details.artistName,
      priceCents: upload.details.price,
      status: "pending",
      audioKey,
      coverKey,
    });
    return { id };
  } catch (error) {
    if (written.length > 0) await removeObjects(deps, written);
    throw error;
  }
}

async function removeObjects(deps: SubmitDeps, keys: string[]) {
  try {
    await deps.media.delete(keys);
  } catch {
    // R2 is failing right now: the queue retries the clean-up until it succeeds.
    await deps.jobs.send({ type: "media.delete", keys });
  }
}
