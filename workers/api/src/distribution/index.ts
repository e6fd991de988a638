/**
 * The distribution module's public surface: what other modules and the Worker's entry points may import.
 */
export { secondsPerWindowHour } from "./delivery-window";
export { deliverDistribution } from "./jobs/deliver-distribution";
export { deliverDueSongsTask, requeueStalledDistributionsTask } from "./jobs/distribution-tasks";
export { processDistribution } from "./jobs/process-distribution";
export { removeUnpaidSongsTask } from "./jobs/remove-unpaid-songs-task";
export { sweepOrphanMediaTask } from "./jobs/repair-tasks";
export { rejectSongByOperator } from "./operator-rejection";
export { correctReleaseDetails } from "./release-corrections";
export { listReviewQueue } from "./review-queue";
export { audioChecksOf } from "./audio-checks-of";
export { distributePage } from "./routes/distribute-page";
export { distributeRoutes } from "./routes/distribute";
export { approveSong } from "./song-review";
export { distributionJobs } from "./jobs/distribution-jobs";
