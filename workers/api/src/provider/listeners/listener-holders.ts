/**
 * Which enrolled provider holds a listener (table listener_holders;
 * docs/decisions/086-listeners-held-by-one-provider.md). A listener's purchases are sensitive — for
 * people in prison, what they bought is nobody else's business — so only the holder reads their
 * library, redeems their receipts, opens their tablet Library and reports their failed downloads. To
 * every other provider the listener does not exist: the same 404 as an id nobody ever named, so an
 * answer never confirms that a listener is somewhere else. The provider whose purchase report first
 * names a listener becomes the holder; afterwards only a transfer code moves them (transfer-codes.ts).
 */
import { eq, sql } from "drizzle-orm";
import { listenerHolders } from "@jplay/schema/tables";
import type { Ctx } from "../../platform/context";
import { AppError } from "../../platform/errors";

/** What a provider that does not hold the listener (or names one nobody named) is told. */
export const unknownListener = () => new AppError(404, "unknown_listener", "No listener with this id is held by this provider");

/** The provider holding `listenerId`, or null when no purchase report has named them. */
export async function holderOf(ctx: Ctx, listenerId: string): Promise<string | null> {
  const [row] = await ctx.db.select({ providerId: listenerHolders.providerId }).from(listenerHolders).where(eq(listenerHolders.listenerId, listenerId));
  return row?.providerId ?? null;
}

/** Throws 404 `unknown_listener` unless `providerId` holds `listenerId`. */
export async function requireHolder(ctx: Ctx, providerId: string, listenerId: string): Promise<void> {
  if ((await holderOf(ctx, listenerId)) !== providerId) throw unknownListener();
}

/**
 * The statement that makes `providerId` the holder of every listener in `listenerIds` nobody holds
 * yet; a listener already held keeps their provider (a purchase report never moves anyone).
 */
export const holdNewListenersStatement = (providerId: string, listenerIds: readonly string[], now: number) => sql`
  insert into listener_holders (listener_id, provider_id, since)
  select distinct l.value, ${providerId}, ${now} from json_each(${JSON.stringify(listenerIds)}) l
  where true
  on conflict (listener_id) do nothing`;
