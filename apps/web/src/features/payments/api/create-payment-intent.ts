/**
 * `POST /api/create-payment-intent {amount: 9900}` (docs/product.md, Data; Calls): the one-off fee on
 * /checkout. The amount is sent because the product's call carries it; the server charges its own
 * price for the session's song awaiting payment and names that song in its answer.
 */
import { CheckoutPaymentResponseSchema } from "@jplay/schema/payments";
import { ONE_OFF_FEE_CENTS } from "@jplay/schema/pricing";
import { api } from "@/lib/api-client";

export const createPaymentIntent = () => api.post("/api/create-payment-intent", CheckoutPaymentResponseSchema, { amount: ONE_OFF_FEE_CENTS });
