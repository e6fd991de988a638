/**
 * The copy of a song's MP3 the tablet provider fetches: the stored upload with its own leading ID3v2
 * tag replaced by JPlay's (title, artist, ISRC: id3-tag.ts), at `songs/<id>/delivered.mp3` beside the
 * upload, which stays as the artist sent it (the public player and the admin still serve that one).
 * Written before the song can be delivered; the provider's audio link serves it when it exists.
 */
import type { Ctx } from "../platform/context";
import { withId3Tag } from "./id3-tag";

export const deliveredAudioKey = (songId: string) => `songs/${songId}/delivered.mp3`;

export interface DeliveredSong {
  id: string;
  audioKey: string;
  title: string;
  artistName: string;
  /** Stored form. */
  isrc: string;
}

/** Writes (or rewrites) the delivered copy from the stored MP3. Throws when the stored audio is missing. */
export async function storeDeliveredCopy(ctx: Ctx, song: DeliveredSong): Promise<void> {
  const stored = await ctx.media.get(song.audioKey);
  if (!stored) throw new Error(`The stored audio of song ${song.id} (${song.audioKey}) is missing: no delivered copy can be made`);
  const copy = withId3Tag(new Uint8Array(await stored.arrayBuffer()), { title: song.title, artist: song.artistName, isrc: song.isrc });
  await ctx.media.put(deliveredAudioKey(song.id), copy, { httpMetadata: { contentType: "audio/mpeg" } });
}

/** The key the provider's audio link serves: the delivered copy when there is one, else the stored upload. */
export async function providerAudioKey(ctx: Ctx, songId: string, storedAudioKey: string): Promise<string> {
  const delivered = deliveredAudioKey(songId);
  return (await ctx.media.head(delivered)) ? delivered : storedAudioKey;
}
