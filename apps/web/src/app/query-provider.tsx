/**
 * TanStack Query for the screens that use it (distribution, payments, recovery, artist, admin). It is
 * mounted by those screens' chunks, not by the entry, so the tablet home page never downloads it
 * (decision 015). One client for all of them: a cached read survives moving between screens.
 */
import type { ReactNode } from "react";
import { QueryClientProvider } from "@tanstack/react-query";
import { queryClient } from "@/lib/query-client";

export function QueryProvider({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
