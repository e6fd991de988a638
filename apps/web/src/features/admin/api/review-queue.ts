/**
 * The Review tab's calls (docs/decisions/029-review-before-delivery.md): `GET /api/admin/review`, the paid
 * songs waiting for an operator (polled like the rest of admin, and read by the tab's label for its
 * count), and the two decisions, `POST /api/admin/songs/{songId}/approve` and `…/reject` (which
 * Distribution Status uses too: rejecting a paid song is one call wherever it is made), and the
 * correction of a song's genre, language and credits, `PUT …/release-details`.
 * After a decision, also after a refusal (another operator may have decided first), the queue, the
 * song list, the refunds and the messages are read again.
 */
import { type ReleaseCorrection, ReleaseCorrectionResponseSchema } from "@jplay/schema/release-metadata";
import { type ApproveSongRequest, ApproveSongResponseSchema, ReviewQueueResponseSchema } from "@jplay/schema/review";
import { type RejectSongRequest, RejectSongResponseSchema } from "@jplay/schema/song-rejection";
import { api, apiRequest } from "@/lib/api-client";
import { useMutation, useQuery } from "@tanstack/react-query";
import { ADMIN_FRESHNESS, invalidate } from "@/lib/query";
import { adminKeys } from "./admin-keys";

/** Under the admin data key, so signing out drops it. */
export const useReviewQueue = () =>
  useQuery({ queryKey: adminKeys.review(), queryFn: () => api.get("/api/admin/review", ReviewQueueResponseSchema), ...ADMIN_FRESHNESS });

const songPath = (songId: string, decision: "approve" | "reject") => `/api/admin/songs/${encodeURIComponent(songId)}/${decision}`;

/** A decision's write that reads everything it changes again once settled. */
function useReviewDecision<Variables, Answer>(send: (variables: Variables) => Promise<Answer>) {
  return useMutation({
    mutationFn: send,
    onSettled: () => invalidate(adminKeys.review(), adminKeys.payments(), adminKeys.refunds(), adminKeys.messages()),
  });
}

export const useApproveSong = () =>
  useReviewDecision(({ songId, ...request }: ApproveSongRequest & { songId: string }) =>
    api.post(songPath(songId, "approve"), ApproveSongResponseSchema, request),
  );

export const useRejectSong = () =>
  useReviewDecision(({ songId, ...request }: RejectSongRequest & { songId: string }) =>
    api.post(songPath(songId, "reject"), RejectSongResponseSchema, request),
  );

export const useCorrectReleaseDetails = () =>
  useReviewDecision(({ songId, ...correction }: ReleaseCorrection & { songId: string }) =>
    apiRequest("PUT", `/api/admin/songs/${encodeURIComponent(songId)}/release-details`, ReleaseCorrectionResponseSchema, correction),
  );
