/**
 * The split rounding rule (split-rule.ts, docs/splits.md): whatever the shares, the price and the
 * recoup, the collaborators' cents, the recoup and the artist's cents sum to the artist credit.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { splitSale } from "@jplay/schema/pricing";
import { splitCredit } from "./split-rule";

/** Up to 20 collaborators whose basis points total at most 10,000. */
const shares = fc.array(fc.integer({ min: 1, max: 10_000 }), { minLength: 0, maxLength: 20 }).map((bps) => {
  let left = 10_000;
  return bps.flatMap((want, i) => {
    const basisPoints = Math.min(want, left);
    left -= basisPoints;
    return basisPoints > 0 ? [{ collaboratorId: `c${i}`, basisPoints }] : [];
  });
});

describe("splitCredit", () => {
  it("sums exactly to the artist credit for any shares, price and recoup (2,000 runs)", () => {
    fc.assert(
      fc.property(
        shares,
        fc.integer({ min: 1, max: 100_000 }),
        fc.integer({ min: 0, max: 10_000 }),
        fc.integer({ min: 0, max: 50_000 }),
        (split, priceCents, providerBps, recoup) => {
          const { artistCents: credit } = splitSale(priceCents, providerBps);
          const outcome = splitCredit(credit, split, recoup);
          const collaborators = outcome.shares.reduce((sum, share) => sum + share.cents, 0);
          expect(collaborators + outcome.recoupCents + outcome.artistCents).toBe(credit);
          expect(outcome.recoupCents).toBe(Math.min(credit, recoup));
          for (const [i, share] of outcome.shares.entries()) {
            expect(Number.isInteger(share.cents) && share.cents >= 0).toBe(true);
            // Largest remainder: no part is more than one cent from its exact share.
            expect(Math.abs(share.cents - ((credit - outcome.recoupCents) * split[i]!.basisPoints) / 10_000)).toBeLessThan(1);
          }
        },
      ),
      { numRuns: 2_000 },
    );
  });

  it("gives a 50/30/20 split exact shares and the odd cent to the largest remainder, ties to the artist", () => {
    const split = [
      { collaboratorId: "b", basisPoints: 3_000 },
      { collaboratorId: "c", basisPoints: 2_000 },
    ];
    expect(splitCredit(100, split)).toEqual({
      recoupCents: 0,
      artistCents: 50,
      shares: [
        { collaboratorId: "b", cents: 30 },
        { collaboratorId: "c", cents: 20 },
      ],
    });
    // 7 cents: exact 3.5 / 2.1 / 1.4; floors 3 + 2 + 1 = 6; the cent left goes to the artist's .5.
    expect(splitCredit(7, split)).toEqual({
      recoupCents: 0,
      artistCents: 4,
      shares: [
        { collaboratorId: "b", cents: 2 },
        { collaboratorId: "c", cents: 1 },
      ],
    });
    // Equal thirds of 1 cent: a three-way tie, the artist first.
    const thirds = [
      { collaboratorId: "b", basisPoints: 3_333 },
      { collaboratorId: "c", basisPoints: 3_333 },
    ];
    expect(splitCredit(1, thirds).artistCents).toBe(1);
  });

  it("pays the recoup first, then splits what is left", () => {
    expect(splitCredit(100, [{ collaboratorId: "b", basisPoints: 5_000 }], 60)).toEqual({
      recoupCents: 60,
      artistCents: 20,
      shares: [{ collaboratorId: "b", cents: 20 }],
    });
    expect(splitCredit(100, [{ collaboratorId: "b", basisPoints: 5_000 }], 500)).toEqual({
      recoupCents: 100,
      artistCents: 0,
      shares: [{ collaboratorId: "b", cents: 0 }],
    });
  });

  it("refuses shares over 10,000 basis points and fractional cents", () => {
    expect(() => splitCredit(100, [{ collaboratorId: "b", basisPoints: 10_001 }])).toThrow(RangeError);
    expect(() => splitCredit(1.5, [])).toThrow(RangeError);
  });
});
