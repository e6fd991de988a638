/**
 * The messages the JOBS queue carries: one discriminated union, so producers and the consumer agree
 * on every shape (ARCHITECTURE decision 9). Later work adds its jobs here.
 */
export type Job = {
  /** Remove R2 objects nothing refers to any more (e.g. after a failed upload). */
  type: "media.delete";
  keys: string[];
};

export type JobQueue = Queue<Job>;
