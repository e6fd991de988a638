/**
 * Loads the public payments config and hands the provider choice to the card forms below it.
 * Screens that take cards (distribution, and later approval, recovery, checkout) wrap themselves in it.
 */
import { useMemo, type ReactNode } from "react";
import { usePublicConfig } from "./api/get-public-config";
import { PaymentsContext, type PaymentsState } from "./payments-context";

export function PaymentsProvider({ children }: { children: ReactNode }) {
  const config = usePublicConfig();
  const { refetch } = config;
  const state = useMemo<PaymentsState>(() => {
    if (config.data) return { status: "ready", config: config.data.payments };
    if (config.isError && !config.isFetching) return { status: "error", retry: () => void refetch() };
    return { status: "loading" };
  }, [config.isError, config.isFetching, config.data, refetch]);
  return <PaymentsContext value={state}>{children}</PaymentsContext>;
}
