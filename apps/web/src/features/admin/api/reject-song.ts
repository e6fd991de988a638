/**
 * `POST /api/admin/songs/{songId}/reject {reason}`: an operator stops a paid song before it goes live
 * (its fee is refunded, the artist texted). Afterwards the song list, the refunds and the messages are
 * read again, also after a refusal (someone else may have rejected it meanwhile).
 */
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { RejectSongRequest, RejectSongResponse } from "@jplay/schema/song-rejection";
import { api } from "@/lib/api-client";
import { adminKeys } from "./admin-keys";
import { refundsQueryOptions } from "./get-refunds";

export const rejectSong = (songId: string, request: RejectSongRequest) =>
  api.post<RejectSongResponse>(`/api/admin/songs/${encodeURIComponent(songId)}/reject`, request);

export const useRejectSong = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ songId, reason }: { songId: string; reason: string }) => rejectSong(songId, { reason }),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminKeys.payments() }),
        queryClient.invalidateQueries({ queryKey: refundsQueryOptions().queryKey }),
        queryClient.invalidateQueries({ queryKey: adminKeys.messages() }),
      ]),
  });
};
