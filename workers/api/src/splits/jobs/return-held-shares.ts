/**
 * The daily cron's task for held royalty split shares (docs/splits.md, The hold): artists told 14
 * days ahead, shares whose hold ended returned to them (held-shares.ts), at the schedule's time.
 */
import type { Ctx } from "../../platform/context";
import { settleHeldShares } from "../held-shares";

export const returnHeldSharesTask = (ctx: Ctx, scheduledTime: Date): Promise<void> => settleHeldShares(ctx, scheduledTime.getTime());
