/**
 * Song submission (docs/product.md, Data, distribution submission): reads the upload as it arrives, storing
 * the audio and cover in R2 under keys the server makes (receive-song-upload.ts checks every rule on
 * the way), and creates the song as `pending` — only while the artist holds fewer unpaid songs than
 * allowed (unpaid-song-limit.ts), checked in the same statement that writes the row. Either all of it lands or nothing does: objects
 * written before a failure are deleted (or queued for deletion when R2 itself is failing), and
 * unfinished ones are discarded by the reader. The song's release metadata and credits are written
 * with it, in the same batch (release-upload-checks.ts judges what needs the database first: a clean
 * version's original, an ISRC or UPC the artist typed).
 */
import { sql } from "drizzle-orm";
import { songSearchEntry } from "@jplay/schema/song-search-index";
import type { Ctx } from "../platform/context";
import { runBatch } from "../platform/db";
import { ownIdentifierPrefixes } from "../releases/index";
import { requestTranscription, screenSong } from "../compliance/index";
import { receiveSongUpload } from "./receive-song-upload";
import { checkReleaseAgainstCatalogue } from "./release-upload-checks";
import { insertSongCredits } from "./song-credits";
import { tooManyUnpaidSongs, type UnpaidSongRules } from "./unpaid-song-limit";
import { loggableError } from "../platform/loggable-error";

export interface Submitter {
  artistId: string;
  /** The Stripe customer of the session (the form's customerId must match it). */
  customerId: string | null;
  /** The bound on the artist's songs awaiting payment. */
  unpaid: UnpaidSongRules;
}

export async function submitSong(ctx: Ctx, submitter: Submitter, body: ReadableStream<Uint8Array>, boundary: string): Promise<{ id: string }> {
  // JPlay's own ISRC and UPC prefixes: an artist may not type a code under them.
  const ownPrefixes = ownIdentifierPrefixes(ctx.env);
  const id = crypto.randomUUID();
  const written: string[] = [];
  try {
    const upload = await receiveSongUpload(body, boundary, {
      media: ctx.media,
      audioKey: `songs/${id}/audio.mp3`,
      coverKey: (type) => `songs/${id}/cover.${type === "image/png" ? "png" : "jpg"}`,
      sessionCustomerId: submitter.customerId,
      stored: (key) => written.push(key),
      now: ctx.now(),
    });
    const { details, metadata, cleanVersionOf } = upload;
    await checkReleaseAgainstCatalogue(
      ctx,
      submitter.artistId,
      { explicit: details.explicit, cleanVersionOf, isrc: metadata.isrc, upc: metadata.upc },
      ownPrefixes,
    );
    const [inserted] = await runBatch(ctx.db, [
      sql`
        insert into "songs" (id, artist_id, title, artist_name, explicit, price_cents, status, audio_key, cover_key, duration_ms, bitrate, sample_rate,
          isrc, upc, genre, lyrics_language, release_date, p_line_year, p_line_holder, c_line_year, c_line_holder, lyrics, instrumental, clean_version_of)
        select ${id}, ${submitter.artistId}, ${details.songTitle}, ${details.artistName}, ${details.explicit ? 1 : 0}, ${details.price}, 'pending',
          ${upload.audioKey}, ${upload.coverKey}, ${upload.audio.durationMs}, ${upload.audio.bitrate}, ${upload.audio.sampleRate},
          ${metadata.isrc}, ${metadata.upc}, ${metadata.genre}, ${metadata.lyricsLanguage}, ${metadata.releaseDate},
          ${metadata.pLineYear}, ${metadata.pLineHolder}, ${metadata.cLineYear}, ${metadata.cLineHolder}, ${metadata.lyrics}, ${metadata.instrumental ? 1 : 0}, ${cleanVersionOf}
        where (select count(*) from songs where artist_id = ${submitter.artistId} and status = 'pending') < ${submitter.unpaid.max}`,
      // The credits land only with their song (the insert above may refuse it), and so does its search entry.
      insertSongCredits(id, metadata.credits, sql`exists (select 1 from songs where id = ${id})`),
      ...songSearchEntry(id),
    ]);
    if (inserted.meta.changes !== 1) throw tooManyUnpaidSongs(submitter.unpaid);
    // Its title, credits and lyrics are screened against every term list now; review shows what was
    // found. The song is stored either way: approval screens it again before anything is decided.
    await screenSong(ctx, id).catch((error: unknown) =>
      console.error(JSON.stringify({ level: "error", message: "screening at submission failed", songId: id, ...loggableError(error) })),
    );
    // With speech-to-text configured, its audio is transcribed and screened too (a queued job); without it, nothing is sent anywhere.
    await requestTranscription(ctx, id).catch((error: unknown) =>
      console.error(JSON.stringify({ level: "error", message: "queueing the transcription failed", songId: id, ...loggableError(error) })),
    );
    return { id };
  } catch (error) {
    if (written.length > 0) await removeObjects(ctx, written);
    throw error;
  }
}

async function removeObjects(ctx: Ctx, keys: string[]) {
  try {
    await ctx.media.delete(keys);
  } catch {
    // R2 is failing right now: the queue retries the clean-up until it succeeds.
    await ctx.jobs.send({ type: "media.delete", keys });
  }
}
