/**
 * The payout run's Stripe Transfers paced to the account's limit (docs/decisions/078-payout-transfers-paced.md).
 * Stripe counts the account's Transfers a second (https://docs.stripe.com/rate-limits), and the run's
 * queue consumers run side by side with no clock of their own in common. One Durable Object, the
 * `TransferPacer`, is that clock: a consumer asks it for as many send times as its batch has Transfers,
 * and it hands out times one interval apart (1,000 ms ÷ the limit) after the last it gave anyone, so
 * however many consumers run, together they send at the limit and no faster. Its state is the next
 * free time only, in memory: after an eviction it starts from now, which is what an idle pacer holds.
 * A 429 that comes anyway (another request to the endpoint) is waited out with backoff
 * (platform/stripe-rate-limit.ts).
 */
import { DurableObject } from "cloudflare:workers";
import type { Ctx } from "../platform/context";
import { stripeTransfersPerSecond } from "../platform/limits";
import { wait } from "../platform/stripe-rate-limit";

/** The one pacer for the account's Transfers. */
const PACER_NAME = "stripe-transfers";

export class TransferPacer extends DurableObject<Env> {
  private nextFreeAt = 0;

  /** Reserves `count` send times at `perSecond`; answers each one's wait from now, in ms. */
  reserve(count: number, perSecond: number): number[] {
    const now = Date.now();
    const interval = 1000 / perSecond;
    let at = Math.max(now, this.nextFreeAt);
    const waits: number[] = [];
    for (let i = 0; i < count; i++, at += interval) waits.push(at - now);
    this.nextFreeAt = at;
    return waits;
  }
}

/** Send times for `count` Transfers, as waits from now (ms), from the account's one pacer. */
export async function transferSendWaits(ctx: Ctx, count: number): Promise<number[]> {
  if (count === 0) return [];
  return ctx.env.TRANSFER_PACER.getByName(PACER_NAME).reserve(count, stripeTransfersPerSecond(ctx.env));
}

/** `send` for each item once its wait has passed; settled as Promise.allSettled settles. */
export const paced = <T, R>(items: readonly T[], waits: readonly number[], send: (item: T) => Promise<R>): Promise<PromiseSettledResult<R>[]> =>
  Promise.allSettled(
    items.map(async (item, index) => {
      const ms = waits[index] ?? 0;
      if (ms > 0) await wait(ms);
      return send(item);
    }),
  );
