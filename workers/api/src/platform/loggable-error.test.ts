/** What a log line says of an error: its type and code, never a message that may hold bound values. */
import { DrizzleQueryError } from "drizzle-orm/errors";
import Stripe from "stripe";
import { describe, expect, it } from "vitest";
import { AppError } from "./errors";
import { loggableError } from "./loggable-error";

describe("loggableError", () => {
  it("names a drizzle query error by its class and D1's SQLite code, without the query or its parameters", () => {
    const cause = new Error("D1_ERROR: UNIQUE constraint failed: artists.phone: SQLITE_CONSTRAINT");
    const error = new DrizzleQueryError("insert into artists (phone) values (?)", ["+15550101234"], cause);
    const logged = loggableError(error);
    expect(logged).toEqual({ errorType: "DrizzleQueryError", errorCode: "SQLITE_CONSTRAINT" });
    expect(JSON.stringify(logged)).not.toContain("+1555");
  });

  it("keeps a provider's or our own machine code, and nothing of the message", () => {
    const stripe = new Stripe.errors.StripeCardError({ message: "Your card was declined for cus_123.", code: "card_declined", type: "card_error" });
    expect(loggableError(stripe)).toEqual({ errorType: "StripeCardError", errorCode: "card_declined" });
    expect(loggableError(new AppError(404, "not_found", "Link not found"))).toEqual({ errorType: "AppError", errorCode: "not_found" });
    expect(loggableError(new TypeError("x is 1234"))).toEqual({ errorType: "TypeError" });
  });

  it("never reads a code out of an error's own message, only out of its cause's", () => {
    expect(loggableError(new Error("secret SQLITE_ERROR"))).toEqual({ errorType: "Error" });
    expect(loggableError("a thrown string with a phone +15550101234")).toEqual({ errorType: "string" });
    expect(loggableError(null)).toEqual({ errorType: "object" });
  });
});
