/**
 * /v1/accounts: Connect accounts (Express or Custom) the platform pays artists through — create
 * with capabilities, business type, metadata, a debit card and the payout schedule; retrieve,
 * update (schedule, card, metadata) and list. Changes emit `account.updated`.
 * https://docs.stripe.com/api/accounts
 */
import { Hono } from "hono";
import type Stripe from "stripe";
import type { AppEnv } from "../http/env";
import {
  ACCOUNT_TYPES,
  BUSINESS_TYPES,
  CAPABILITIES,
  type Account,
  TaxIdError,
  externalAccountParam,
  newAccount,
  payoutScheduleParam,
  validTaxId,
  withExternalCard,
  withReadiness,
  withTaxId,
} from "../connect/connect-accounts";
import { endpoint } from "../http/context";
import type { SandboxCall } from "../http/sandbox-call";
import { invalidRequest, parameterInvalid, parameterMissing } from "../http/errors";
import { previousAttributes } from "../events/events";
import { applyMetadata } from "../http/form";
import { listObject } from "../http/lists";
import { readPage } from "../store/store";

// What each endpoint accepts, checked against the SDK's parameter types for the pinned API version.
const WRITABLE = [
  "email",
  "business_type",
  "business_profile",
  "individual",
  "capabilities",
  "metadata",
  "external_account",
  "settings",
  "tos_acceptance",
  "expand",
] as const satisfies readonly (keyof Stripe.AccountCreateParams & keyof Stripe.AccountUpdateParams)[];
const CREATE_PARAMS = [...WRITABLE, "type", "country", "default_currency"] as const satisfies readonly (keyof Stripe.AccountCreateParams)[];
const UPDATE_PARAMS = WRITABLE satisfies readonly (keyof Stripe.AccountUpdateParams)[];
const LIST_PARAMS = ["limit", "starting_after", "ending_before", "expand", "created"] as const satisfies readonly (keyof Stripe.AccountListParams)[];
const RETRIEVE_PARAMS = ["expand"] as const satisfies readonly (keyof Stripe.AccountRetrieveParams)[];
const CAPABILITY_PARAMS = ["requested"] as const satisfies readonly (keyof Stripe.AccountCreateParams.Capabilities.Transfers)[];
const TOS_PARAMS = ["date", "ip", "user_agent"] as const satisfies readonly (keyof Stripe.AccountCreateParams.TosAcceptance)[];
const BUSINESS_PROFILE_PARAMS = ["mcc", "name", "product_description", "url"] as const satisfies readonly (keyof Stripe.AccountCreateParams.BusinessProfile)[];
/** The identity fields Stripe's test mode verifies (https://docs.stripe.com/connect/testing#identity-and-address-verification). */
const INDIVIDUAL_PARAMS = [
  "first_name",
  "last_name",
  "email",
  "phone",
  "dob",
  "address",
  "ssn_last_4",
  "id_number",
] as const satisfies readonly (keyof Stripe.AccountCreateParams.Individual)[];
const DOB_PARAMS = ["day", "month", "year"] as const satisfies readonly (keyof Stripe.AccountCreateParams.Individual.Dob)[];
const ADDRESS_PARAMS = ["line1", "line2", "city", "state", "postal_code", "country"] as const satisfies readonly (keyof Stripe.AddressParam)[];

export const loadAccount = (call: SandboxCall, id: string, param = "id") => call.store.require<Account>("account", id, "account", param);

/** `capabilities[transfers][requested]=true`: the capabilities asked for (only the ones the sandbox knows). */
function requestedCapabilities(call: SandboxCall): string[] {
  const capabilities = call.params.object("capabilities");
  if (!capabilities) return [];
  capabilities.allowOnly(CAPABILITIES);
  return CAPABILITIES.filter((name) => {
    const capability = capabilities.object(name);
    capability?.allowOnly(CAPABILITY_PARAMS);
    return capability?.boolean("requested") === true;
  });
}

/** The platform accepts the terms for a Custom account (`tos_acceptance[date|ip]`); Express users accept them in onboarding. */
function tosAcceptance(call: SandboxCall, type: Account["type"]): Stripe.Account.TosAcceptance | undefined {
  const tos = call.params.object("tos_acceptance");
  if (!tos) return undefined;
  if (type !== "custom") throw invalidRequest("You cannot accept the Terms of Service on behalf of an account of type express.", { param: "tos_acceptance" });
  tos.allowOnly(TOS_PARAMS);
  const date = tos.integer("date");
  const ip = tos.string("ip");
  if (date === undefined) throw parameterMissing("tos_acceptance[date]");
  if (!ip) throw parameterMissing("tos_acceptance[ip]");
  return { date, ip, user_agent: tos.string("user_agent") ?? null };
}

/** `business_profile[mcc|name|product_description|url]`, kept on the account as Stripe shows them. */
function businessProfile(call: SandboxCall, current: Account["business_profile"]): Account["business_profile"] {
  const profile = call.params.object("business_profile");
  if (!profile) return current;
  profile.allowOnly(BUSINESS_PROFILE_PARAMS);
  const next = { ...current } as Stripe.Account.BusinessProfile;
  for (const field of BUSINESS_PROFILE_PARAMS) {
    const value = profile.string(field);
    if (value !== undefined) next[field] = value || null;
  }
  return next;
}

/**
 * `individual[…]`: the identity Stripe verifies before a Custom account may receive transfers. The
 * sandbox checks the names and keeps none of it (it verifies nobody), except that a valid
 * `individual[id_number]` (the taxpayer id) was given: answers whether it was.
 */
function readIndividual(call: SandboxCall): { taxId: boolean } {
  const individual = call.params.object("individual");
  if (!individual) return { taxId: false };
  individual.allowOnly(INDIVIDUAL_PARAMS);
  individual.object("dob")?.allowOnly(DOB_PARAMS);
  individual.object("address")?.allowOnly(ADDRESS_PARAMS);
  const idNumber = individual.string("id_number");
  if (idNumber === undefined) return { taxId: false };
  try {
    validTaxId(idNumber);
  } catch (error) {
    if (error instanceof TaxIdError) throw parameterInvalid(individual.name("id_number"), "Invalid ID number: a US taxpayer ID (SSN or ITIN) has 9 digits.");
    throw error;
  }
  return { taxId: true };
}

/** The writable fields shared by create and update; returns the account with readiness recomputed. */
async function applyWritable(call: SandboxCall, account: Account): Promise<Account> {
  const p = call.params;
  let next: Account = { ...account, metadata: applyMetadata(account.metadata ?? {}, p.metadata()) };
  const email = p.string("email");
  if (email !== undefined) next.email = email || null;
  const businessType = p.oneOf("business_type", BUSINESS_TYPES);
  if (businessType) next.business_type = businessType;
  next.business_profile = businessProfile(call, next.business_profile);
  if (readIndividual(call).taxId) next = withTaxId(next);
  const capabilities = requestedCapabilities(call);
  if (capabilities.length > 0) {
    const current = { ...(next.capabilities as Record<string, string>) };
    for (const name of capabilities) current[name] ??= "inactive";
    next.capabilities = current;
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
      call.params.allowOnly(LIST_PARAMS);
      return listObject("/v1/accounts", await call.store.list<Account>("account", {}, readPage(call.params)));
    }),
  )
  .get(
    "/v1/accounts/:id",
    endpoint("secret", async (call) => {
      call.params.allowOnly(RETRIEVE_PARAMS);
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
