/**
 * The confirmation screen's estimate (docs/product.md, Prices and limits): earnings per 10 downloads = price × 0.9 × 10.
 * Worked in integer cents (price in cents × 9) so $1.99 gives exactly $17.91, never 17.909999.
 */
export const DOWNLOADS_IN_ESTIMATE = 10;

/** `priceDollars` as the song API sends it; a value that is not a finite price counts as $1.99 (docs/product.md, Data). */
export function estimatedEarningsCents(priceDollars: number, fallbackDollars = 1.99): number {
  const price = Number.isFinite(priceDollars) && priceDollars >= 0 ? priceDollars : fallbackDollars;
  const priceCents = Math.round(price * 100);
  return priceCents * 9; // × 0.9 share × 10 downloads
}
