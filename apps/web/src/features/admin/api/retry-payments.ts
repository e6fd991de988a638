/**
 * `POST /api/admin/payments/retry`: records a batch of charges the Queue carries out (song retries,
 * `songId: null` for an artist's initial charge). The answer says what is still pending; the screen
 * follows the batch with `get-retry-batch.ts` until it has finished.
 */
import { RetryBatchResponseSchema, type RetryRequest } from "@jplay/schema/admin";
import { api } from "@/lib/api-client";

export const retryPayments = (request: RetryRequest) => api.post("/api/admin/payments/retry", RetryBatchResponseSchema, request);
