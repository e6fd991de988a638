/**
 * The ledger's one book of rules (docs/decisions/030-one-way-per-thing.md): its account names, the
 * posting each kind of money movement makes, and the two statements that write postings. Everything
 * that writes the ledger builds its posting here — the Worker through workers/api/src/ledger/ledger.ts,
 * the demo seed in Node through schema/src/purchase-credit.ts — so no caller names an account or
 * balances entries itself. Imports nothing that needs the Worker runtime, so Node scripts load it too.
 *
 * Sign convention: an account's balance is the sum of its entries. What JPlay owes (to an artist) and
 * what it earns is positive: `artist:{id}:available`, `platform:revenue`, `platform:fees`. What
 * JPlay holds or is owed is negative: `provider:receivable` (the provider owes a sale), `platform:cash`
 * (settlements received), `stripe:charges` (card charges received at Stripe). Money that left is
 * positive: `payouts:sent`, `refunds:sent`.
 */
import { type SQL, sql } from "drizzle-orm";
import { PACKAGES, splitSale } from "./pricing.ts";

export const LEDGER_ACCOUNTS = {
  artistAvailable: (artistId: string) => `artist:${artistId}:available`,
  /** Money on its way to the artist (a payout whose Transfer has not been confirmed yet). */
  artistPayoutPending: (artistId: string) => `artist:${artistId}:payout_pending`,
  providerReceivable: "provider:receivable",
  /** Money the provider has settled to JPlay's bank account, from which the operator tops up Stripe. */
  platformCash: "platform:cash",
  /** JPlay's share of sales. */
  platformRevenue: "platform:revenue",
  /** Distribution fees and Pro invoices charged to artists' cards. */
  platformFees: "platform:fees",
  /** Fees given back (a rejected song's refund). */
  feeRefunds: "platform:fee_refunds",
  /** What Stripe received by card charges. */
  stripeCharges: "stripe:charges",
  payoutsSent: "payouts:sent",
  refundsSent: "refunds:sent",
  /** What JPlay gave listeners back, through the provider, for downloads that kept failing. */
  downloadCredits: "platform:download_credits",
  /** Money a chargeback took that may come back: negative while disputes are open (docs/decisions/093). */
  disputesOpen: "stripe:disputes_open",
  /** Stripe's dispute fees (15.00 USD a chargeback, kept whatever the outcome). */
  disputeFees: "platform:dispute_fees",
  /** Chargebacks lost: written off. */
  chargebackLosses: "platform:chargeback_losses",
  /** A collaborator's split shares of one song waiting for them to accept (docs/splits.md). */
  collaboratorHeld: (collaboratorId: string, songId: string) => `collaborator:${collaboratorId}:held:${songId}`,
  /** What JPlay owes a collaborator who accepted their shares. */
  collaboratorAvailable: (collaboratorId: string) => `collaborator:${collaboratorId}:available`,
  /** Money on its way to a collaborator payee (one phone, all its namings: docs/splits.md, Payouts). */
  collaboratorPayoutPending: (payeeId: string) => `collaborator_payee:${payeeId}:payout_pending`,
} as const;

/** Every kind of transaction the ledger holds; `(kind, ref)` is unique, so each is posted once. */
export const LEDGER_KINDS = {
  /** ref: the provider's purchaseId. */
  purchase: "purchase",
  /** ref: the provider settlement's id. */
  settlement: "provider.settlement",
  /** ref: the payout's id, for each of its three steps. */
  payout: "payout",
  payoutSent: "payout.sent",
  payoutFailed: "payout.failed",
  /** ref: the Stripe transfer reversal's id (`trr_…`): part or all of a paid payout taken back. */
  payoutReversed: "payout.reversed",
  /** ref: the payment's id (a distribution fee, recovery offer, checkout, admin retry or initial charge). */
  payment: "payment",
  /** ref: the Stripe invoice's id (a Pro subscription's invoice). */
  subscriptionInvoice: "subscription.invoice",
  /** ref: the refund's id. */
  refund: "refund",
  refundFailed: "refund.failed",
  /** ref: the provider's purchaseId: a purchase given back to its listener (its song removed for a rights claim). */
  purchaseRefund: "purchase.refund",
  /** ref: the receipt's id: a credit for a download that kept failing. */
  downloadCredit: "download.credit",
  /** ref: Stripe's dispute id: a chargeback's withdrawal, its reinstatement (won) or its write-off (lost). */
  disputeWithdrawn: "dispute.withdrawn",
  disputeReinstated: "dispute.reinstated",
  disputeLost: "dispute.lost",
  /** ref: the provider's purchaseId: the sale's artist credit split with the song's collaborators (docs/splits.md). */
  purchaseSplit: "purchase.split",
  /** ref: the provider's purchaseId: a purchase given back, its split reversed. */
  purchaseSplitRefund: "purchase.split_refund",
  /** ref: the split credit's id: a held share whose hold ended, back to the artist. */
  splitReturned: "split.returned",
  /** ref: `{collaboratorId}:{songId}`: a collaborator accepted, their held cents of the song become available (once). */
  splitAccepted: "split.accepted",
} as const;
export type LedgerKind = (typeof LEDGER_KINDS)[keyof typeof LEDGER_KINDS];

export interface LedgerEntry {
  account: string;
  /** Set on an artist's own accounts, so their balances are one indexed sum. */
  artistId?: string | null;
  amountCents: number;
}

/** A collaborator payee's payout as the ledger moves it: the total and each naming's part. */
export interface CollaboratorPayoutMoney {
  id: string;
  payeeId: string;
  amountCents: number;
  parts: readonly { collaboratorId: string; cents: number }[];
}

/** One balanced transaction to write. */
export interface Posting {
  kind: LedgerKind;
  ref: string;
  entries: LedgerEntry[];
}

export class UnbalancedTransactionError extends Error {}

/** Throws unless the posting has two or more whole-cent entries that sum to zero. */
export function assertBalanced(posting: Posting): Posting {
  const name = `${posting.kind}:${posting.ref}`;
  if (posting.entries.length < 2) throw new UnbalancedTransactionError(`${name} needs at least two entries`);
  if (posting.entries.some((entry) => !Number.isInteger(entry.amountCents))) throw new UnbalancedTransactionError(`${name} has a non-integer amount`);
  const total = posting.entries.reduce((sum, entry) => sum + entry.amountCents, 0);
  if (total !== 0) throw new UnbalancedTransactionError(`${name} does not balance (sum ${total})`);
  return posting;
}

/** Songs without a recorded split (the demo catalogue) are credited at the standard package's split. */
export const DEFAULT_REVENUE_SPLIT_BPS = PACKAGES.standard.revenueSplitBps;

const A = LEDGER_ACCOUNTS;
const K = LEDGER_KINDS;
const posting = (kind: LedgerKind, ref: string, entries: LedgerEntry[]) => assertBalanced({ kind, ref, entries });
const artistMoves = (artistId: string, from: string, to: string, cents: number): LedgerEntry[] => [
  { account: from, artistId, amountCents: -cents },
  { account: to, artistId, amountCents: cents },
];

/** Money Stripe received for JPlay by card: a fee JPlay earned. */
const cardCharge = (kind: LedgerKind, ref: string, cents: number) =>
  posting(kind, ref, [
    { account: A.stripeCharges, amountCents: -cents },
    { account: A.platformFees, amountCents: cents },
  ]);

/** One collaborator's cents of a split, and whether they are held for the song. */
export interface SplitCreditEntry {
  collaboratorId: string;
  songId: string;
  cents: number;
  held: boolean;
}

/** The artist pays (`sign` 1) or is paid back (-1) each collaborator's cents. */
function splitEntries(artistId: string, credits: readonly SplitCreditEntry[], sign: 1 | -1): LedgerEntry[] {
  const total = credits.reduce((sum, credit) => sum + credit.cents, 0);
  return [
    { account: A.artistAvailable(artistId), artistId, amountCents: -sign * total },
    ...credits.map((credit) => ({
      account: credit.held ? A.collaboratorHeld(credit.collaboratorId, credit.songId) : A.collaboratorAvailable(credit.collaboratorId),
      artistId: null,
      amountCents: sign * credit.cents,
    })),
  ];
}

/** The posting rules: one per kind of money movement. */
export const POSTINGS = {
  /** A listener's download, reported by the provider: the price split between JPlay and the artist (`splitSale`). */
  purchase(sale: { purchaseId: string; artistId: string; priceCents: number; revenueSplitBps: number | null }): Posting {
    const { providerCents, artistCents } = splitSale(sale.priceCents, sale.revenueSplitBps ?? DEFAULT_REVENUE_SPLIT_BPS);
    return posting(K.purchase, sale.purchaseId, [
      { account: A.providerReceivable, artistId: null, amountCents: -sale.priceCents },
      { account: A.platformRevenue, artistId: null, amountCents: providerCents },
      { account: A.artistAvailable(sale.artistId), artistId: sale.artistId, amountCents: artistCents },
    ]);
  },
  /**
   * A purchase given back to its listener through the provider (its song removed for a rights claim,
   * docs/decisions/068): the purchase's posting reversed, so the provider owes JPlay the price less and
   * the artist's and JPlay's shares go back (an artist already paid out carries the difference as a
   * negative balance that later sales make good).
   */
  purchaseRefund(sale: { purchaseId: string; artistId: string; priceCents: number; revenueSplitBps: number | null }): Posting {
    const { providerCents, artistCents } = splitSale(sale.priceCents, sale.revenueSplitBps ?? DEFAULT_REVENUE_SPLIT_BPS);
    return posting(K.purchaseRefund, sale.purchaseId, [
      { account: A.providerReceivable, artistId: null, amountCents: sale.priceCents },
      { account: A.platformRevenue, artistId: null, amountCents: 0 - providerCents },
      { account: A.artistAvailable(sale.artistId), artistId: sale.artistId, amountCents: 0 - artistCents },
    ]);
  },
  /**
   * A sale's artist credit split (docs/splits.md): the artist gives each collaborator their cents,
   * held per song until the collaborator accepts, else to their available balance.
   */
  purchaseSplit(split: { purchaseId: string; artistId: string; credits: SplitCreditEntry[] }): Posting {
    return posting(K.purchaseSplit, split.purchaseId, splitEntries(split.artistId, split.credits, 1));
  },
  /** A purchase given back (purchaseRefund): what its split gave collaborators, and still sits with them, goes back to the artist. */
  purchaseSplitRefund(split: { purchaseId: string; artistId: string; credits: SplitCreditEntry[] }): Posting {
    return posting(K.purchaseSplitRefund, split.purchaseId, splitEntries(split.artistId, split.credits, -1));
  },
  /** A held share whose hold ended unaccepted: back to the artist. */
  splitReturned(credit: { id: string; artistId: string; collaboratorId: string; songId: string; cents: number }): Posting {
    return posting(K.splitReturned, credit.id, [
      { account: A.collaboratorHeld(credit.collaboratorId, credit.songId), artistId: null, amountCents: -credit.cents },
      { account: A.artistAvailable(credit.artistId), artistId: credit.artistId, amountCents: credit.cents },
    ]);
  },
  /** A collaborator accepted (docs/splits.md, Accepting): what was held for them on one song becomes theirs to be paid. */
  splitAccepted(move: { collaboratorId: string; songId: string; cents: number }): Posting {
    return posting(K.splitAccepted, `${move.collaboratorId}:${move.songId}`, [
      { account: A.collaboratorHeld(move.collaboratorId, move.songId), artistId: null, amountCents: -move.cents },
      { account: A.collaboratorAvailable(move.collaboratorId), artistId: null, amountCents: move.cents },
    ]);
  },
  /** A listener credited, through the provider, for a download that kept failing: JPlay's cost, not the artist's. */
  downloadCredit(credit: { receiptId: string; amountCents: number }): Posting {
    return posting(K.downloadCredit, credit.receiptId, [
      { account: A.providerReceivable, artistId: null, amountCents: credit.amountCents },
      { account: A.downloadCredits, artistId: null, amountCents: -credit.amountCents },
    ]);
  },
  /** The provider paid JPlay's bank: the receivable moves towards zero (docs/decisions/021). */
  settlement(settlement: { id: string; amountCents: number }): Posting {
    return posting(K.settlement, settlement.id, [
      { account: A.providerReceivable, amountCents: settlement.amountCents },
      { account: A.platformCash, amountCents: -settlement.amountCents },
    ]);
  },
  /** A payout is made: its money is committed before Stripe is called. */
  payout(payout: { id: string; artistId: string; amountCents: number }): Posting {
    return posting(
      K.payout,
      payout.id,
      artistMoves(payout.artistId, A.artistAvailable(payout.artistId), A.artistPayoutPending(payout.artistId), payout.amountCents),
    );
  },
  /** Stripe made the payout's Transfer: the money left. */
  payoutSent(payout: { id: string; artistId: string; amountCents: number }): Posting {
    return posting(K.payoutSent, payout.id, [
      { account: A.artistPayoutPending(payout.artistId), artistId: payout.artistId, amountCents: -payout.amountCents },
      { account: A.payoutsSent, amountCents: payout.amountCents },
    ]);
  },
  /** Stripe refused the payout for good: its money returns to the artist's balance. */
  payoutFailed(payout: { id: string; artistId: string; amountCents: number }): Posting {
    return posting(
      K.payoutFailed,
      payout.id,
      artistMoves(payout.artistId, A.artistPayoutPending(payout.artistId), A.artistAvailable(payout.artistId), payout.amountCents),
    );
  },
  /** A collaborator payee's payout is made: each naming's part is committed before Stripe is called (docs/splits.md, Payouts). */
  collaboratorPayout(payout: CollaboratorPayoutMoney): Posting {
    return posting(K.payout, payout.id, [
      ...payout.parts.map((part) => ({ account: A.collaboratorAvailable(part.collaboratorId), amountCents: -part.cents })),
      { account: A.collaboratorPayoutPending(payout.payeeId), amountCents: payout.amountCents },
    ]);
  },
  /** Stripe made the collaborator payout's Transfer: the money left. */
  collaboratorPayoutSent(payout: CollaboratorPayoutMoney): Posting {
    return posting(K.payoutSent, payout.id, [
      { account: A.collaboratorPayoutPending(payout.payeeId), amountCents: -payout.amountCents },
      { account: A.payoutsSent, amountCents: payout.amountCents },
    ]);
  },
  /** Stripe refused the collaborator payout for good: each naming gets back its part. */
  collaboratorPayoutFailed(payout: CollaboratorPayoutMoney): Posting {
    return posting(K.payoutFailed, payout.id, [
      { account: A.collaboratorPayoutPending(payout.payeeId), amountCents: -payout.amountCents },
      ...payout.parts.map((part) => ({ account: A.collaboratorAvailable(part.collaboratorId), amountCents: part.cents })),
    ]);
  },
  /**
   * Stripe reversed (part of) a paid payout's Transfer: the amount came back to the platform, so it is
   * the artist's again, available for the next payout (docs/decisions/094-payout-truth.md).
   */
  payoutReversed(reversal: { id: string; artistId: string; amountCents: number }): Posting {
    return posting(K.payoutReversed, reversal.id, [
      { account: A.payoutsSent, amountCents: -reversal.amountCents },
      { account: A.artistAvailable(reversal.artistId), artistId: reversal.artistId, amountCents: reversal.amountCents },
    ]);
  },
  /**
   * Stripe reversed (part of) a paid collaborator payout's Transfer (docs/splits.md, Payouts): the
   * amount is the namings' again, shared in proportion to their parts (rounded down, the cents left
   * one each to the largest remainders, ties in the parts' order), available for the next payout.
   */
  collaboratorPayoutReversed(reversal: { id: string; amountCents: number; payout: CollaboratorPayoutMoney }): Posting {
    const { parts, amountCents: paid } = reversal.payout;
    const exact = parts.map((part, index) => ({
      index,
      cents: Math.floor((reversal.amountCents * part.cents) / paid),
      rest: (reversal.amountCents * part.cents) % paid,
    }));
    let left = reversal.amountCents - exact.reduce((sum, share) => sum + share.cents, 0);
    for (const share of [...exact].sort((a, b) => b.rest - a.rest || a.index - b.index)) {
      if (left === 0) break;
      share.cents += 1;
      left -= 1;
    }
    return posting(K.payoutReversed, reversal.id, [
      { account: A.payoutsSent, amountCents: -reversal.amountCents },
      ...exact
        .filter((share) => share.cents > 0)
        .map((share) => ({ account: A.collaboratorAvailable(parts[share.index]!.collaboratorId), amountCents: share.cents })),
    ]);
  },
  /** A card charge succeeded (a song's fee or an initial charge). */
  payment: (payment: { id: string; amountCents: number }): Posting => cardCharge(K.payment, payment.id, payment.amountCents),
  /** A Pro invoice was paid by card. */
  subscriptionInvoice: (invoice: { id: string; amountCents: number }): Posting => cardCharge(K.subscriptionInvoice, invoice.id, invoice.amountCents),
  /** A fee goes back to the card (docs/decisions/025): no artist account moves, the fee was never theirs. */
  refund(refund: { id: string; amountCents: number }): Posting {
    return posting(K.refund, refund.id, [
      { account: A.feeRefunds, amountCents: -refund.amountCents },
      { account: A.refundsSent, amountCents: refund.amountCents },
    ]);
  },
  /**
   * A chargeback took the disputed amount and Stripe's fee from JPlay's Stripe balance: the amount
   * waits in `stripe:disputes_open` for the outcome, the fee is a cost at once.
   */
  disputeWithdrawn(dispute: { id: string; amountCents: number; feeCents: number }): Posting {
    return posting(K.disputeWithdrawn, dispute.id, [
      { account: A.stripeCharges, amountCents: dispute.amountCents + dispute.feeCents },
      { account: A.disputesOpen, amountCents: -dispute.amountCents },
      { account: A.disputeFees, amountCents: -dispute.feeCents },
    ]);
  },
  /** A chargeback won: Stripe gives the amount back (not the fee). */
  disputeReinstated(dispute: { id: string; amountCents: number }): Posting {
    return posting(K.disputeReinstated, dispute.id, [
      { account: A.disputesOpen, amountCents: dispute.amountCents },
      { account: A.stripeCharges, amountCents: -dispute.amountCents },
    ]);
  },
  /** A chargeback lost: the amount is written off. */
  disputeLost(dispute: { id: string; amountCents: number }): Posting {
    return posting(K.disputeLost, dispute.id, [
      { account: A.disputesOpen, amountCents: dispute.amountCents },
      { account: A.chargebackLosses, amountCents: -dispute.amountCents },
    ]);
  },
  /** The card did not take the refund after all: its posting is reversed. */
  refundFailed(refund: { id: string; amountCents: number }): Posting {
    return posting(K.refundFailed, refund.id, [
      { account: A.refundsSent, amountCents: -refund.amountCents },
      { account: A.feeRefunds, amountCents: refund.amountCents },
    ]);
  },
} as const;

/**
 * Two statements for ONE D1 batch (a transaction) that write the postings, each at most once:
 *   1. a transaction row per posting under a fresh id, unless `(kind, ref)` exists already;
 *   2. the entries, only under transactions this batch created (the fresh ids).
 * Postings travel as one JSON parameter, so any number stays two statements within D1's
 * 100-parameter limit. `onlyIf(ref)` adds a condition per posting (a purchase's row must exist).
 * `transactionIds` gives each posting's fresh id by ref, to learn afterwards which were written now.
 */
export function postingStatements(
  postings: readonly Posting[],
  now: number,
  options: { onlyIf?: (ref: SQL) => SQL; newId?: () => string } = {},
): { statements: [SQL, SQL]; transactionIds: Map<string, string> } {
  const newId = options.newId ?? (() => crypto.randomUUID());
  const transactionIds = new Map<string, string>();
  const transactions = postings.map((p) => {
    assertBalanced(p);
    const id = newId();
    transactionIds.set(p.ref, id);
    return { id, kind: p.kind, ref: p.ref };
  });
  const entries = postings.flatMap((p, index) =>
    p.entries.map((entry) => ({
      id: newId(),
      transactionId: transactions[index]!.id,
      account: entry.account,
      artistId: entry.artistId ?? null,
      amountCents: entry.amountCents,
    })),
  );
  const ref = sql`json_extract(t.value, '$.ref')`;
  return {
    statements: [
      // `where` before ON CONFLICT keeps SQLite from reading it as part of the FROM (sqlite.org/lang_upsert.html).
      sql`insert into ledger_transactions (id, kind, ref, created_at)
        select json_extract(t.value, '$.id'), json_extract(t.value, '$.kind'), ${ref}, ${now}
        from json_each(${JSON.stringify(transactions)}) t
        where ${options.onlyIf ? options.onlyIf(ref) : sql`true`}
        on conflict (kind, ref) do nothing`,
      sql`insert into ledger_entries (id, transaction_id, account, artist_id, amount_cents, created_at)
        select json_extract(e.value, '$.id'), json_extract(e.value, '$.transactionId'), json_extract(e.value, '$.account'),
          json_extract(e.value, '$.artistId'), json_extract(e.value, '$.amountCents'), ${now}
        from json_each(${JSON.stringify(entries)}) e
        where exists (select 1 from ledger_transactions where id = json_extract(e.value, '$.transactionId'))`,
    ],
    transactionIds,
  };
}
