/** A saved card's refusal reaches an artist reading Spanish in Spanish, whichever refusal the sandbox models. */
import { describe, expect, it } from "vitest";
import { AUTHENTICATION_REQUIRED, TEST_CARDS } from "../../../../stripe-sandbox/src/money/cards";
import { messageIn } from "../../platform/error-language";
import { STRIPE_CARD_MESSAGES } from "./stripe-card-messages";

describe("Stripe's card messages", () => {
  it("hold every refusal the Stripe sandbox gives a charge", () => {
    const modelled = Object.values(TEST_CARDS).flatMap((card) => ("failure" in card ? [card.failure.message] : []));
    for (const message of [...modelled, AUTHENTICATION_REQUIRED.message]) expect(STRIPE_CARD_MESSAGES).toContain(message);
  });

  it("each read in Spanish", () => {
    for (const message of STRIPE_CARD_MESSAGES) expect(messageIn("es", message, message), message).not.toBe(message);
    expect(messageIn("es", "Your card has insufficient funds.", "Your card has insufficient funds.")).toMatch(/fondos/);
  });
});
