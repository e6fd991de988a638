/**
 * The dead-letter queue's consumer (`jplay-jobs-dlq`): a job that failed every retry on the JOBS queue
 * arrives here. It gets one last run, to capture the error an operator needs (a queue message carries
 * no error of its own); if it fails again it is recorded in failed_jobs, which the admin portal shows,
 * and acknowledged; a transcription that failed so is marked failed on its song, which review shows
 * (compliance/song-transcripts.ts). A message redelivered here is recorded once (its id is the row id). A batch runs
 * with one context (platform/context.ts).
 */
import type { Job } from "../platform/job";
import { runJob } from "./job-list";
import { contextFor } from "../platform/context";
import { recordFailedJob } from "../platform/failed-jobs";
import { transcriptionFailed } from "../compliance/index";
import { loggableError } from "../platform/loggable-error";

export const DEAD_LETTER_QUEUE = "jplay-jobs-dlq";

const songIdOf = (body: unknown): string | null => {
  const songId = (body as { songId?: unknown } | null)?.songId;
  return typeof songId === "string" ? songId : null;
};
const jobTypeOf = (body: unknown): string => {
  const type = (body as { type?: unknown } | null)?.type;
  return typeof type === "string" ? type : "unknown";
};

export async function recordDeadLetters(batch: MessageBatch<Job>, env: Env): Promise<void> {
  const ctx = contextFor(env);
  for (const message of batch.messages) {
    try {
      let error: string | null = null;
      try {
        await runJob(message.body, ctx);
      } catch (lastError) {
        error = lastError instanceof Error ? lastError.message : String(lastError);
      }
      if (error === null) {
        console.log(JSON.stringify({ level: "info", queue: batch.queue, messageId: message.id, note: "dead-lettered job succeeded on its last run" }));
      } else {
        await recordFailedJob(ctx, {
          id: message.id,
          jobType: jobTypeOf(message.body),
          payload: JSON.stringify(message.body),
          error,
          songId: songIdOf(message.body),
          failedAt: ctx.now(),
        });
        if (message.body.type === "compliance.transcribe") await transcriptionFailed(ctx, message.body.songId, error);
      }
      message.ack();
    } catch (error) {
      console.error(JSON.stringify({ level: "error", queue: batch.queue, messageId: message.id, ...loggableError(error) }));
      message.retry();
    }
  }
}
