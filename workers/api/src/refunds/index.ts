/**
 * The refunds module's public surface: what other modules and the Worker's entry points may import.
 */
export { listAdminRefunds } from "./admin-refunds";
export { requeueLostRefunds } from "./lost-refunds";
export { queueRefundsOfSong, refundOnRejection } from "./refund-rejected-song";
export { onRefundEvent } from "./refund-status";
export { retryFailedRefund } from "./retry-failed-refund";
export { sendRefund } from "./send-refund";
export { songRefundViews } from "./song-refund-views";
export { refundJobs } from "./jobs/refund-jobs";
