/**
 * What a person reads when a call fails: the API's `{error:{message}}` (docs/product.md, Errors texts come
 * from the server), else the screen's own fallback — also when the body is not JSON (a proxy's HTML
 * page, an empty body), where the fallback reads better.
 */
import { ApiError } from "@/lib/api-client";

export function apiErrorMessage(error: unknown, fallback: string): string {
  if (!(error instanceof ApiError) || typeof error.body !== "object" || error.body === null || !("error" in error.body)) return fallback;
  const inner: unknown = error.body.error;
  if (typeof inner === "string" && inner.trim()) return inner;
  if (inner && typeof inner === "object" && "message" in inner) {
    const message = inner.message;
    if (typeof message === "string" && message.trim()) return message;
  }
  return fallback;
}
