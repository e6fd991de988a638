/**
 * A collaborator's page (docs/splits.md, Accepting): `GET /api/collaborator/{token}` reads their shares,
 * `POST …/accept` accepts them all; the page names the link this browser keeps in its cookie (`link`).
 */
import { AcceptSharesResponseSchema, CollaboratorPageResponseSchema } from "@jplay/schema/splits";
import { useMutation, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { invalidate } from "@/lib/query";

const pageKey = (token: string) => ["collaborator", "page", token];

export const useCollaboratorPage = (token: string) =>
  useQuery({ queryKey: pageKey(token), queryFn: () => api.get(`/api/collaborator/${encodeURIComponent(token)}`, CollaboratorPageResponseSchema) });

export const useAcceptShares = (token: string) =>
  useMutation({
    mutationFn: () => api.post(`/api/collaborator/${encodeURIComponent(token)}/accept`, AcceptSharesResponseSchema),
    onSuccess: () => {
      void invalidate(pageKey(token));
    },
  });
