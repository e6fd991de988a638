/**
 * The one application error: an HTTP status, a machine-readable code and a message a person can read.
 * Routes and services throw it; `app.onError` turns it into the JSON body every client parses.
 */
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { ApiErrorCode } from "@jplay/schema/api-errors";

export class AppError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly code: ApiErrorCode,
    message: string,
    /** Extra response headers, e.g. Retry-After on 429. */
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = "AppError";
  }
}

export const notFound = (message: string) => new AppError(404, "not_found", message);
export const badRequest = (message: string) => new AppError(400, "bad_request", message);
export const unauthorized = (message: string) => new AppError(401, "unauthorized", message);
export const forbidden = (message: string) => new AppError(403, "forbidden", message);
