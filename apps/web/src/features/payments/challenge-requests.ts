/**
 * A payment-setup call the server answers 428 `challenge_required` — its network, or all of JPlay,
 * is past its limits (docs/decisions/084) — waits here for a Turnstile token and is then made once
 * more with it (`CHALLENGE_TOKEN_HEADER`). The form's challenge (components/payment-challenge.tsx)
 * shows the widget while a call waits. A token is single-use: each waiting call gets its own.
 */
import { CHALLENGE_TOKEN_HEADER } from "@jplay/schema/payments";
import { type ApiError, hasErrorCode } from "@/lib/api-client";

export interface ChallengeRequest {
  /** Distinct per waiting call: the widget is rendered anew for each. */
  id: number;
  siteKey: string;
  /** The server's reason, in the reader's language. */
  message: string;
  solve(token: string): void;
}

let waiting: ChallengeRequest[] = [];
let nextId = 0;
const listeners = new Set<() => void>();

function change(next: ChallengeRequest[]) {
  waiting = next;
  for (const listener of listeners) listener();
}

export const subscribeToChallenges = (listener: () => void) => {
  listeners.add(listener);
  return () => void listeners.delete(listener);
};

/** The call the widget serves now, if any waits. */
export const currentChallenge = (): ChallengeRequest | null => waiting[0] ?? null;

function challengeOf(error: ApiError): { siteKey: string; message: string } {
  const inner = (error.body as { error?: { siteKey?: unknown; message?: unknown } } | undefined)?.error;
  return { siteKey: typeof inner?.siteKey === "string" ? inner.siteKey : "", message: typeof inner?.message === "string" ? inner.message : "" };
}

const tokenFor = (error: ApiError) =>
  new Promise<string>((resolve) => {
    const request: ChallengeRequest = {
      id: ++nextId,
      ...challengeOf(error),
      solve: (token) => {
        change(waiting.filter((other) => other !== request));
        resolve(token);
      },
    };
    change([...waiting, request]);
  });

/** `call`, and once more with a solved challenge's token if the server asks for one. */
export async function withChallenge<T>(call: (headers?: Record<string, string>) => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (!hasErrorCode(error, "challenge_required")) throw error;
    return call({ [CHALLENGE_TOKEN_HEADER]: await tokenFor(error) });
  }
}
