/**
 * Stripe's error answers: `{error:{type, code, decline_code?, message, param?, …}}` with Stripe's
 * HTTP statuses, so the SDK raises the same error classes (StripeCardError, StripeIdempotencyError…)
 * it raises against api.stripe.com. https://docs.stripe.com/api/errors
 */

export type StripeErrorType = "api_error" | "card_error" | "idempotency_error" | "invalid_request_error";

export interface StripeErrorBody {
  type: StripeErrorType;
  message: string;
  code?: string;
  decline_code?: string;
  advice_code?: string;
  param?: string;
  doc_url?: string;
  charge?: string;
  payment_intent?: unknown;
  setup_intent?: unknown;
  payment_method?: unknown;
  request_log_url?: string;
}

export class StripeApiError extends Error {
  /** The request's parameters failed validation: no endpoint began, so no answer is kept for its idempotency key (idempotency.ts). */
  validation = false;

  constructor(
    readonly status: number,
    readonly body: StripeErrorBody,
    readonly headers: Record<string, string> = {},
  ) {
    super(body.message);
    this.name = "StripeApiError";
  }
}

export const docUrl = (code: string) => `https://docs.stripe.com/error-codes/${code.replaceAll("_", "-")}`;

/** Stripe answers JSON pretty-printed; stored idempotent answers replay these exact bytes. */
export const stripeJson = (body: unknown) => JSON.stringify(body, null, 2);

export function errorResponse(error: StripeApiError): Response {
  return new Response(stripeJson({ error: error.body }), {
    status: error.status,
    headers: { "Content-Type": "application/json", ...error.headers },
  });
}

export function invalidRequest(message: string, extra: { param?: string; code?: string; status?: number } = {}): StripeApiError {
  const body: StripeErrorBody = { type: "invalid_request_error", message };
  if (extra.code) Object.assign(body, { code: extra.code, doc_url: docUrl(extra.code) });
  if (extra.param) body.param = extra.param;
  return new StripeApiError(extra.status ?? 400, body);
}

/** Marks a refusal of the request's parameters themselves (see `validation`). */
export function validationFailure(error: StripeApiError): StripeApiError {
  error.validation = true;
  return error;
}

export const parameterMissing = (param: string) => validationFailure(invalidRequest(`Missing required param: ${param}.`, { param, code: "parameter_missing" }));

export const parameterUnknown = (param: string) =>
  validationFailure(invalidRequest(`Received unknown parameter: ${param}`, { param, code: "parameter_unknown" }));

export const parameterInvalid = (param: string, message: string, code = "parameter_invalid_string") =>
  validationFailure(invalidRequest(message, { param, code }));

/** A missing object: 404 when its id is in the URL, 400 when a parameter names it (Stripe does both). */
export const resourceMissing = (label: string, id: string, param = "id", status = param === "id" ? 404 : 400) =>
  invalidRequest(`No such ${label}: '${id}'`, { param, code: "resource_missing", status });

export const unexpectedState = (object: "payment_intent" | "setup_intent", message: string) => invalidRequest(message, { code: `${object}_unexpected_state` });

/** 401s are `invalid_request_error`s on Stripe; the status is what the SDK keys on. */
export const authenticationError = (message: string) => new StripeApiError(401, { type: "invalid_request_error", message });

export const apiError = () =>
  new StripeApiError(500, {
    type: "api_error",
    message: "An unknown error occurred. Please try again; if the problem persists, contact support.",
  });

/** Which limit a 429 met, in Stripe's `Stripe-Rate-Limited-Reason` header (https://docs.stripe.com/rate-limits). */
export type RateLimitedReason = "global-rate" | "endpoint-rate";

export const rateLimited = (reason: RateLimitedReason) =>
  new StripeApiError(
    429,
    {
      type: "invalid_request_error",
      code: "rate_limit",
      doc_url: docUrl("rate_limit"),
      message: "Request rate limit exceeded. Learn more about rate limits here https://docs.stripe.com/rate-limits.",
    },
    { "Stripe-Rate-Limited-Reason": reason },
  );

/** Another request holds the object; Stripe asks clients to retry (the SDK honours the header). */
export const lockTimeout = () =>
  new StripeApiError(
    429,
    {
      type: "invalid_request_error",
      code: "lock_timeout",
      doc_url: docUrl("lock_timeout"),
      message:
        "This object cannot be accessed right now because another API request or Stripe process is currently accessing it. If you see this error intermittently, retry the request.",
    },
    { "Stripe-Should-Retry": "true" },
  );

export const idempotencyMismatch = (key: string) =>
  new StripeApiError(400, {
    type: "idempotency_error",
    message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
  });

export const idempotencyInProgress = () =>
  new StripeApiError(409, {
    type: "idempotency_error",
    message:
      "There is currently another in-progress request using this Idempotent Key (that probably means you submitted twice, and the other request is still going through): please try again later.",
  });

/** A card problem as Stripe reports it (402). `extra` carries the intent / charge snapshots. */
export interface CardFailure {
  code: string;
  message: string;
  decline_code?: string;
  advice_code?: string;
  param?: string;
}

/** The fields of a card error, as both error answers and `last_*_error` carry them. */
export interface CardErrorFields {
  type: "card_error";
  code: string;
  doc_url: string;
  message: string;
  decline_code?: string;
  advice_code?: string;
  param?: string;
}

export function cardErrorBody(failure: CardFailure): CardErrorFields {
  const body: CardErrorFields = { type: "card_error", code: failure.code, doc_url: docUrl(failure.code), message: failure.message };
  if (failure.decline_code) body.decline_code = failure.decline_code;
  if (failure.advice_code) body.advice_code = failure.advice_code;
  if (failure.param) body.param = failure.param;
  return body;
}

export const cardError = (failure: CardFailure, extra: Partial<StripeErrorBody> = {}) => new StripeApiError(402, { ...cardErrorBody(failure), ...extra });
