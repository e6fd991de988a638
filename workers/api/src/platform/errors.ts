/**
 * The one application error: an HTTP status, a machine-readable code and a message a person can read.
 * Routes and services throw it; `app.onError` turns it into the JSON body every client parses, in
 * the reader's language (platform/error-language.ts).
 *
 * A message listeners or artists may read is marked for translation where it is written, with an
 * `i18n` block comment before the string, and keeps what changes out of its text: `{name}`
 * placeholders filled from `values`, e.g. `badRequest("Try again in {seconds} seconds.", { seconds })`
 * with the comment before the first argument. Without `values` the message is used as written.
 */
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { ApiErrorCode } from "@jplay/schema/api-errors";
import { formatSourceMessage, type MessageValues } from "@jplay/schema/format-message";

export class AppError extends Error {
  /** The message as written (its placeholders unfilled): the key of its translations. */
  readonly template: string;

  constructor(
    readonly status: ContentfulStatusCode,
    readonly code: ApiErrorCode,
    message: string,
    /** Extra response headers, e.g. Retry-After on 429. */
    readonly headers: Record<string, string> = {},
    /** The values of the message's `{name}` placeholders. */
    readonly values?: MessageValues,
    /** More fields of the answer's `error` object a client acts on (a challenge's `siteKey`). */
    readonly details?: Readonly<Record<string, string>>,
  ) {
    super(values ? formatSourceMessage(message, values) : message);
    this.template = message;
    this.name = "AppError";
  }
}

export const notFound = (message: string, values?: MessageValues) => new AppError(404, "not_found", message, {}, values);
export const badRequest = (message: string, values?: MessageValues) => new AppError(400, "bad_request", message, {}, values);
export const unauthorized = (message: string, values?: MessageValues) => new AppError(401, "unauthorized", message, {}, values);
export const forbidden = (message: string, values?: MessageValues) => new AppError(403, "forbidden", message, {}, values);
