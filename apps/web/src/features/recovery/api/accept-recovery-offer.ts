/**
 * `POST /api/distribute/{songId}/recovery {offerTier}` (docs/product.md, Data; States and flows; Errors): accepts a
 * discounted offer after a decline. The server first tries the saved card; its answers become one
 * of three outcomes here, so the screen never parses status codes:
 * - `paid`: the saved card paid the offer (or the song was paid before: `alreadyProcessed`);
 * - `card`: pay with the card form (a new card) using this client secret, with the server's reason;
 * - `authenticate`: the saved card was charged and the bank asks for 3-D Secure (`requiresAction`;
 *   a client secret without `requiresNewCard` is read the same way);
 * - `next-tier` (the 402): this tier cannot succeed, the server suggests another (or a new card).
 * Any other failure stays an ApiError.
 */
import { is } from "valibot";
import {
  type RecoveryNextTierResponse,
  RecoveryNextTierResponseSchema,
  type RecoveryRequest,
  type RecoveryResponse,
  RecoveryResponseSchema,
} from "@jplay/schema/payments";
import { api, ApiError } from "@/lib/api-client";
import { useMutation } from "@tanstack/react-query";

export type RecoveryOutcome =
  | { kind: "paid"; alreadyProcessed: boolean }
  | { kind: "card"; clientSecret: string; requiresNewCard: boolean; message?: string }
  | { kind: "authenticate"; clientSecret: string }
  | ({ kind: "next-tier" } & RecoveryNextTierResponse);

export interface AcceptRecoveryOfferInput extends RecoveryRequest {
  songId: string;
}

/** The refusal's body, when it is the next-tier answer (the product's 402 with `suggestNextTier`). */
function nextTierFrom(error: unknown): RecoveryNextTierResponse | null {
  return error instanceof ApiError && is(RecoveryNextTierResponseSchema, error.body) ? error.body : null;
}

export async function acceptRecoveryOffer({ songId, offerTier }: AcceptRecoveryOfferInput): Promise<RecoveryOutcome> {
  let answer: RecoveryResponse;
  try {
    answer = await api.post(`/api/distribute/${encodeURIComponent(songId)}/recovery`, RecoveryResponseSchema, { offerTier });
  } catch (error) {
    const next = nextTierFrom(error);
    if (next) return { kind: "next-tier", ...next };
    throw error;
  }
  if (answer.success) return { kind: "paid", alreadyProcessed: answer.alreadyProcessed === true };
  const { clientSecret } = answer;
  if (clientSecret && (answer.requiresAction === true || answer.requiresNewCard !== true)) {
    return { kind: "authenticate", clientSecret };
  }
  if (clientSecret) return { kind: "card", clientSecret, requiresNewCard: true, ...(answer.message ? { message: answer.message } : {}) };
  throw new Error("The server answered without a payment to confirm.");
}

export const useAcceptRecoveryOffer = () => useMutation({ mutationFn: acceptRecoveryOffer });
