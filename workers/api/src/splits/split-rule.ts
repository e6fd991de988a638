/**
 * The rounding rule of royalty splits (docs/splits.md, The rounding rule), pure: an artist credit in
 * whole cents goes first to a song's recoup payee until the recoup is paid, then is shared by basis
 * points between the collaborators and the artist, whose share is the rest of 10,000. Each share's
 * exact amount is rounded down and the cents left over go one each to the largest remainders, ties
 * to the artist first, then in the collaborators' listed order; so every part is whole cents and the
 * parts always sum to the credit.
 */

import { SPLIT_TOTAL_BPS } from "@jplay/schema/splits";

export interface SplitShare {
  collaboratorId: string;
  basisPoints: number;
}

export interface SplitOutcome {
  /** To the recoup payee, before the shares. */
  recoupCents: number;
  /** Each collaborator's cents, in the listed order. */
  shares: Array<{ collaboratorId: string; cents: number }>;
  /** What the song's artist keeps. */
  artistCents: number;
}

/** Splits `creditCents` (a whole, non-negative number of cents); `recoupLeftCents` is what the recoup payee is still owed. */
export function splitCredit(creditCents: number, shares: readonly SplitShare[], recoupLeftCents = 0): SplitOutcome {
  if (!Number.isInteger(creditCents) || creditCents < 0) throw new RangeError(`credit must be whole non-negative cents, not ${creditCents}`);
  const collaboratorBps = shares.reduce((sum, share) => sum + share.basisPoints, 0);
  if (shares.some((share) => !Number.isInteger(share.basisPoints) || share.basisPoints < 0) || collaboratorBps > SPLIT_TOTAL_BPS) {
    throw new RangeError("shares must be whole basis points totalling at most 10,000");
  }
  const recoupCents = Math.min(creditCents, Math.max(0, Math.floor(recoupLeftCents)));
  const splittable = creditCents - recoupCents;
  // Index 0 is the artist, so a tie in the remainders goes to the artist first, then in listed order.
  const parts = [SPLIT_TOTAL_BPS - collaboratorBps, ...shares.map((share) => share.basisPoints)].map((bps, index) => ({
    index,
    cents: Math.floor((splittable * bps) / SPLIT_TOTAL_BPS),
    remainder: (splittable * bps) % SPLIT_TOTAL_BPS,
  }));
  let left = splittable - parts.reduce((sum, part) => sum + part.cents, 0);
  for (const part of [...parts].sort((a, b) => b.remainder - a.remainder || a.index - b.index)) {
    if (left === 0) break;
    part.cents += 1;
    left -= 1;
  }
  return {
    recoupCents,
    shares: shares.map((share, i) => ({ collaboratorId: share.collaboratorId, cents: parts[i + 1]!.cents })),
    artistCents: parts[0]!.cents,
  };
}
