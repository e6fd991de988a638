/**
 * Good card numbers of their own, for tests on both sides of the sandbox. The sandbox (like Stripe)
 * gives one number one fingerprint, and the product's card-network rules count charge attempts per
 * fingerprint (15 in 30 days): tests that charge must not share 4242 4242 4242 4242's budget. Any
 * valid Visa number other than the documented test cards behaves like 4242.
 */
export function freshCardNumber(): string {
  const digits = [4, ...Array.from({ length: 14 }, () => Math.floor(Math.random() * 10))];
  const sum = digits
    .slice()
    .reverse()
    .reduce((total, digit, i) => total + (i % 2 === 0 ? (digit * 2 > 9 ? digit * 2 - 9 : digit * 2) : digit), 0);
  return [...digits, (10 - (sum % 10)) % 10].join("");
}
