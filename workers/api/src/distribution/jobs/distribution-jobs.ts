/**
 * The distribution module's queue messages and their runners (platform/job.ts): a paid song's checks
 * and delivery schedule, its delivery when due, and removing media nothing refers to.
 */
import type { JobRunners } from "../../platform/job-runners";
import { deliverDistribution } from "./deliver-distribution";
import { processDistribution } from "./process-distribution";

declare module "../../platform/job" {
  interface JobMessages {
    /** A paid song: check its audio and schedule its delivery by package. */
    "distribution.process": { songId: string };
    /** A scheduled song whose delivery time may have come: make it live (sent with a delay). */
    "distribution.deliver": { songId: string };
    /** Remove R2 objects nothing refers to any more (e.g. after a failed upload). */
    "media.delete": { keys: string[] };
  }
}

export const distributionJobs = {
  "distribution.process": (ctx, job) => processDistribution(ctx, job.songId),
  "distribution.deliver": (ctx, job) => deliverDistribution(ctx, job.songId),
  // Deleting a missing key succeeds, so a second delivery changes nothing.
  "media.delete": (ctx, job) => ctx.media.delete(job.keys),
} satisfies JobRunners<"distribution.process" | "distribution.deliver" | "media.delete">;
