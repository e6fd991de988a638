/**
 * What a person reads when a call fails: the API's `{error:{message}}` (docs/product.md, Errors texts come
 * from the server), else the screen's own fallback. ApiError carries "<status>: <body>", so the
 * body is parsed back out here rather than changing the product's error format.
 */
import { ApiError } from "@/lib/api-client";

export function apiErrorMessage(error: unknown, fallback: string): string {
  if (!(error instanceof ApiError)) return fallback;
  const body = error.message.slice(`${error.status}: `.length);
  try {
    const parsed: unknown = JSON.parse(body);
    if (parsed && typeof parsed === "object" && "error" in parsed) {
      const inner = (parsed as { error: unknown }).error;
      if (typeof inner === "string" && inner.trim()) return inner;
      if (inner && typeof inner === "object" && "message" in inner) {
        const message = (inner as { message: unknown }).message;
        if (typeof message === "string" && message.trim()) return message;
      }
    }
  } catch {
    // Not JSON (a proxy's HTML page, an empty body): the fallback reads better.
  }
  return fallback;
}
