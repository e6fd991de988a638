/**
 * The SDK's HTTP client, in-process: `Stripe.createFetchHttpClient(sandboxFetch(env, ctx))` sends
 * `https://api.stripe.com/v1/...` here and the sandbox app answers it directly, with no network.
 * The SDK's abort signal (its timeout) is honoured, so a held-back answer times out as it would.
 */
import type { BackgroundWork } from "../stripe-client";
import { executionContext } from "./background";
import { sandboxApp } from "./sandbox-app";

/** The origin the sandbox sees; only the path and query of the SDK's URL matter. */
const SANDBOX_ORIGIN = "https://stripe-sandbox.local";

function abortReason(signal: AbortSignal): unknown {
  return signal.reason ?? new DOMException("The operation was aborted.", "AbortError");
}

export function sandboxFetch(env: Env, ctx?: BackgroundWork): typeof fetch {
  return async (input, init) => {
    const source = new Request(input, init);
    const url = new URL(source.url);
    const signal = init?.signal ?? undefined;
    if (signal?.aborted) throw abortReason(signal);
    const request = new Request(`${SANDBOX_ORIGIN}${url.pathname}${url.search}`, {
      method: source.method,
      headers: source.headers,
      body: source.method === "GET" || source.method === "HEAD" ? null : await source.arrayBuffer(),
      ...(signal ? { signal } : {}),
    });
    const context = executionContext(ctx);
    const answer = Promise.resolve(sandboxApp.fetch(request, env, context)).then(async (response) => {
      // Without a caller context, background work started by the call (e.g. the product's own
      // waitUntil during deliver_events) finishes before the answer: nothing may outlive it.
      await context.settle();
      return response;
    });
    if (!signal) return answer;
    return new Promise<Response>((resolve, reject) => {
      const onAbort = () => reject(abortReason(signal));
      signal.addEventListener("abort", onAbort, { once: true });
      answer.then(resolve, reject).finally(() => signal.removeEventListener("abort", onAbort));
    });
  };
}
