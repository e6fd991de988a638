/**
 * A collaborator's page (docs/splits.md, Accepting): `GET /api/collaborator/{token}` reads their shares,
 * `POST …/accept` accepts them all, `POST …/phone/code` and `…/phone/confirm` confirm the phone first,
 * `POST …/connect` starts the payout setup; the page names the link this browser keeps in its cookie (`link`).
 */
import { StartPayoutsSetupResponseSchema } from "@jplay/schema/artist";
import { PhoneCodeSentResponseSchema } from "@jplay/schema/phone-confirmation";
import { AcceptSharesResponseSchema, CollaboratorPageResponseSchema, CollaboratorPhoneResponseSchema } from "@jplay/schema/splits";
import { useMutation, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { invalidate } from "@/lib/query";

const pageKey = (token: string) => ["collaborator", "page", token];
const path = (token: string) => `/api/collaborator/${encodeURIComponent(token)}`;

export const useCollaboratorPage = (token: string) =>
  useQuery({ queryKey: pageKey(token), queryFn: () => api.get(`/api/collaborator/${encodeURIComponent(token)}`, CollaboratorPageResponseSchema) });

export const useAcceptShares = (token: string) =>
  useMutation({
    mutationFn: () => api.post(`/api/collaborator/${encodeURIComponent(token)}/accept`, AcceptSharesResponseSchema),
    onSuccess: () => {
      void invalidate(pageKey(token));
    },
  });

export const useSendCollaboratorCode = (token: string) => useMutation({ mutationFn: () => api.post(`${path(token)}/phone/code`, PhoneCodeSentResponseSchema) });

/** A right code confirms the phone: the page is read again, now with the shares. */
export const useConfirmCollaboratorPhone = (token: string) =>
  useMutation({
    mutationFn: (code: string) => api.post(`${path(token)}/phone/confirm`, CollaboratorPhoneResponseSchema, { code }),
    onSuccess: () => {
      void invalidate(pageKey(token));
    },
  });

/** Opens Stripe's hosted onboarding for the collaborator's payouts. */
export const startCollaboratorPayouts = (token: string) => api.post(`${path(token)}/connect`, StartPayoutsSetupResponseSchema);
