/**
 * The Twilio adapter on the wire, against a small server on 127.0.0.1 that answers as Twilio's
 * Messages API documents (201 with the message's sid; a 4xx JSON error with its code; a 500): the
 * request's path, Basic auth and form body, and what each answer becomes. No real network.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SmsProviderUnavailable, TWILIO_UNSUBSCRIBED_RECIPIENT, sendWithTwilio } from "./sms-provider";

const config = { accountSid: "AC00000000000000000000000000000001", authToken: "local-auth-token", fromNumber: "+15550100000" };
const received: Array<{ method: string; url: string; authorization: string; contentType: string; form: URLSearchParams }> = [];
let nextAnswer: { status: number; body: unknown } = { status: 201, body: {} };
let server: Server;
let baseUrl: string;

const readBody = (request: IncomingMessage) =>
  new Promise<string>((resolve) => {
    let text = "";
    request.on("data", (chunk) => (text += chunk));
    request.on("end", () => resolve(text));
  });

beforeAll(async () => {
  const answer = async (request: IncomingMessage, response: ServerResponse) => {
    received.push({
      method: request.method!,
      url: request.url!,
      authorization: request.headers.authorization ?? "",
      contentType: request.headers["content-type"] ?? "",
      form: new URLSearchParams(await readBody(request)),
    });
    response.writeHead(nextAnswer.status, { "Content-Type": "application/json" }).end(JSON.stringify(nextAnswer.body));
  };
  server = createServer((request, response) => void answer(request, response));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe("sendWithTwilio", () => {
  it("posts To, From and Body to the account's Messages.json with Basic auth, and answers Twilio's sid", async () => {
    nextAnswer = { status: 201, body: { sid: "SM0123456789abcdef0123456789abcdef", status: "queued", to: "+15550101234" } };
    const answer = await sendWithTwilio(config, { to: "+15550101234", body: "JPlay: hello. Reply STOP to opt out." }, baseUrl);
    expect(answer).toEqual({ ok: true, providerMessageId: "SM0123456789abcdef0123456789abcdef" });
    const request = received.at(-1)!;
    expect(request.method).toBe("POST");
    expect(request.url).toBe(`/2010-04-01/Accounts/${config.accountSid}/Messages.json`);
    expect(request.authorization).toBe(`Basic ${Buffer.from(`${config.accountSid}:${config.authToken}`).toString("base64")}`);
    expect(request.contentType).toBe("application/x-www-form-urlencoded");
    expect(Object.fromEntries(request.form)).toEqual({ To: "+15550101234", From: config.fromNumber, Body: "JPlay: hello. Reply STOP to opt out." });
  });

  it("answers Twilio's 21610 refusal with its code and message", async () => {
    nextAnswer = {
      status: 400,
      body: { code: 21610, message: "Attempt to send to unsubscribed recipient", more_info: "https://www.twilio.com/docs/errors/21610", status: 400 },
    };
    const answer = await sendWithTwilio(config, { to: "+15550101234", body: "x" }, baseUrl);
    expect(answer).toEqual({ ok: false, code: TWILIO_UNSUBSCRIBED_RECIPIENT, message: "Attempt to send to unsubscribed recipient" });
  });

  it("throws on a 500 and a 429, so the queue retries", async () => {
    nextAnswer = { status: 500, body: { code: 20500, message: "Internal Server Error", status: 500 } };
    await expect(sendWithTwilio(config, { to: "+15550101234", body: "x" }, baseUrl)).rejects.toBeInstanceOf(SmsProviderUnavailable);
    nextAnswer = { status: 429, body: { code: 20429, message: "Too Many Requests", status: 429 } };
    await expect(sendWithTwilio(config, { to: "+15550101234", body: "x" }, baseUrl)).rejects.toThrow(/Twilio answered 429/);
  });

  it("throws when Twilio cannot be reached", async () => {
    await expect(sendWithTwilio(config, { to: "+15550101234", body: "x" }, "http://127.0.0.1:9")).rejects.toBeInstanceOf(SmsProviderUnavailable);
  });
});
