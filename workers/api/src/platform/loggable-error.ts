/**
 * What a log line may say about an error: its type and its code, never its message or stack. A
 * database error's message is the query with every bound value in it (drizzle's "Failed query: …
 * params: …", a link's hash, a phone number, a card's fingerprint), a payment provider's may quote what
 * was sent, and Workers Logs keep whatever is logged (docs/decisions/088-leaks-and-cheap-reads.md).
 * The type names what failed (`DrizzleQueryError`, `StripeConnectionError`, `AppError`); the code says
 * how (`card_declined`, `SQLITE_CONSTRAINT`), taken from the error or the error that caused it.
 */

export interface LoggedError {
  /** The error's class (or `typeof` for a thrown value that is not an Error). */
  errorType: string;
  /** Its machine code, when it has one: its own `code`, its cause's, or the SQLite result code D1 names. */
  errorCode?: string | number;
}

/** D1 ends its messages with the SQLite result code (`D1_ERROR: … : SQLITE_CONSTRAINT`): the code alone is read. */
const SQLITE_CODE = /\b(SQLITE_[A-Z_]+)\b/;

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null;

function typeOf(error: unknown): string {
  if (!isObject(error)) return typeof error;
  const name = typeof error.name === "string" ? error.name : "";
  // drizzle's DrizzleQueryError keeps Error's name: its class says what it is.
  const className = typeof error.constructor === "function" ? error.constructor.name : "";
  return name && name !== "Error" ? name : className || name || "Object";
}

function codeOf(error: unknown, depth = 0): string | number | undefined {
  if (!isObject(error) || depth > 3) return undefined;
  const own = error.code;
  if ((typeof own === "string" && own !== "") || typeof own === "number") return own;
  if (error instanceof Error && typeof error.message === "string") {
    const sqlite = SQLITE_CODE.exec(error.message)?.[1];
    // Only the cause's message is read, and only for the code: a drizzle error's own message is the query.
    if (sqlite && depth > 0) return sqlite;
  }
  return codeOf(error.cause, depth + 1);
}

/** `error` as a log line may carry it: `{ errorType, errorCode? }`, spread into the line. */
export function loggableError(error: unknown): LoggedError {
  const errorCode = codeOf(error);
  return errorCode === undefined ? { errorType: typeOf(error) } : { errorType: typeOf(error), errorCode };
}
