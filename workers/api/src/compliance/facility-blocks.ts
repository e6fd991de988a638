/**
 * A facility blocks an artist (every song of theirs) or one song: it leaves that facility's catalogue
 * at once (catalogue/facility-exclusions.ts) and the feed re-describes the songs with the block in
 * their compliance record. Blocking and lifting are each one batch with an audit record naming the
 * operator and the reason (docs/decisions/067-term-lists-screening-audit.md).
 */
import { and, desc, eq, sql } from "drizzle-orm";
import type { BlockRequest, FacilityBlock } from "@jplay/schema/compliance";
import { facilities, facilityBlocks, songs } from "@jplay/schema/tables";
import { auditEntry } from "../platform/audit-log";
import type { Ctx } from "../platform/context";
import { runBatch } from "../platform/db";
import { AppError, notFound } from "../platform/errors";
import { purgeCatalogue, unknownFacility } from "../catalogue/index";

async function facilityName(ctx: Ctx, facilityId: string): Promise<string> {
  const [facility] = await ctx.db.select({ name: facilities.name }).from(facilities).where(eq(facilities.id, facilityId)).limit(1);
  if (!facility) throw unknownFacility();
  return facility.name;
}

/** The artist's name (from their latest song) or the song's title; 404 when neither exists. */
async function targetLabel(ctx: Ctx, kind: "artist" | "song", targetId: string): Promise<string> {
  const [song] =
    kind === "song"
      ? await ctx.db.select({ label: songs.title }).from(songs).where(eq(songs.id, targetId)).limit(1)
      : await ctx.db.select({ label: songs.artistName }).from(songs).where(eq(songs.artistId, targetId)).orderBy(desc(songs.createdAt)).limit(1);
  if (!song) throw notFound(kind === "song" ? "No song with this id." : "No artist with songs has this id.");
  return song.label;
}

/** The live songs a block concerns, for the feed's rows. */
const blockedSongs = (kind: "artist" | "song", targetId: string) =>
  kind === "song"
    ? sql`s.id = ${targetId} and s.status = 'distributed' and s.taken_down_at is null`
    : sql`s.artist_id = ${targetId} and s.status = 'distributed' and s.taken_down_at is null`;

const feedRows = (kind: "artist" | "song", targetId: string, now: number) => sql`
  insert into catalogue_changes (song_id, kind, at) select s.id, 'release', ${now} from songs s where ${blockedSongs(kind, targetId)} order by s.id`;

export async function listFacilityBlocks(ctx: Ctx, facilityId: string): Promise<FacilityBlock[]> {
  await facilityName(ctx, facilityId);
  const rows = await ctx.db.select().from(facilityBlocks).where(eq(facilityBlocks.facilityId, facilityId)).orderBy(desc(facilityBlocks.createdAt));
  return Promise.all(
    rows.map(async (row) => ({
      ...row,
      label: await targetLabel(ctx, row.kind, row.targetId).catch(() => row.targetId),
      createdAt: new Date(row.createdAt).toISOString(),
    })),
  );
}

export async function blockAtFacility(ctx: Ctx, facilityId: string, block: BlockRequest, actor: string): Promise<FacilityBlock> {
  const name = await facilityName(ctx, facilityId);
  const label = await targetLabel(ctx, block.kind, block.targetId);
  const id = crypto.randomUUID();
  const now = ctx.now();
  const [inserted] = await runBatch(ctx.db, [
    sql`insert into facility_blocks (id, facility_id, kind, target_id, reason, created_by, created_at) values (${id}, ${facilityId}, ${block.kind}, ${block.targetId}, ${block.reason}, ${actor}, ${now})
        on conflict do nothing`,
    auditEntry(
      {
        at: now,
        actor,
        action: "block",
        facilityId,
        songId: block.kind === "song" ? block.targetId : null,
        artistId: block.kind === "artist" ? block.targetId : null,
        detail: `Blocked ${block.kind} "${label}" at "${name}": ${block.reason}`,
      },
      sql`exists (select 1 from facility_blocks where id = ${id})`,
    ),
    feedRows(block.kind, block.targetId, now),
  ]);
  if (inserted.meta.changes !== 1) throw new AppError(409, "already_blocked", "This facility already blocks it.");
  await purgeCatalogue();
  return { id, facilityId, kind: block.kind, targetId: block.targetId, label, reason: block.reason, createdBy: actor, createdAt: new Date(now).toISOString() };
}

export async function liftBlock(ctx: Ctx, facilityId: string, blockId: string, { reason, actor }: { reason: string; actor: string }): Promise<void> {
  const name = await facilityName(ctx, facilityId);
  const [block] = await ctx.db
    .select()
    .from(facilityBlocks)
    .where(and(eq(facilityBlocks.id, blockId), eq(facilityBlocks.facilityId, facilityId)))
    .limit(1);
  if (!block) throw notFound("This facility has no such block.");
  const label = await targetLabel(ctx, block.kind, block.targetId).catch(() => block.targetId);
  const now = ctx.now();
  const [audited] = await runBatch(ctx.db, [
    auditEntry(
      {
        at: now,
        actor,
        action: "unblock",
        facilityId,
        songId: block.kind === "song" ? block.targetId : null,
        artistId: block.kind === "artist" ? block.targetId : null,
        detail: `Lifted the block of ${block.kind} "${label}" at "${name}": ${reason}`,
      },
      sql`exists (select 1 from facility_blocks where id = ${blockId})`,
    ),
    sql`delete from facility_blocks where id = ${blockId}`,
    feedRows(block.kind, block.targetId, now),
  ]);
  if (audited.meta.changes !== 1) throw notFound("This facility has no such block.");
  await purgeCatalogue();
}
