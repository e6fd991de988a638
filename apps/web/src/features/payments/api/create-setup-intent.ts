/**
 * `POST /api/create-setup-intent`: the SetupIntent the card form confirms. Loaded like a read, keyed by
 * the payout frequency, so mounting the card and changing the frequency each load a fresh one (docs/product.md,
 * States and flows); never cached after the card unmounts, because a confirmed intent cannot be reused.
 */
import { queryOptions, useQuery } from "@tanstack/react-query";
import { CreateSetupIntentResponseSchema, type PaymentFrequency } from "@jplay/schema/payments";
import { api } from "@/lib/api-client";

export const createSetupIntent = (paymentFrequency: PaymentFrequency, signal?: AbortSignal) =>
  api.post("/api/create-setup-intent", CreateSetupIntentResponseSchema, { paymentFrequency }, { signal });

export const setupIntentQueryOptions = (paymentFrequency: PaymentFrequency) =>
  queryOptions({
    queryKey: ["payments", "setup-intent", paymentFrequency],
    queryFn: ({ signal }) => createSetupIntent(paymentFrequency, signal),
    gcTime: 0,
  });

export const useSetupIntent = (paymentFrequency: PaymentFrequency, enabled = true) =>
  useQuery({ ...setupIntentQueryOptions(paymentFrequency), enabled });
