/**
 * `POST /api/sms/inbound`: Twilio's webhook for texts sent to JPlay's number. Only Twilio's signed
 * requests are read (X-Twilio-Signature with TWILIO_AUTH_TOKEN; unsigned or forged → 403; no token
 * configured → 503). STOP, STOPALL, UNSUBSCRIBE, CANCEL, END or QUIT puts the sender on the opt-out
 * list, START, UNSTOP or YES takes it off; any other text is ignored. The answer is empty TwiML:
 * Twilio itself confirms opt-outs to the sender (docs/decisions/026-texts-to-artists.md).
 */
import { Hono } from "hono";
import type { AppEnv } from "../../platform/env";
import { AppError, badRequest, forbidden } from "../../platform/errors";
import { toE164 } from "../phone-number";
import { optIn, optKeyword, optOut } from "../sms-opt-outs";
import { TWILIO_SIGNATURE_HEADER, verifyTwilioSignature } from "../twilio-signature";

const EMPTY_TWIML = '<?xml version="1.0" encoding="UTF-8"?><Response></Response>';

/** The URLs Twilio may have signed: the one the request arrived at, and the same path on APP_ORIGIN. */
function signedUrls(env: Env, requestUrl: string): string[] {
  const url = new URL(requestUrl);
  const urls = [url.href];
  if (env.APP_ORIGIN) urls.push(new URL(url.pathname + url.search, env.APP_ORIGIN).href);
  return urls;
}

export const smsRoutes = new Hono<AppEnv>().post("/inbound", async (c) => {
  const authToken = c.env.TWILIO_AUTH_TOKEN;
  if (!authToken) throw new AppError(503, "sms_not_configured", "Inbound texts are not accepted: TWILIO_AUTH_TOKEN is not configured.");
  if (!c.req.header("Content-Type")?.startsWith("application/x-www-form-urlencoded")) throw badRequest("Twilio webhooks are form-encoded.");
  const params = new URLSearchParams(await c.req.text());
  if (!(await verifyTwilioSignature(authToken, signedUrls(c.env, c.req.url), params, c.req.header(TWILIO_SIGNATURE_HEADER)))) {
    throw forbidden(`The request is not signed by Twilio (${TWILIO_SIGNATURE_HEADER}).`);
  }
  const from = toE164(params.get("From"));
  const keyword = optKeyword(params.get("Body") ?? "");
  if (from && keyword === "opt_out") await optOut(c.var.ctx, from);
  if (from && keyword === "opt_in") await optIn(c.var.ctx, from);
  return c.body(EMPTY_TWIML, 200, { "Content-Type": "text/xml" });
});
