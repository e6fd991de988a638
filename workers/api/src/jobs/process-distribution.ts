/**
 * The distribution pipeline's first step for a paid (approved) song. The pipeline work (decoding
 * the audio, scheduling delivery by package) lands here; until then the job only checks the song
 * exists so a message for a missing song fails loudly and reaches the dead-letter queue.
 */
import { eq } from "drizzle-orm";
import { songs } from "@jplay/schema/tables";
import { createDb } from "../db";

export async function processDistribution(songId: string, env: Env): Promise<void> {
  const [song] = await createDb(env.DB).select({ id: songs.id }).from(songs).where(eq(songs.id, songId)).limit(1);
  if (!song) throw new Error(`distribution.process: no song ${songId}`);
}
