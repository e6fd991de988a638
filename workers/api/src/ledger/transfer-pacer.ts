/**
 * The payout run's Stripe requests paced below the account's limits (docs/decisions/078-payout-transfers-paced.md,
 * docs/decisions/092-stripe-pacing-headroom.md). Stripe counts the account's requests a second twice:
 * over all endpoints (100 live, 25 in test mode) and per endpoint (25 for `POST /v1/transfers`)
 * (https://docs.stripe.com/rate-limits). The run's queue consumers run side by side with no clock of
 * their own in common. One Durable Object, the `TransferPacer`, is that clock: a consumer asks it for
 * a send time per request, and it hands out times so that together the consumers send Transfers at
 * most at 80% of the endpoint's limit and all their requests (Transfers and the look-ups of earlier
 * Transfers) at most at 80% of the account's. Its state is the next free times only, in memory:
 * after an eviction it starts from now, which is what an idle pacer holds.
 * A 429 that comes anyway (another request to the account) is waited out with backoff
 * (platform/stripe-rate-limit.ts).
 */
import { DurableObject } from "cloudflare:workers";
import type { Ctx } from "../platform/context";
import { stripePaceRates } from "../platform/limits";
import { wait } from "../platform/stripe-rate-limit";

/** The one pacer for the account's payout requests. */
export const PACER_NAME = "stripe-transfers";

/** A Transfer counts against its endpoint and the account; a look-up (a list of Transfers) against the account. */
export type PacedRequest = "transfer" | "lookup";

/** Requests a second to pace to: over all endpoints, and Transfers alone. */
export interface PaceRates {
  all: number;
  transfers: number;
}

export class TransferPacer extends DurableObject<Env> {
  private nextAnyAt = 0;
  private nextTransferAt = 0;

  /** Reserves a send time for each request, in order; answers each one's wait from now, in ms. */
  reserve(requests: readonly PacedRequest[], rates: PaceRates): number[] {
    const now = Date.now();
    return requests.map((request) => {
      const at = Math.max(now, this.nextAnyAt, request === "transfer" ? this.nextTransferAt : 0);
      this.nextAnyAt = at + 1000 / rates.all;
      if (request === "transfer") this.nextTransferAt = at + 1000 / rates.transfers;
      return at - now;
    });
  }
}

/** Send times for `requests`, as waits from now (ms), from the account's one pacer. */
export async function sendWaits(ctx: Ctx, requests: readonly PacedRequest[]): Promise<number[]> {
  if (requests.length === 0) return [];
  return ctx.env.TRANSFER_PACER.getByName(PACER_NAME).reserve(requests, stripePaceRates(ctx.env));
}

/** Send times for `count` Transfers, as waits from now (ms). */
export const transferSendWaits = (ctx: Ctx, count: number) =>
  sendWaits(
    ctx,
    Array.from({ length: count }, () => "transfer" as const),
  );

/** Waits for one request's turn at the account's pacer. */
export async function awaitTurn(ctx: Ctx, request: PacedRequest): Promise<void> {
  const [ms = 0] = await sendWaits(ctx, [request]);
  if (ms > 0) await wait(ms);
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
