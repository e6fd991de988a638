/**
 * Admin: the texts sent to artists. `GET /messages?page=N` lists the outbox newest first;
 * `POST /sms-opt-outs {phone}` marks a number as opted out, for an artist who asked another way (or a
 * local run with no SMS provider to answer STOP to). Mounted by the admin API behind its
 * authentication and same-origin check (routes/admin.ts); this file only defines the routes.
 */
import { Hono } from "hono";
import { SmsOptOutSchema } from "@jplay/schema/text-messages";
import type { AppEnv } from "../env";
import { createDb } from "../db";
import { badRequest } from "../errors";
import { listTextMessages } from "../services/admin-text-messages";
import { toE164 } from "../services/phone-number";
import { optOut } from "../services/sms-opt-outs";
import { jsonBody } from "../validation";

const MAX_PAGE = 10_000;

export const adminMessageRoutes = new Hono<AppEnv>()
  .get("/messages", async (c) => {
    const raw = c.req.query("page") ?? "1";
    const page = Number(raw);
    if (!/^\d+$/.test(raw) || page < 1 || page > MAX_PAGE) throw badRequest(`page must be a whole number from 1 to ${MAX_PAGE}.`);
    return c.json(await listTextMessages(createDb(c.env.DB), page));
  })
  .post("/sms-opt-outs", jsonBody(SmsOptOutSchema), async (c) => {
    const phone = toE164(c.req.valid("json").phone);
    if (!phone) throw badRequest("Enter a phone number that can receive texts, with its country code (e.g. +1 555 010 1234).");
    await optOut(createDb(c.env.DB), phone);
    return c.json({ phone, optedOut: true });
  });
