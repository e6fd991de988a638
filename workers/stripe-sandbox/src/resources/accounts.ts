/**
 * /v1/accounts: Connect accounts (Express or Custom) the platform pays artists through — create
 * with capabilities, business type, metadata, a debit card and the payout schedule; retrieve,
 * update (schedule, card, metadata) and list. Changes emit `account.updated`.
 * https://docs.stripe.com/api/accounts
 */
import { Hono } from "hono";
import type Stripe from "stripe";
import type { AppEnv } from "../env";
import {
  ACCOUNT_TYPES,
  BUSINESS_TYPES,
  CAPABILITIES,
  type Account,
  externalAccountParam,
  newAccount,
  payoutScheduleParam,
  withExternalCard,
  withReadiness,
} from "../connect-accounts";
import { type SandboxCall, endpoint } from "../context";
import { invalidRequest, parameterInvalid, parameterMissing } from "../errors";
import { previousAttributes } from "../events";
import { applyMetadata } from "../form";
import { listObject } from "../lists";
import { readPage } from "../store";

const CREATE_PARAMS = ["type", "country", "email", "business_type", "capabilities", "metadata", "external_account", "settings", "tos_acceptance", "default_currency", "expand"] as const;
const UPDATE_PARAMS = ["email", "business_type", "capabilities", "metadata", "external_account", "settings", "tos_acceptance", "expand"] as const;

export const loadAccount = (call: SandboxCall, id: string, param = "id") => call.store.require<Account>("account", id, "account", param);

/** `capabilities[transfers][requested]=true`: the capabilities asked for (only the ones the sandbox knows). */
function requestedCapabilities(call: SandboxCall): string[] {
  const capabilities = call.params.object("capabilities");
  if (!capabilities) return [];
  capabilities.allowOnly(CAPABILITIES);
  return CAPABILITIES.filter((name) => {
    const capability = capabilities.object(name);
    capability?.allowOnly(["requested"]);
    return capability?.boolean("requested") === true;
  });
}

/** The platform accepts the terms for a Custom account (`tos_acceptance[date|ip]`); Express users accept them in onboarding. */
function tosAcceptance(call: SandboxCall, type: Account["type"]): Stripe.Account.TosAcceptance | undefined {
  const tos = call.params.object("tos_acceptance");
  if (!tos) return undefined;
  if (type !== "custom") throw invalidRequest("You cannot accept the Terms of Service on behalf of an account of type express.", { param: "tos_acceptance" });
  tos.allowOnly(["date", "ip", "user_agent"]);
  const date = tos.integer("date");
  const ip = tos.string("ip");
  if (date === undefined) throw parameterMissing("tos_acceptance[date]");
  if (!ip) throw parameterMissing("tos_acceptance[ip]");
  return { date, ip, user_agent: tos.string("user_agent") ?? null } as Stripe.Account.TosAcceptance;
}

/** The writable fields shared by create and update; returns the account with readiness recomputed. */
async function applyWritable(call: SandboxCall, account: Account): Promise<Account> {
  const p = call.params;
  let next: Account = { ...account, metadata: applyMetadata(account.metadata ?? {}, p.metadata()) };
  const email = p.string("email");
  if (email !== undefined) next.email = email || null;
  const businessType = p.oneOf("business_type", BUSINESS_TYPES);
  if (businessType) next.business_type = businessType;
  const capabilities = requestedCapabilities(call);
  if (capabilities.length > 0) {
    const current = { ...(next.capabilities as Record<string, string>) };
    for (const name of capabilities) current[name] ??= "inactive";
    next.capabilities = current as Stripe.Account.Capabilities;
  }
  const schedule = payoutScheduleParam(p, next.settings!.payouts!.schedule);
  if (schedule) next.settings = { ...next.settings!, payouts: { ...next.settings!.payouts!, schedule } };
  const tos = tosAcceptance(call, next.type);
  if (tos) next.tos_acceptance = tos;
  const card = await externalAccountParam(call, next.id);
  if (card) next = withExternalCard(next, card);
  return withReadiness(next);
}

export const accountRoutes = new Hono<AppEnv>()
  .post(
    "/v1/accounts",
    endpoint("secret", async (call) => {
      const p = call.params.allowOnly(CREATE_PARAMS);
      const type = p.oneOf("type", ACCOUNT_TYPES);
      if (!type) throw parameterMissing("type");
      const country = p.string("country") ?? "US";
      if (country !== "US") throw parameterInvalid("country", "The Stripe sandbox creates US accounts only.");
      const currency = p.string("default_currency");
      if (currency !== undefined && currency.toLowerCase() !== "usd") throw parameterInvalid("default_currency", "The Stripe sandbox supports usd only.");
      const capabilities = requestedCapabilities(call);
      if (type === "express" && !capabilities.includes("transfers") && !capabilities.includes("card_payments")) {
        throw invalidRequest("Express accounts must request at least one of these capabilities: card_payments, transfers.", { param: "capabilities" });
      }
      const account = await applyWritable(call, newAccount(call, { type, capabilities, schedule: { delay_days: 2, interval: "daily" } }));
      call.store.put(account);
      return account;
    }),
  )
  .get(
    "/v1/accounts",
    endpoint("secret", async (call) => {
      call.params.allowOnly(["limit", "starting_after", "ending_before", "expand", "created"]);
      return listObject("/v1/accounts", await call.store.list<Account>("account", {}, readPage(call.params)));
    }),
  )
  .get(
    "/v1/accounts/:id",
    endpoint("secret", async (call) => {
      call.params.allowOnly(["expand"]);
      return loadAccount(call, call.pathParam("id"));
    }),
  )
  .post(
    "/v1/accounts/:id",
    endpoint("secret", async (call) => {
      call.params.allowOnly(UPDATE_PARAMS);
      const before = await loadAccount(call, call.pathParam("id"));
      await call.store.lock(before.id);
      const after = await applyWritable(call, before);
      const previous = previousAttributes(before, after);
      call.store.put(after);
      if (previous) call.emit("account.updated", after, previous);
      return after;
    }),
  );
