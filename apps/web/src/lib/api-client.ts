/**
 * The one fetch wrapper (docs/product.md, Calls; Errors). Every call sends cookies; a FormData payload goes as
 * multipart, any other payload as JSON; any non-success answer throws `${status}: ${body || statusText}`.
 * Every call names the valibot schema of its answer (schema/src) and gets the checked answer, never a
 * cast: an answer of another shape throws UnexpectedAnswerError (docs/architecture.md, Checked answers).
 * Each call tells the network detector (network-status.ts) whether it reached the server.
 */
import { safeParse, type GenericSchema, type InferOutput } from "valibot";
import type { ApiErrorCode } from "@jplay/schema/api-errors";
import { isNetworkFailure, networkStatus, SERVED_FROM_COPY_HEADER } from "./network-status";

/**
 * A non-success HTTP answer. Its message is exactly the product's `${status}: ${bodyText || statusText}`;
 * `body` is the body text read back out of it as JSON (undefined when it is not JSON, e.g. a proxy's
 * HTML page), and `code` the Worker's `{error:{code}}`, which screens branch on (`hasErrorCode`).
 */
export class ApiError extends Error {
  readonly status: number;
  readonly body: unknown;
  readonly code: string | undefined;

  constructor(status: number, message: string) {
    super(message);
    this.name = "ApiError";
    this.status = status;
    this.body = parseJson(message.slice(`${status}: `.length));
    const inner = isObject(this.body) ? this.body.error : undefined;
    this.code = isObject(inner) && typeof inner.code === "string" ? inner.code : undefined;
  }
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null;

/** The JSON in `text`; undefined when there is none or it is not JSON. */
export function parseJson(text: string): unknown {
  try {
    return text ? (JSON.parse(text) as unknown) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * A successful answer whose body is not the shape its schema says: a screen shows it as any failed
 * read. Its message names the call and the first place the body differs.
 */
export class UnexpectedAnswerError extends Error {
  readonly path: string;

  constructor(method: string, path: string, where: string, issue: string) {
    super(`Unexpected answer from ${method} ${path}${where ? ` at ${where}` : ""}: ${issue}`);
    this.name = "UnexpectedAnswerError";
    this.path = path;
  }
}

/** Whether `error` is the Worker's answer with one of these codes (schema/src/api-errors.ts lists them). */
export const hasErrorCode = (error: unknown, ...codes: ApiErrorCode[]): error is ApiError =>
  error instanceof ApiError && (codes as (string | undefined)[]).includes(error.code);

export interface RequestOptions {
  signal?: AbortSignal | undefined;
  /** Extra request headers (the Library's listener token). */
  headers?: Record<string, string>;
}

export async function apiRequest<S extends GenericSchema>(
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE",
  path: string,
  answer: S,
  body?: unknown,
  options: RequestOptions = {},
): Promise<InferOutput<S>> {
  const headers: Record<string, string> = { Accept: "application/json", ...options.headers };
  let payload: BodyInit | undefined;
  if (body instanceof FormData) {
    payload = body; // the browser sets the multipart boundary
  } else if (body !== undefined) {
    headers["Content-Type"] = "application/json";
    payload = JSON.stringify(body);
  }

  let response: Response;
  try {
    response = await fetch(path, {
      method,
      headers,
      body: payload,
      credentials: "include",
      signal: options.signal ?? null,
    });
  } catch (error) {
    if (isNetworkFailure(error)) networkStatus().requestFailed();
    throw error;
  }
  // The service worker's copy of a list answers, but the server did not.
  if (response.headers.has(SERVED_FROM_COPY_HEADER)) networkStatus().requestFailed();
  else networkStatus().requestReached();

  if (!response.ok) {
    const text = await response.text().catch(() => "");
    throw new ApiError(response.status, `${response.status}: ${text || response.statusText}`);
  }
  // A body that is not JSON (or none, 204) is checked as undefined: only a schema that allows it passes.
  const json: unknown = response.status === 204 ? undefined : await response.json().catch(() => undefined);
  return checkedAnswer(method, path, answer, json);
}

/** `json` as `answer` parses it, or UnexpectedAnswerError naming the call (the upload's XMLHttpRequest checks its answer here too). */
export function checkedAnswer<S extends GenericSchema>(method: string, path: string, answer: S, json: unknown): InferOutput<S> {
  const checked = safeParse(answer, json);
  if (checked.success) return checked.output;
  const [issue] = checked.issues;
  throw new UnexpectedAnswerError(method, path, issue.path?.map((item) => String(item.key)).join(".") ?? "", issue.message);
}

export const api = {
  get: <S extends GenericSchema>(path: string, answer: S, options?: RequestOptions) => apiRequest("GET", path, answer, undefined, options),
  post: <S extends GenericSchema>(path: string, answer: S, body?: unknown, options?: RequestOptions) => apiRequest("POST", path, answer, body, options),
  put: <S extends GenericSchema>(path: string, answer: S, body: unknown, options?: RequestOptions) => apiRequest("PUT", path, answer, body, options),
};
