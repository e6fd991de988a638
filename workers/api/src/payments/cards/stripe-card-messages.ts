/**
 * Stripe's own words for a card it refused when JPlay charges a saved card (`last_payment_error.message`
 * for the decline codes https://docs.stripe.com/declines/codes lists), marked for translation so an
 * artist reading JPlay in Spanish reads them in Spanish (platform/error-language.ts). Wording Stripe sends
 * that is not here is passed on as it came; stripe-card-messages.test.ts checks that every refusal
 * the Stripe sandbox models is here.
 */
export const STRIPE_CARD_MESSAGES = [
  /*i18n*/ "Your card was declined.",
  /*i18n*/ "Your card has insufficient funds.",
  /*i18n*/ "Your card has expired.",
  /*i18n*/ "Your card's security code is incorrect.",
  /*i18n*/ "Your card was declined. This transaction requires authentication.",
  /*i18n*/ "Your card does not support this type of purchase.",
  /*i18n*/ "An error occurred while processing your card. Try again in a little bit.",
] as const;
