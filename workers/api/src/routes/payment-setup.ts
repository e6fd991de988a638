/**
 * /api/config, /api/create-setup-intent and /api/save-payment-method (spec section 7): what the
 * payment-setup card calls. Setup intents are rate-limited per client address and saves per phone,
 * so the form cannot be used to test stolen cards in bulk.
 */
import { Hono } from "hono";
import type { PublicConfig } from "@jplay/schema/payments";
import { CreateSetupIntentSchema, SavePaymentMethodSchema } from "@jplay/schema/distribution";
import type { AppEnv } from "../env";
import { createDb } from "../db";
import { forbidden } from "../errors";
import { createStripe, usesSandbox } from "../payments/stripe-client";
import { artistPagePath, issueArtistLink } from "../services/artist-links";
import { readSessionCustomer, rotateSession, startSession } from "../services/artist-session";
import { syncArtistPayoutSchedule } from "../services/connect-accounts";
import { createSetupIntent, savePaymentMethod } from "../services/payment-setup";
import { clientAddress, enforceRateLimit } from "../services/rate-limit";
import { jsonBody } from "../validation";

const HOUR = 60 * 60 * 1000;
export const SETUP_INTENTS_PER_ADDRESS_PER_HOUR = 20;
export const SAVES_PER_PHONE_PER_HOUR = 5;

export const paymentSetupRoutes = new Hono<AppEnv>()
  .get("/config", (c) => {
    const config: PublicConfig = usesSandbox(c.env)
      ? { payments: { mode: "sandbox" } }
      : { payments: { mode: "stripe", publishableKey: c.env.STRIPE_PUBLISHABLE_KEY ?? "" } };
    return c.json(config);
  })
  .post("/create-setup-intent", jsonBody(CreateSetupIntentSchema), async (c) => {
    await enforceRateLimit(c.env.DB, {
      key: `setup-intent:ip:${clientAddress(c.req.raw.headers)}`,
      limit: Number(c.env.SETUP_INTENTS_PER_ADDRESS_PER_HOUR) || SETUP_INTENTS_PER_ADDRESS_PER_HOUR,
      windowMs: HOUR,
      message: "Too many payment setup attempts from your network. Please wait an hour and try again.",
    });
    const { paymentFrequency } = c.req.valid("json");
    const sessionCustomer = await readSessionCustomer(c);
    const result = await createSetupIntent(createStripe(c.env), sessionCustomer, paymentFrequency);
    if (result.customerId !== sessionCustomer) await startSession(c, result.customerId);
    return c.json(result);
  })
  .post("/save-payment-method", jsonBody(SavePaymentMethodSchema), async (c) => {
    const input = c.req.valid("json");
    if ((await readSessionCustomer(c)) !== input.customerId) {
      throw forbidden("This payment setup belongs to another session. Please reload the page and try again.");
    }
    await enforceRateLimit(c.env.DB, {
      key: `save-card:phone:${input.phoneNumber.replace(/\D/g, "")}`,
      limit: SAVES_PER_PHONE_PER_HOUR,
      windowMs: HOUR,
      message: "Too many cards saved for this phone number. Please wait an hour and try again.",
    });
    const stripe = createStripe(c.env);
    const db = createDb(c.env.DB);
    const saved = await savePaymentMethod(stripe, db, input);
    // A card saved: this browser's session is replaced by one bound to the artist.
    await rotateSession(c, input.customerId, saved.artistId);
    await syncArtistPayoutSchedule(stripe, db, saved.artistId);
    // The artist's private page: a new link each time a card is saved (earlier links keep working).
    const artistPageUrl = artistPagePath(await issueArtistLink(db, saved.artistId));
    return c.json({ brand: saved.brand, last4: saved.last4, artistPageUrl });
  });
