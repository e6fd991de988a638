/**
 * A write to the API from a screen (docs/decisions/074-one-read-cache.md): its pending, error and
 * answer state for the screen, never retried (docs/product.md, Calls), and the hook's own follow-up
 * (which reads the write changed: `invalidateReads`, or `setRead` with its answer) before the caller's.
 * `mutate` reports a failure through its state and callbacks only; `mutateAsync` also rejects.
 */
import { useCallback, useEffect, useRef, useState } from "react";

export interface WriteCallbacks<R, V> {
  onSuccess?: (answer: R, variables: V) => unknown;
  onError?: (error: unknown, variables: V) => unknown;
  /** After either; awaited before the write's state settles (an invalidation read again, say). */
  onSettled?: (answer: R | undefined, error: unknown, variables: V) => unknown;
}

type WriteState<R, V> =
  | { status: "idle"; isIdle: true; isPending: false; isSuccess: false; isError: false; variables: undefined; data: undefined; error: null }
  | { status: "pending"; isIdle: false; isPending: true; isSuccess: false; isError: false; variables: V; data: undefined; error: null }
  | { status: "success"; isIdle: false; isPending: false; isSuccess: true; isError: false; variables: V; data: R; error: null }
  | { status: "error"; isIdle: false; isPending: false; isSuccess: false; isError: true; variables: V; data: undefined; error: unknown };

export type Write<R, V> = WriteState<R, V> & {
  mutate: (variables: V, callbacks?: WriteCallbacks<R, V>) => void;
  mutateAsync: (variables: V) => Promise<R>;
  reset: () => void;
};

const IDLE = { status: "idle", isIdle: true, isPending: false, isSuccess: false, isError: false, variables: undefined, data: undefined, error: null } as const;
const PENDING = { status: "pending", isIdle: false, isPending: true, isSuccess: false, isError: false, data: undefined, error: null } as const;
const SUCCESS = { status: "success", isIdle: false, isPending: false, isSuccess: true, isError: false, error: null } as const;
const FAILED = { status: "error", isIdle: false, isPending: false, isSuccess: false, isError: true, data: undefined } as const;

export function useWrite<R, V = void>(write: (variables: V) => Promise<R>, own: WriteCallbacks<R, V> = {}): Write<R, V> {
  const [state, setState] = useState<WriteState<R, V>>(IDLE);
  // The hook's latest arguments, so a callback made in an earlier render still runs the current ones.
  const latest = useRef({ write, own });
  latest.current = { write, own };
  /** Each write's number: a caller's callbacks and the state follow the latest write only, while mounted. */
  const lastWrite = useRef(0);
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => void (mounted.current = false);
  }, []);

  const run = useCallback(async (variables: V, callbacks: WriteCallbacks<R, V> = {}): Promise<R> => {
    const number = ++lastWrite.current;
    const current = () => mounted.current && lastWrite.current === number;
    const { write: send, own: hook } = latest.current;
    setState({ ...PENDING, variables });
    let answer: R;
    try {
      answer = await send(variables);
    } catch (error) {
      await hook.onError?.(error, variables);
      await hook.onSettled?.(undefined, error, variables);
      if (current()) {
        setState({ ...FAILED, variables, error });
        await callbacks.onError?.(error, variables);
        await callbacks.onSettled?.(undefined, error, variables);
      }
      throw error;
    }
    try {
      await hook.onSuccess?.(answer, variables);
      await hook.onSettled?.(answer, null, variables);
    } catch (error) {
      // The write was made, but what follows it failed: the screen shows that error, never "pending" for ever.
      if (current()) setState({ ...FAILED, variables, error });
      throw error;
    }
    if (current()) {
      setState({ ...SUCCESS, variables, data: answer });
      await callbacks.onSuccess?.(answer, variables);
      await callbacks.onSettled?.(answer, null, variables);
    }
    return answer;
  }, []);

  const mutate = useCallback((variables: V, callbacks?: WriteCallbacks<R, V>) => void run(variables, callbacks).catch(() => undefined), [run]);
  const reset = useCallback(() => setState(IDLE), []);
  return {
    ...state,
    mutate,
    mutateAsync: run,
    reset,
  };
}
