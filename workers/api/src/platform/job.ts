/**
 * The messages the JOBS queue carries: one discriminated union, so producers and the consumer agree
 * on every shape (docs/architecture.md, Async work is idempotent). Every consumer may see a message twice and acts once.
 */
export type Job =
  | {
      /** Remove R2 objects nothing refers to any more (e.g. after a failed upload). */
      type: "media.delete";
      keys: string[];
    }
  | {
      /** A paid song: check its audio and schedule its delivery by package. */
      type: "distribution.process";
      songId: string;
    }
  | {
      /** A scheduled song whose delivery time may have come: make it live (sent with a delay). */
      type: "distribution.deliver";
      songId: string;
    }
  | {
      /** Charge one item of an operator's retry or Charge All batch (payments/jobs/admin-charge.ts). */
      type: "admin.charge";
      itemId: string;
    }
  | {
      /** One page of a payout run: enqueues the page's payable artists, then the next page. */
      type: "payouts.page";
      /** The run's UTC date, `YYYY-MM-DD`: one payout per artist per period. */
      period: string;
      /** The last artist id of the previous page (keyset pagination); null for the first page. */
      cursor: string | null;
    }
  | {
      /** Pay one artist's available balance for the period (once, however often delivered). */
      type: "payouts.artist";
      artistId: string;
      period: string;
    }
  | {
      /** One page of a payout run's collaborator payees (ledger/collaborator-payouts.ts, docs/splits.md, Payouts). */
      type: "payouts.collaborator_page";
      period: string;
      /** The last payee id of the previous page; null for the first page. */
      cursor: string | null;
    }
  | {
      /** Pay one collaborator payee's available balance (all its namings) for the period, once. */
      type: "payouts.collaborator";
      payeeId: string;
      period: string;
    }
  | {
      /** Send one queued text to an artist's phone (texts/jobs/send-text.ts); the row says whether it went. */
      type: "text.send";
      messageId: string;
    }
  | {
      /** Send several queued texts written in one batch (texts/jobs/send-text.ts), at most 100. */
      type: "texts.send";
      messageIds: string[];
    }
  | {
      /** Ask Stripe for a refund row's refund (refunds/send-refund.ts); the row counts the keys a 500 spent. */
      type: "refund.send";
      refundId: string;
    }
  | {
      /**
       * Re-screen, one page at a time, the songs a term list's change to `version` can affect
       * (compliance/rescreen.ts); `after` is the last song id of the previous page, null for the first.
       */
      type: "compliance.rescreen";
      listId: string;
      version: number;
      after: string | null;
    }
  | {
      /**
       * Transcribe a song's stored audio with the configured speech-to-text model and screen the
       * transcript (compliance/transcribe-song.ts); queued only when speech-to-text is configured.
       */
      type: "compliance.transcribe";
      songId: string;
    }
  | {
      /** A facility's term lists changed: hold or release its live songs accordingly (compliance/rescreen.ts). */
      type: "compliance.facility";
      facilityId: string;
    };

export type JobQueue = Queue<Job>;
