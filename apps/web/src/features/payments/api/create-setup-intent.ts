/**
 * `POST /api/create-setup-intent`: the SetupIntent the card form confirms. Loaded like a read, keyed by
 * the payout frequency, so mounting the card and changing the frequency each load a fresh one (docs/product.md,
 * States and flows); never cached after the card unmounts, because a confirmed intent cannot be reused.
 */
import { useEffect } from "react";
import { CreateSetupIntentResponseSchema, type PaymentFrequency } from "@jplay/schema/payments";
import { api } from "@/lib/api-client";
import { forgetReads, useRead } from "@/lib/read-cache";
import { withChallenge } from "../challenge-requests";

/** Past its network's or JPlay's limits the server asks for a challenge first (challenge-requests.ts). */
export const createSetupIntent = (paymentFrequency: PaymentFrequency) =>
  withChallenge((headers) => api.post("/api/create-setup-intent", CreateSetupIntentResponseSchema, { paymentFrequency }, headers ? { headers } : {}));

/**
 * An intent no card shows any more, forgotten a moment after: StrictMode's second run of the effects
 * (and a card mounted again in the same commit) keeps the one already read instead of asking for another.
 */
const forgetting = new Map<string, ReturnType<typeof setTimeout>>();

export function useSetupIntent(paymentFrequency: PaymentFrequency) {
  const key = `payments/setup-intent/${paymentFrequency}`;
  useEffect(() => {
    clearTimeout(forgetting.get(key));
    forgetting.delete(key);
    return () => {
      forgetting.set(
        key,
        setTimeout(() => {
          forgetting.delete(key);
          forgetReads(key);
        }),
      );
    };
  }, [key]);
  return useRead(key, () => createSetupIntent(paymentFrequency));
}
