/**
 * `POST /api/artist/{token}/connect`: creates the artist's Stripe Connect account if needed and
 * answers the Stripe-hosted onboarding URL the browser then opens ("Get paid", features/me).
 */
import { StartPayoutsSetupResponseSchema } from "@jplay/schema/artist";
import { api } from "@/lib/api-client";

export const startPayoutsSetup = (token: string) => api.post(`/api/artist/${encodeURIComponent(token)}/connect`, StartPayoutsSetupResponseSchema);
