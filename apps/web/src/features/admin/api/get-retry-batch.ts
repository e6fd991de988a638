/**
 * `GET /api/admin/payments/retry/{batchId}`: a batch's progress (pending 0 = finished).
 * Not a cached read: the screen reads it only while a batch runs. `waitForBatch` asks until the
 * batch has finished or the time bound is spent, so a stuck queue never leaves the screen asking
 * forever; the last progress seen is returned either way.
 */
import { type RetryBatchResponse, RetryBatchResponseSchema } from "@jplay/schema/admin";
import { api } from "@/lib/api-client";

export const getRetryBatch = (batchId: string, signal?: AbortSignal) =>
  api.get(`/api/admin/payments/retry/${encodeURIComponent(batchId)}`, RetryBatchResponseSchema, { signal });

export interface WaitOptions {
  intervalMs?: number;
  /** How long to keep asking before reporting what is known. */
  timeoutMs?: number;
  fetchBatch?: (batchId: string) => Promise<RetryBatchResponse>;
  sleep?: (ms: number) => Promise<void>;
  now?: () => number;
}

export async function waitForBatch(first: RetryBatchResponse, options: WaitOptions = {}): Promise<RetryBatchResponse> {
  const {
    intervalMs = 1_000,
    timeoutMs = 120_000,
    fetchBatch = (batchId) => getRetryBatch(batchId),
    sleep = (ms) => new Promise<void>((resolve) => setTimeout(resolve, ms)),
    now = () => Date.now(),
  } = options;
  const deadline = now() + timeoutMs;
  let latest = first;
  while (latest.pending > 0 && now() < deadline) {
    await sleep(intervalMs);
    latest = await fetchBatch(latest.batchId);
  }
  return latest;
}
