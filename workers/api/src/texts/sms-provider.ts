/**
 * The one way a text leaves JPlay: Twilio's Messages API over `fetch` (form body To/From/Body, Basic
 * auth with the account SID and auth token). Which way is configured is decided here: Twilio when
 * TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_FROM_NUMBER are all set; otherwise, in
 * development and tests, the text is written to the log; in production nothing pretends to send
 * (docs/decisions/026-texts-to-artists.md).
 */
import { isDevelopment } from "../platform/environment";

export const TWILIO_API_BASE_URL = "https://api.twilio.com";
/** Twilio's "Attempt to send to unsubscribed recipient": the number answered STOP to our sender. */
export const TWILIO_UNSUBSCRIBED_RECIPIENT = 21610;

export interface TwilioConfig {
  accountSid: string;
  authToken: string;
  fromNumber: string;
}

export type SmsProvider = { kind: "twilio"; config: TwilioConfig } | { kind: "log" } | { kind: "none" };

type SmsEnv = Pick<Env, "APP_ENV" | "TWILIO_ACCOUNT_SID" | "TWILIO_AUTH_TOKEN" | "TWILIO_FROM_NUMBER">;

export function smsProvider(env: SmsEnv): SmsProvider {
  const { TWILIO_ACCOUNT_SID: accountSid, TWILIO_AUTH_TOKEN: authToken, TWILIO_FROM_NUMBER: fromNumber } = env;
  if (accountSid && authToken && fromNumber) return { kind: "twilio", config: { accountSid, authToken, fromNumber } };
  return isDevelopment(env) ? { kind: "log" } : { kind: "none" };
}

/** Twilio took the message (it queues it for the carrier). */
export type SmsSent = { ok: true; providerMessageId: string };
/** Twilio refused it for good (4xx): retrying the same request would be refused again. */
export type SmsRefused = { ok: false; code: number | null; message: string };

/** Twilio could not answer (5xx, 429, network): the caller throws and the queue retries. */
export class SmsProviderUnavailable extends Error {
  constructor(message: string) {
    super(message);
    this.name = "SmsProviderUnavailable";
  }
}

/**
 * POST /2010-04-01/Accounts/{AccountSid}/Messages.json. `baseUrl` exists for the adapter's own tests
 * (a Twilio-like server on 127.0.0.1); nothing in the Worker's configuration can change it.
 */
export async function sendWithTwilio(
  config: TwilioConfig,
  message: { to: string; body: string },
  baseUrl = TWILIO_API_BASE_URL,
): Promise<SmsSent | SmsRefused> {
  const url = `${baseUrl}/2010-04-01/Accounts/${encodeURIComponent(config.accountSid)}/Messages.json`;
  let response: Response;
  try {
    response = await fetch(url, {
      method: "POST",
      headers: {
        Authorization: `Basic ${btoa(`${config.accountSid}:${config.authToken}`)}`,
        "Content-Type": "application/x-www-form-urlencoded",
        Accept: "application/json",
      },
      body: new URLSearchParams({ To: message.to, From: config.fromNumber, Body: message.body }).toString(),
    });
  } catch (error) {
    throw new SmsProviderUnavailable(`Twilio could not be reached: ${String(error)}`);
  }
  const answer = (await response.json().catch(() => null)) as { sid?: unknown; code?: unknown; message?: unknown } | null;
  if (response.status === 429 || response.status >= 500) {
    throw new SmsProviderUnavailable(`Twilio answered ${response.status}${typeof answer?.message === "string" ? `: ${answer.message}` : ""}`);
  }
  if (response.ok && typeof answer?.sid === "string") return { ok: true, providerMessageId: answer.sid };
  if (response.ok) throw new SmsProviderUnavailable(`Twilio answered ${response.status} without a message sid`);
  return {
    ok: false,
    code: typeof answer?.code === "number" ? answer.code : null,
    message: typeof answer?.message === "string" ? answer.message : `Twilio refused the message (${response.status})`,
  };
}
