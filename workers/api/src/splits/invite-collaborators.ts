/**
 * Inviting a song's collaborators (docs/splits.md, Accepting): after a split is saved, each
 * collaborator of the version in force who has not accepted is texted a link to their own page,
 * once per collaborator and song however often the split is saved (the text's dedupe key). The
 * text is in the language of the artist who holds that phone, when one does; else the inviting
 * artist's. Without an origin to build the link on, nobody is texted.
 */
import { sql } from "drizzle-orm";
import type { Language } from "@jplay/schema/language";
import type { Ctx } from "../platform/context";
import { textSplitInvitation } from "../texts/index";
import { collaboratorLinkStatement, collaboratorPagePath } from "./collaborator-links";

export async function inviteCollaborators(ctx: Ctx, artistId: string, songId: string, origin: string | null, now = ctx.now()): Promise<void> {
  if (!origin) return;
  const invitees = await ctx.db.all<{ collaboratorId: string; phone: string; songTitle: string; artistName: string; language: Language }>(
    sql`select c.id as collaboratorId, c.phone, s.title as songTitle, s.artist_name as artistName,
        coalesce((select a2.language from artists a2 where a2.phone = c.phone limit 1), a.language, 'en') as language
      from song_split_shares sh join collaborators c on c.id = sh.collaborator_id
      join songs s on s.id = ${songId} left join artists a on a.id = ${artistId}
      where sh.version_id = (select id from song_split_versions where song_id = ${songId} and effective_from <= ${now} order by version desc limit 1)
        and c.artist_id = ${artistId} and c.accepted_at is null
        and not exists (select 1 from text_messages t where t.dedupe_key = 'split_invitation:' || c.id || ':' || ${songId})
      order by sh.position`,
  );
  for (const invitee of invitees) {
    await textSplitInvitation(ctx, {
      artistId,
      songId,
      ...invitee,
      collaboratorLink: async (onlyIf) => {
        const { token, statement } = await collaboratorLinkStatement(invitee.phone, onlyIf);
        return { url: new URL(collaboratorPagePath(token), origin).href, statement };
      },
    });
  }
}
