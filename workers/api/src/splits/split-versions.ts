/**
 * Reading songs' split versions with their shares and collaborators (docs/splits.md): what a sale
 * is split by, what the artist page shows and the operator's history.
 */
import { sql } from "drizzle-orm";
import type { CreditRole } from "@jplay/schema/release-metadata";
import { SPLIT_TOTAL_BPS, type SongSplitVersion } from "@jplay/schema/splits";
import type { Ctx } from "../platform/context";

export interface SplitVersion {
  id: string;
  songId: string;
  version: number;
  effectiveFrom: number;
  recoupCents: number;
  recoupPayee: { id: string; name: string; accepted: boolean } | null;
  shares: Array<{ collaboratorId: string; name: string; phone: string; role: CreditRole; basisPoints: number; accepted: boolean }>;
}

/** Every version of the given songs, oldest first, by song. */
export async function splitVersionsOf(ctx: Ctx, songIds: string[]): Promise<Map<string, SplitVersion[]>> {
  const bySong = new Map<string, SplitVersion[]>();
  if (songIds.length === 0) return bySong;
  const songsJson = JSON.stringify(songIds);
  const versions = await ctx.db.all<{
    id: string;
    songId: string;
    version: number;
    effectiveFrom: number;
    recoupCents: number;
    payeeId: string | null;
    payeeName: string | null;
    payeeAccepted: number | null;
  }>(
    sql`select v.id, v.song_id as songId, v.version, v.effective_from as effectiveFrom, v.recoup_cents as recoupCents,
        p.id as payeeId, p.name as payeeName, p.accepted_at as payeeAccepted
      from song_split_versions v left join collaborators p on p.id = v.recoup_payee_id
      where v.song_id in (select value from json_each(${songsJson}))
      order by v.song_id, v.version`,
  );
  if (versions.length === 0) return bySong;
  const shares = await ctx.db.all<{
    versionId: string;
    collaboratorId: string;
    name: string;
    phone: string;
    role: CreditRole;
    basisPoints: number;
    acceptedAt: number | null;
  }>(
    sql`select s.version_id as versionId, s.collaborator_id as collaboratorId, c.name, c.phone, s.role, s.basis_points as basisPoints, c.accepted_at as acceptedAt
      from song_split_shares s join collaborators c on c.id = s.collaborator_id
      join song_split_versions v on v.id = s.version_id
      where v.song_id in (select value from json_each(${songsJson}))
      order by s.version_id, s.position`,
  );
  const byId = new Map<string, SplitVersion>();
  for (const row of versions) {
    const version: SplitVersion = {
      id: row.id,
      songId: row.songId,
      version: row.version,
      effectiveFrom: row.effectiveFrom,
      recoupCents: row.recoupCents,
      recoupPayee: row.payeeId ? { id: row.payeeId, name: row.payeeName ?? "", accepted: row.payeeAccepted !== null } : null,
      shares: [],
    };
    byId.set(row.id, version);
    bySong.set(row.songId, [...(bySong.get(row.songId) ?? []), version]);
  }
  for (const row of shares) {
    byId.get(row.versionId)?.shares.push({
      collaboratorId: row.collaboratorId,
      name: row.name,
      phone: row.phone,
      role: row.role,
      basisPoints: row.basisPoints,
      accepted: row.acceptedAt !== null,
    });
  }
  return bySong;
}

/** A version as the API answers it; `paidCents` is the recoup paid so far. */
export function splitVersionView(version: SplitVersion, paidCents: number): SongSplitVersion {
  return {
    version: version.version,
    effectiveFrom: new Date(version.effectiveFrom).toISOString(),
    artistBasisPoints: SPLIT_TOTAL_BPS - version.shares.reduce((sum, share) => sum + share.basisPoints, 0),
    collaborators: version.shares.map((share) => ({
      id: share.collaboratorId,
      name: share.name,
      phone: share.phone,
      role: share.role,
      basisPoints: share.basisPoints,
      accepted: share.accepted,
    })),
    recoup: version.recoupPayee ? { payeeId: version.recoupPayee.id, payeeName: version.recoupPayee.name, amountCents: version.recoupCents, paidCents } : null,
  };
}

/** Recoup paid so far per version: recoup credits not given back. */
export async function recoupPaid(ctx: Ctx, versionIds: string[]): Promise<Map<string, number>> {
  if (versionIds.length === 0) return new Map();
  const rows = await ctx.db.all<{ versionId: string; paid: number }>(
    sql`select version_id as versionId, sum(cents) as paid from split_credits
      where kind = 'recoup' and refunded_at is null and returned_at is null and version_id in (select value from json_each(${JSON.stringify(versionIds)}))
      group by version_id`,
  );
  return new Map(rows.map((row) => [row.versionId, row.paid]));
}
