/**
 * Execution contexts for in-process calls: the sandbox is reached through `app.fetch(req, env, ctx)`
 * and itself calls the product's webhook route the same way. With the caller's context, work
 * outlives the response (`waitUntil`); without one, it is collected and awaited before answering.
 */
import type { ExecutionContext } from "hono";
import type { BackgroundWork } from "../stripe-client";

export interface CollectedContext extends ExecutionContext {
  /** Resolves when every `waitUntil` promise (including ones added meanwhile) has settled. */
  settle(): Promise<void>;
  /** No caller context behind it: nothing may be left running after the answer. */
  readonly detached: boolean;
}

export function executionContext(work?: BackgroundWork): CollectedContext {
  const collected: Promise<unknown>[] = [];
  return {
    detached: !work,
    waitUntil(promise) {
      if (work) work.waitUntil(promise);
      else collected.push(promise);
    },
    passThroughOnException() {},
    props: {},
    async settle() {
      while (collected.length > 0) await Promise.allSettled(collected.splice(0));
    },
  };
}

/** Hono throws when a request came without a context (e.g. the SDK routed in-process without one). */
export function contextOf(c: { executionCtx: ExecutionContext }): ExecutionContext | undefined {
  try {
    return c.executionCtx;
  } catch {
    return undefined;
  }
}

/** Whether work may be left to run after the answer (a real caller context exists). */
export function canOutliveAnswer(ctx: ExecutionContext | undefined): ctx is ExecutionContext {
  return ctx !== undefined && !(ctx as Partial<CollectedContext>).detached;
}
