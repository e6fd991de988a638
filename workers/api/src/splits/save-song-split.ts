/**
 * Saving a song's royalty split from the artist page (docs/splits.md): a new version that applies to
 * sales from the moment it is saved, never before, written with its collaborators (one per artist
 * and phone), its shares and its audit record in one D1 batch. Only the song's own artist saves it.
 */
import { type SQL, and, eq, sql } from "drizzle-orm";
import { songs } from "@jplay/schema/tables";
import type { SaveSongSplitRequest } from "@jplay/schema/splits";
import type { Ctx } from "../platform/context";
import { runBatch } from "../platform/db";
import { auditEntry } from "../platform/audit-log";
import { badRequest, notFound } from "../platform/errors";
import { toE164 } from "../texts/index";

export const SONG_NOT_FOUND = /*i18n*/ "Song not found";

/** The artist's song, or 404 (another artist's song and no song read the same). */
export async function ownSong(ctx: Ctx, artistId: string, songId: string): Promise<void> {
  const [song] = await ctx.db
    .select({ id: songs.id })
    .from(songs)
    .where(and(eq(songs.id, songId), eq(songs.artistId, artistId)))
    .limit(1);
  if (!song) throw notFound(SONG_NOT_FOUND);
}

const e164 = (typed: string) => {
  const phone = toE164(typed);
  if (!phone) throw badRequest(/*i18n*/ "{phone} is not a phone number that can be texted.", { phone: typed });
  return phone;
};

export async function saveSongSplit(ctx: Ctx, artistId: string, songId: string, request: SaveSongSplitRequest, now = ctx.now()): Promise<void> {
  await ownSong(ctx, artistId, songId);
  const collaborators = request.collaborators.map((collaborator, position) => ({
    ...collaborator,
    position,
    phone: e164(collaborator.phone),
    id: crypto.randomUUID(),
  }));
  if (new Set(collaborators.map((c) => c.phone)).size !== collaborators.length) throw badRequest(/*i18n*/ "Each collaborator needs their own phone number.");
  const payeePhone = request.recoup ? e164(request.recoup.payeePhone) : null;
  const versionId = crypto.randomUUID();
  const people = JSON.stringify(collaborators);
  const collaboratorOf = (phone: SQL) => sql`(select id from collaborators where artist_id = ${artistId} and phone = ${phone})`;
  const versionWritten = sql`exists (select 1 from song_split_versions where id = ${versionId})`;
  const detail = JSON.stringify({
    versionId,
    collaborators: collaborators.map(({ name, phone, role, basisPoints }) => ({ name, phone, role, basisPoints })),
    recoup: request.recoup && { payeePhone, amountCents: request.recoup.amountCents },
  });
  await runBatch(ctx.db, [
    // `where true` keeps SQLite from reading ON CONFLICT as part of the FROM (sqlite.org/lang_upsert.html).
    sql`insert into collaborators (id, artist_id, phone, name, created_at)
      select json_extract(c.value, '$.id'), ${artistId}, json_extract(c.value, '$.phone'), json_extract(c.value, '$.name'), ${now}
      from json_each(${people}) c where true
      on conflict (artist_id, phone) do update set name = excluded.name`,
    sql`insert into song_split_versions (id, song_id, version, effective_from, recoup_payee_id, recoup_cents, created_at)
      select ${versionId}, ${songId}, (select coalesce(max(version), 0) + 1 from song_split_versions where song_id = ${songId}), ${now},
        ${payeePhone === null ? null : collaboratorOf(sql`${payeePhone}`)}, ${request.recoup?.amountCents ?? 0}, ${now}
      where exists (select 1 from songs where id = ${songId} and artist_id = ${artistId})`,
    sql`insert into song_split_shares (version_id, position, collaborator_id, role, basis_points)
      select ${versionId}, json_extract(c.value, '$.position'), ${collaboratorOf(sql`json_extract(c.value, '$.phone')`)}, json_extract(c.value, '$.role'), json_extract(c.value, '$.basisPoints')
      from json_each(${people}) c where ${versionWritten}`,
    auditEntry({ at: now, actor: `artist:${artistId}`, action: "splits_changed", songId, artistId, detail }, versionWritten),
  ]);
}
