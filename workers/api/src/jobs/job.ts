/**
 * The messages the JOBS queue carries: one discriminated union, so producers and the consumer agree
 * on every shape (ARCHITECTURE decision 9). Every consumer may see a message twice and acts once.
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
      /** Charge one item of an operator's retry or Charge All batch (jobs/admin-charge.ts). */
      type: "admin.charge";
      itemId: string;
    };

export type JobQueue = Queue<Job>;
