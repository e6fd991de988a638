/**
 * Which card provider runs, decided in one place (PaymentsProvider, fed by GET /api/config) and read
 * by every card form, so no screen branches on Stripe versus sandbox itself.
 */
import { createContext, useContext } from "react";
import type { PaymentsConfig } from "@jplay/schema/payments";

export type PaymentsState = { status: "loading" } | { status: "error"; retry: () => void } | { status: "ready"; config: PaymentsConfig };

export const PaymentsContext = createContext<PaymentsState | null>(null);

export function usePayments(): PaymentsState {
  const state = useContext(PaymentsContext);
  if (!state) throw new Error("usePayments() needs a <PaymentsProvider> above it");
  return state;
}
