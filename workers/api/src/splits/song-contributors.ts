/**
 * What the delivery feeds publish of a song's split (docs/splits.md, Feeds): each collaborator of the
 * version in force as a contributor — a name and a role, never a share, a phone or whether they accepted.
 */
import type { Credit } from "@jplay/schema/release-metadata";
import type { Ctx } from "../platform/context";
import { versionAt } from "./purchase-splits";
import { splitVersionsOf } from "./split-versions";

/** The collaborators of each song's split in force at `at`, in the artist's order; a song without one is absent. */
export async function songContributors(ctx: Ctx, songIds: string[], at: number): Promise<Map<string, Credit[]>> {
  const contributors = new Map<string, Credit[]>();
  for (const [songId, versions] of await splitVersionsOf(ctx, songIds)) {
    const shares = versionAt(versions, at)?.shares ?? [];
    if (shares.length > 0)
      contributors.set(
        songId,
        shares.map(({ name, role }) => ({ name, role })),
      );
  }
  return contributors;
}

/** A song's credits, then its collaborators the artist did not already credit in the same role. */
export function creditsWithContributors(credits: readonly Credit[], contributors: readonly Credit[]): Credit[] {
  const key = ({ name, role }: Credit) => `${role}\u0000${name.trim().toLocaleLowerCase("en-US")}`;
  const known = new Set(credits.map(key));
  const merged = [...credits];
  for (const contributor of contributors) {
    if (known.has(key(contributor))) continue;
    known.add(key(contributor));
    merged.push(contributor);
  }
  return merged;
}
