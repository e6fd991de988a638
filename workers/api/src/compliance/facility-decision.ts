/**
 * An operator's decision on a live song held at a facility by its term lists: `override` allows it
 * back there with a reason (compliance/facility-standing.ts), `block` keeps it out with a reason
 * (compliance/facility-blocks.ts) and ends the hold, which the block now stands for.
 */
import { and, eq } from "drizzle-orm";
import type { FacilityDecisionRequest } from "@jplay/schema/compliance";
import { facilitySongReviews } from "@jplay/schema/tables";
import type { Ctx } from "../platform/context";
import { AppError } from "../platform/errors";
import { blockAtFacility } from "./facility-blocks";
import { overrideHeldSong } from "./facility-standing";

export async function decideHeldSong(ctx: Ctx, songId: string, decision: FacilityDecisionRequest, actor: string): Promise<void> {
  if (decision.decision === "override") return overrideHeldSong(ctx, songId, decision.facilityId, { reason: decision.reason, actor });
  const [row] = await ctx.db
    .select({ status: facilitySongReviews.status })
    .from(facilitySongReviews)
    .where(and(eq(facilitySongReviews.songId, songId), eq(facilitySongReviews.facilityId, decision.facilityId)))
    .limit(1);
  if (row?.status !== "held") throw new AppError(409, "not_held", "This song is not held at this facility: there is nothing to decide.");
  await blockAtFacility(ctx, decision.facilityId, { kind: "song", targetId: songId, reason: decision.reason }, actor);
  await ctx.db
    .delete(facilitySongReviews)
    .where(and(eq(facilitySongReviews.songId, songId), eq(facilitySongReviews.facilityId, decision.facilityId), eq(facilitySongReviews.status, "held")));
}
