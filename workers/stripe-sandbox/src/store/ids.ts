/**
 * Stripe-shaped identifiers: a type prefix and a random suffix (`pi_3Nx…`), client secrets of the
 * form `<id>_secret_<random>`, and Stripe's timestamps (Unix seconds). Ids are random, never
 * sequential, so nothing can be guessed from them (docs/architecture.md, Ids are not access control).
 */

/** Prefixes per object type, as Stripe uses them; later resources (billing, Connect) add theirs here. */
export const ID_PREFIX = {
  customer: "cus",
  setup_intent: "seti",
  payment_method: "pm",
  payment_intent: "pi",
  charge: "ch",
  event: "evt",
  product: "prod",
  price: "price",
  subscription: "sub",
  invoice: "in",
  request: "req",
  fault: "flt",
  account: "acct",
  account_link: "acl",
  person: "person",
  card: "card",
  transfer: "tr",
  transfer_reversal: "trr",
  payout: "po",
  balance_transaction: "txn",
  destination_payment: "py",
  topup: "tu",
  refund: "re",
  webhook_endpoint: "we",
  test_clock: "clock",
  dispute: "du",
  early_fraud_warning: "issfr",
} as const;

const ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

export function randomToken(length: number): string {
  const bytes = crypto.getRandomValues(new Uint8Array(length));
  let out = "";
  // 62 does not divide 256: the slight bias is irrelevant for test-mode ids.
  for (const byte of bytes) out += ALPHABET[byte % ALPHABET.length];
  return out;
}

export const newId = (prefix: string): string => `${prefix}_${randomToken(24)}`;

export const newClientSecret = (id: string): string => `${id}_secret_${randomToken(25)}`;
