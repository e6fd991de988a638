/**
 * `POST /api/get-or-create-subscription` (docs/product.md, Data; Calls): the artist's Pro subscription,
 * created once per artist; calling again answers the same subscription's payment to confirm.
 */
import { ClientSecretResponseSchema } from "@jplay/schema/payments";
import { api } from "@/lib/api-client";

export const getOrCreateSubscription = () => api.post("/api/get-or-create-subscription", ClientSecretResponseSchema);
