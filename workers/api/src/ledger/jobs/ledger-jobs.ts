/**
 * The ledger module's queue messages and their runners (platform/job.ts): the payout run's pages and
 * its per-artist and per-collaborator payouts. The queue consumer pays a batch's `payouts.artist` messages together
 * (ledger/payout-batch.ts, worker/handle-job.ts); the runner here pays one, for a dead letter's last run.
 */
import { stripeReady } from "../../platform/context";
import type { JobRunners } from "../../platform/job-runners";
import { payArtist } from "../payouts";
import { runPayoutPage } from "./payout-run";
import { payCollaborator, runCollaboratorPayoutPage } from "../collaborator-payouts";

declare module "../../platform/job" {
  interface JobMessages {
    /** One page of a payout run: enqueues the page's payable artists, then the next page. */
    "payouts.page": {
      /** The run's UTC date, `YYYY-MM-DD`: one payout per artist per period. */
      period: string;
      /** The last artist id of the previous page (keyset pagination); null for the first page. */
      cursor: string | null;
    };
    /** Pay one artist's available balance for the period (once, however often delivered). */
    "payouts.artist": { artistId: string; period: string };
    /** One page of a payout run's collaborator payees (ledger/collaborator-payouts.ts, docs/splits.md, Payouts). */
    "payouts.collaborator_page": {
      period: string;
      /** The last payee id of the previous page; null for the first page. */
      cursor: string | null;
    };
    /** Pay one collaborator payee's available balance (all its namings) for the period, once. */
    "payouts.collaborator": { payeeId: string; period: string };
  }
}

export const ledgerJobs = {
  "payouts.page": (ctx, job) => runPayoutPage(ctx, job),
  "payouts.artist": (ctx, job) => payArtist(stripeReady(ctx), job.artistId, job.period),
  "payouts.collaborator_page": (ctx, job) => runCollaboratorPayoutPage(ctx, job.period, job.cursor),
  "payouts.collaborator": (ctx, job) => payCollaborator(stripeReady(ctx), job.payeeId, job.period),
} satisfies JobRunners<"payouts.page" | "payouts.artist" | "payouts.collaborator_page" | "payouts.collaborator">;
