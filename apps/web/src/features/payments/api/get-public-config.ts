/**
 * `GET /api/config`: which card provider the browser talks to (Stripe with a publishable key, or the
 * local Stripe sandbox). Read once per visit through the one read cache (lib/read-cache.ts); it never
 * changes while the page is open.
 */
import { type PublicConfig, PublicConfigSchema } from "@jplay/schema/payments";
import { api } from "@/lib/api-client";
import { useQuery } from "@tanstack/react-query";

export const getPublicConfig = (): Promise<PublicConfig> => api.get("/api/config", PublicConfigSchema);

export const usePublicConfig = () => useQuery({ queryKey: ["config"], queryFn: getPublicConfig });
