/**
 * The texts module's queue messages and their runners (platform/job.ts): sending queued outbox rows.
 */
import type { JobRunners } from "../../platform/job-runners";
import { sendText, sendTexts } from "./send-text";

declare module "../../platform/job" {
  interface JobMessages {
    /** Send one queued text to an artist's phone; the row says whether it went. */
    "text.send": { messageId: string };
    /** Send several queued texts written in one batch, at most 100. */
    "texts.send": { messageIds: string[] };
  }
}

export const textJobs = {
  "text.send": (ctx, job) => sendText(ctx, job.messageId),
  "texts.send": (ctx, job) => sendTexts(ctx, job.messageIds),
} satisfies JobRunners<"text.send" | "texts.send">;
