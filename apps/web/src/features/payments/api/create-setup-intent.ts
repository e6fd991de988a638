/**
 * `POST /api/create-setup-intent`: the SetupIntent the card form confirms. Loaded like a read, keyed by
 * the payout frequency, so mounting the card and changing the frequency each load a fresh one (docs/product.md,
 * States and flows); never cached after the card unmounts, because a confirmed intent cannot be reused.
 */
import { useQuery } from "@tanstack/react-query";
import { CreateSetupIntentResponseSchema, type PaymentFrequency } from "@jplay/schema/payments";
import { api } from "@/lib/api-client";
import { withChallenge } from "../challenge-requests";

/** Past its network's or JPlay's limits the server asks for a challenge first (challenge-requests.ts). */
export const createSetupIntent = (paymentFrequency: PaymentFrequency) =>
  withChallenge((headers) => api.post("/api/create-setup-intent", CreateSetupIntentResponseSchema, { paymentFrequency }, headers ? { headers } : {}));

/**
 * The card form's SetupIntent. `gcTime: 0` forgets it as soon as no card shows it (TanStack collects it
 * on a timer, so StrictMode's second run of the effects, or a card mounted again in the same commit,
 * keeps the one already read instead of asking for another).
 */
export const useSetupIntent = (paymentFrequency: PaymentFrequency) =>
  useQuery({ queryKey: ["payments", "setup-intent", paymentFrequency], queryFn: () => createSetupIntent(paymentFrequency), gcTime: 0 });
