/**
 * The ledger's posting rules (schema/src/ledger-postings.ts), without a database: every rule balances
 * for any whole-cent amount and moves money the way the sign convention says; a posting that does
 * not balance never reaches the statements.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { LEDGER_ACCOUNTS as A, POSTINGS, type Posting, UnbalancedTransactionError, postingStatements } from "@jplay/schema/ledger-postings";
import { splitSale } from "@jplay/schema/pricing";

const cents = fc.integer({ min: 1, max: 10_000_000 });
const balanceOf = (posting: Posting, account: string) =>
  posting.entries.filter((entry) => entry.account === account).reduce((sum, entry) => sum + entry.amountCents, 0);
const total = (posting: Posting) => posting.entries.reduce((sum, entry) => sum + entry.amountCents, 0);

describe("the posting rules", () => {
  it("balance for any amount, and each moves money where the sign convention says", () => {
    fc.assert(
      fc.property(cents, fc.option(fc.integer({ min: 0, max: 10_000 }), { nil: null }), (amount, splitBps) => {
        const payout = { id: "po", artistId: "a1", amountCents: amount };
        const sale = POSTINGS.purchase({ purchaseId: "p", artistId: "a1", priceCents: amount, revenueSplitBps: splitBps });
        const postings = [
          sale,
          POSTINGS.settlement({ id: "s", amountCents: amount }),
          POSTINGS.payout(payout),
          POSTINGS.payoutSent(payout),
          POSTINGS.payoutFailed(payout),
          POSTINGS.payment({ id: "pay", amountCents: amount }),
          POSTINGS.subscriptionInvoice({ id: "in", amountCents: amount }),
          POSTINGS.refund({ id: "r", amountCents: amount }),
          POSTINGS.refundFailed({ id: "r", amountCents: amount }),
          POSTINGS.purchaseRefund({ purchaseId: "p", artistId: "a1", priceCents: amount, revenueSplitBps: splitBps }),
          POSTINGS.downloadCredit({ receiptId: "rc", amountCents: amount }),
        ];
        for (const posting of postings) expect(total(posting)).toBe(0);
        // A sale: the provider owes the price, the artist earns their share of it.
        expect(balanceOf(sale, A.providerReceivable)).toBe(-amount);
        if (splitBps !== null) expect(balanceOf(sale, A.artistAvailable("a1"))).toBe(splitSale(amount, splitBps).artistCents);
        // A purchase given back undoes its sale entry for entry; a download credit is JPlay's cost alone.
        const givenBack = POSTINGS.purchaseRefund({ purchaseId: "p", artistId: "a1", priceCents: amount, revenueSplitBps: splitBps });
        for (const account of [A.providerReceivable, A.platformRevenue, A.artistAvailable("a1")])
          expect(balanceOf(givenBack, account)).toBe(0 - balanceOf(sale, account));
        const credit = POSTINGS.downloadCredit({ receiptId: "rc", amountCents: amount });
        expect([balanceOf(credit, A.providerReceivable), balanceOf(credit, A.downloadCredits), balanceOf(credit, A.artistAvailable("a1"))]).toEqual([
          amount,
          -amount,
          0,
        ]);
        // A payout sent: the money leaves; a card charge: Stripe holds it.
        expect(balanceOf(POSTINGS.payoutSent(payout), A.payoutsSent)).toBe(amount);
        expect(balanceOf(POSTINGS.payment({ id: "pay", amountCents: amount }), A.stripeCharges)).toBe(-amount);
        // A failed refund takes back exactly what its refund posted.
        const refund = POSTINGS.refund({ id: "r", amountCents: amount });
        expect(balanceOf(POSTINGS.refundFailed({ id: "r", amountCents: amount }), A.refundsSent)).toBe(-balanceOf(refund, A.refundsSent));
      }),
    );
  });

  it("refuse a posting that does not balance, has a fraction of a cent or one entry, before any statement is built", () => {
    const entries = (...amounts: number[]) => amounts.map((amountCents, i) => ({ account: `x:${i}`, amountCents }));
    for (const bad of [entries(100, -99), entries(0.5, -0.5), entries(0)]) {
      expect(() => postingStatements([{ kind: "purchase", ref: "r", entries: bad }], 0)).toThrow(UnbalancedTransactionError);
    }
  });

  it("share a collaborator payout's reversal among its namings in proportion, within a cent, summing to the reversal", () => {
    const parts = fc.array(fc.integer({ min: 1, max: 1_000_000 }), { minLength: 1, maxLength: 5 });
    fc.assert(
      fc.property(parts, fc.double({ min: 0, max: 1, noNaN: true }), (centsOfParts, fraction) => {
        const paid = centsOfParts.reduce((sum, c) => sum + c, 0);
        const amountCents = Math.max(1, Math.floor(paid * fraction));
        const payout = { id: "cpo", payeeId: "pe", amountCents: paid, parts: centsOfParts.map((c, i) => ({ collaboratorId: `c${i}`, cents: c })) };
        const reversed = POSTINGS.collaboratorPayoutReversed({ id: "trr", amountCents, payout });
        expect(total(reversed)).toBe(0);
        expect(balanceOf(reversed, A.payoutsSent)).toBe(-amountCents);
        for (const part of payout.parts) {
          const back = balanceOf(reversed, A.collaboratorAvailable(part.collaboratorId));
          expect(Math.abs(back - (amountCents * part.cents) / paid)).toBeLessThan(1);
          expect(back).toBeLessThanOrEqual(part.cents);
        }
      }),
      { numRuns: 500 },
    );
    // A reversal in full gives each naming back exactly its part.
    const payout = {
      id: "cpo",
      payeeId: "pe",
      amountCents: 300,
      parts: [
        { collaboratorId: "a", cents: 100 },
        { collaboratorId: "b", cents: 200 },
      ],
    };
    expect(
      POSTINGS.collaboratorPayoutReversed({ id: "trr", amountCents: 300, payout })
        .entries.slice(1)
        .map((entry) => entry.amountCents),
    ).toEqual([100, 200]);
  });
});
