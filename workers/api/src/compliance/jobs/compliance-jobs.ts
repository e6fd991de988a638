/**
 * The compliance module's queue messages and their runners (platform/job.ts): re-screening after a
 * term list changes, transcribing a song's words, and a facility's holds after its lists change.
 */
import type { JobRunners } from "../../platform/job-runners";
import { refreshFacilityHolds, rescreenAfterListChange } from "../rescreen";
import { transcribeSong } from "../song-transcripts";

declare module "../../platform/job" {
  interface JobMessages {
    /**
     * Re-screen, one page at a time, the songs a term list's change to `version` can affect;
     * `after` is the last song id of the previous page, null for the first.
     */
    "compliance.rescreen": { listId: string; version: number; after: string | null };
    /** Transcribe a song's stored audio with the configured speech-to-text model and screen the transcript. */
    "compliance.transcribe": { songId: string };
    /** A facility's term lists changed: hold or release its live songs accordingly. */
    "compliance.facility": { facilityId: string };
  }
}

export const complianceJobs = {
  "compliance.rescreen": (ctx, job) => rescreenAfterListChange(ctx, job),
  "compliance.transcribe": (ctx, job) => transcribeSong(ctx, job.songId),
  "compliance.facility": (ctx, job) => refreshFacilityHolds(ctx, job.facilityId),
} satisfies JobRunners<"compliance.rescreen" | "compliance.transcribe" | "compliance.facility">;
