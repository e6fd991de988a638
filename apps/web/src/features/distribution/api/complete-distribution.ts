/**
 * `POST /api/distribute/{songId}/complete` (docs/product.md, Data; States and flows): asks the server to charge the
 * saved card for the chosen package. The server decides the amount; the `requestId` (a timestamp
 * string, one per attempt) lets it replay the first answer if the same attempt arrives twice.
 * A declined card is an error status (ApiError 402); 429 carries the server's pacing message.
 */
import { type CompleteDistributionRequest, CompleteDistributionResponseSchema } from "@jplay/schema/payments";
import { api } from "@/lib/api-client";
import { useMutation } from "@tanstack/react-query";

export interface CompleteDistributionInput extends CompleteDistributionRequest {
  songId: string;
}

export const completeDistribution = ({ songId, ...body }: CompleteDistributionInput) =>
  api.post(`/api/distribute/${encodeURIComponent(songId)}/complete`, CompleteDistributionResponseSchema, body);

export const useCompleteDistribution = () => useMutation({ mutationFn: completeDistribution });
