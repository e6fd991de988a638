/**
 * Connect accounts as the sandbox keeps them: the account object, its debit card (the external
 * account payouts go to), its payout schedule, and the step that makes it ready to receive
 * transfers (hosted onboarding for Express; for Custom, the platform's own tos_acceptance plus a
 * card). Shared by /v1/accounts and the hosted onboarding page. https://docs.stripe.com/api/accounts
 *
 * Like Stripe for a US individual, the account also needs the person's taxpayer id (the TIN a W-9
 * certifies, `individual.id_number`): until it is given, it stays in `requirements.currently_due`,
 * payouts stay disabled and transfers to the account are refused.
 * https://docs.stripe.com/connect/required-verification-information
 */
import type Stripe from "stripe";
import { CardValidationError, validateCard } from "../money/cards";
import type { SandboxCall } from "../http/sandbox-call";
import { invalidRequest, parameterInvalid } from "../http/errors";
import type { Params } from "../http/form";
import { ID_PREFIX, newId } from "../store/ids";

export type Account = Stripe.Account;
export type ExternalCard = Stripe.Card;

export const ACCOUNT_TYPES = ["express", "custom"] as const;
export const BUSINESS_TYPES = ["individual", "company", "non_profit", "government_entity"] as const;
export const CAPABILITIES = ["transfers", "card_payments"] as const satisfies readonly (keyof Stripe.AccountCreateParams.Capabilities)[];
export const PAYOUT_INTERVALS = ["manual", "daily", "weekly", "monthly"] as const;
export const WEEKDAYS = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"] as const;

// Nested parameters the sandbox reads, checked against the SDK's parameter types for the pinned API version.
/** A card given as `external_account[…]` (the SDK types it for updates; create takes the same hash). */
const EXTERNAL_CARD_PARAMS = [
  "object",
  "number",
  "exp_month",
  "exp_year",
  "currency",
  "cvc",
  "name",
] as const satisfies readonly (keyof Stripe.AccountUpdateParams.Card)[];
const SETTINGS_PARAMS = ["payouts"] as const satisfies readonly (keyof Stripe.AccountCreateParams.Settings & keyof Stripe.AccountUpdateParams.Settings)[];
const PAYOUTS_PARAMS = [
  "schedule",
  "statement_descriptor",
  "debit_negative_balances",
] as const satisfies readonly (keyof Stripe.AccountCreateParams.Settings.Payouts)[];
const SCHEDULE_PARAMS = [
  "interval",
  "weekly_anchor",
  "delay_days",
  "monthly_anchor",
] as const satisfies readonly (keyof Stripe.AccountCreateParams.Settings.Payouts.Schedule)[];

/** Stripe's debit test cards for Connect payouts (and their tokens). https://docs.stripe.com/connect/testing#account-numbers */
export const DEBIT_TEST_CARDS: Record<string, string> = {
  tok_visa_debit: "4000056655665556",
  tok_mastercard_debit: "5200828282828210",
};
const DEBIT_NUMBERS = new Set(Object.values(DEBIT_TEST_CARDS));
/** What the hosted onboarding page offers: Stripe's Visa debit test card. */
export const DEFAULT_DEBIT_CARD = "4000 0566 5566 5556";

const BRAND_NAMES: Record<string, string> = { visa: "Visa", mastercard: "MasterCard", amex: "American Express", discover: "Discover" };

export const externalAccountsUrl = (accountId: string) => `/v1/accounts/${accountId}/external_accounts`;

export class NotDebitCardError extends Error {}

/**
 * A debit card as a Connect external account, from a card number. Payouts to cards need debit cards:
 * any other valid number is refused (NotDebitCardError); invalid numbers throw CardValidationError.
 */
export async function debitCardFor(accountId: string, number: string, today: Date): Promise<ExternalCard> {
  const expYear = today.getUTCFullYear() + 3;
  const valid = await validateCard({ number, exp_month: 12, exp_year: expYear, cvc: undefined }, today);
  if (!DEBIT_NUMBERS.has(valid.number)) throw new NotDebitCardError("This card doesn't appear to be a debit card.");
  return {
    id: newId(ID_PREFIX.card),
    object: "card",
    account: accountId,
    address_city: null,
    address_country: null,
    address_line1: null,
    address_line1_check: null,
    address_line2: null,
    address_state: null,
    address_zip: null,
    address_zip_check: null,
    available_payout_methods: ["standard", "instant"],
    brand: BRAND_NAMES[valid.brand] ?? "Unknown",
    country: "US",
    currency: "usd",
    cvc_check: null,
    default_for_currency: true,
    dynamic_last4: null,
    exp_month: valid.exp_month,
    exp_year: valid.exp_year,
    fingerprint: valid.fingerprint,
    funding: "debit",
    last4: valid.last4,
    metadata: {},
    name: null,
    tokenization_method: null,
    wallet: null,
  } as unknown as ExternalCard;
}

/** `external_account`: a debit test token (`tok_visa_debit`) or a card hash (`object=card`, `number`). */
export async function externalAccountParam(call: SandboxCall, accountId: string): Promise<ExternalCard | undefined> {
  const raw = call.params.raw.external_account;
  if (raw === undefined) return undefined;
  let number: string | undefined;
  if (typeof raw === "string") {
    number = DEBIT_TEST_CARDS[raw];
    if (!number) throw invalidRequest(`No such token: '${raw}'`, { param: "external_account", code: "resource_missing" });
  } else {
    const card = call.params.object("external_account")!;
    card.allowOnly(EXTERNAL_CARD_PARAMS);
    if (card.string("object") !== "card")
      throw parameterInvalid("external_account[object]", "The Stripe sandbox supports only debit cards as external accounts (external_account[object]=card).");
    number = card.requiredString("number");
  }
  try {
    return await debitCardFor(accountId, number, call.today);
  } catch (error) {
    if (error instanceof NotDebitCardError) throw invalidRequest(error.message, { param: "external_account", code: "invalid_card_type" });
    if (error instanceof CardValidationError) throw invalidRequest(error.message, { param: "external_account", code: error.failure.code });
    throw error;
  }
}

/** `settings[payouts][schedule]`: interval daily|weekly|monthly|manual, `weekly_anchor` for weekly. */
export function payoutScheduleParam(params: Params, current: Stripe.Account.Settings.Payouts.Schedule): Stripe.Account.Settings.Payouts.Schedule | undefined {
  const settings = params.object("settings");
  if (!settings) return undefined;
  settings.allowOnly(SETTINGS_PARAMS);
  const payouts = settings.object("payouts");
  if (!payouts) return undefined;
  payouts.allowOnly(PAYOUTS_PARAMS);
  const schedule = payouts.object("schedule");
  if (!schedule) return undefined;
  schedule.allowOnly(SCHEDULE_PARAMS);
  const interval = schedule.oneOf("interval", PAYOUT_INTERVALS) ?? current.interval;
  const anchor = schedule.oneOf("weekly_anchor", WEEKDAYS);
  if (anchor && interval !== "weekly") throw parameterInvalid(schedule.name("weekly_anchor"), "weekly_anchor can only be set when interval is weekly.");
  const next: Stripe.Account.Settings.Payouts.Schedule = { delay_days: schedule.integer("delay_days") ?? current.delay_days, interval };
  if (interval === "weekly") next.weekly_anchor = anchor ?? current.weekly_anchor ?? "monday";
  if (interval === "monthly") next.monthly_anchor = schedule.integer("monthly_anchor") ?? 1;
  return next;
}

/** Stripe's test taxpayer id that verifies (https://docs.stripe.com/connect/testing#test-personal-id-numbers). */
export const TEST_TAX_ID = "000000000";

export class TaxIdError extends Error {}

/** A US taxpayer id (SSN or ITIN) as given: nine digits, dashes and spaces allowed. */
export function validTaxId(value: string): string {
  const digits = value.replace(/[\s-]/g, "");
  if (!/^\d{9}$/.test(digits)) throw new TaxIdError("A taxpayer ID has 9 digits.");
  return digits;
}

/**
 * The account's person with their taxpayer id given. Stripe never returns the number, only that it
 * was provided (`id_number_provided`); neither does the sandbox keep it.
 */
export function withTaxId(account: Account): Account {
  const existing = account.individual as Partial<Stripe.Person> | undefined;
  const individual = {
    id: existing?.id ?? newId(ID_PREFIX.person),
    object: "person",
    account: account.id,
    ...existing,
    id_number_provided: true,
    ssn_last_4_provided: true,
  } as Stripe.Person;
  return { ...account, individual };
}

/** What still keeps an account from being paid out to (Stripe's `requirements.currently_due`). */
export function currentlyDue(account: Account): string[] {
  const due: string[] = [];
  if ((account.external_accounts?.data.length ?? 0) === 0) due.push("external_account");
  if (!account.individual?.id_number_provided) due.push("individual.id_number");
  if (!account.tos_acceptance?.date) due.push("tos_acceptance.date", "tos_acceptance.ip");
  return due;
}

/**
 * Recomputes the flags that follow from what the account has: ready once nothing is due. What Stripe
 * asked for later and was not given (`requirements.past_due`, set by the test helper in
 * resources/connected-payouts.ts) keeps it restricted.
 */
export function withReadiness(account: Account): Account {
  const due = currentlyDue(account);
  const pastDue = account.requirements?.past_due ?? [];
  const ready = due.length === 0 && pastDue.length === 0;
  const capabilities: Record<string, string> = {};
  for (const [name, state] of Object.entries(account.capabilities ?? {})) capabilities[name] = ready ? "active" : state === "active" ? "inactive" : state;
  return {
    ...account,
    capabilities,
    charges_enabled: ready && capabilities.card_payments === "active",
    payouts_enabled: ready,
    details_submitted: account.details_submitted || ready,
    requirements: {
      ...(account.requirements as Stripe.Account.Requirements),
      currently_due: due,
      eventually_due: due,
      past_due: pastDue,
      disabled_reason: ready ? null : "requirements.past_due",
    },
  };
}

/** Adds a card as the account's default external account (earlier cards stop being the default). */
export function withExternalCard(account: Account, card: ExternalCard): Account {
  const earlier = (account.external_accounts?.data ?? []).map((existing) => ({ ...existing, default_for_currency: false })) as ExternalCard[];
  const data = [card, ...earlier];
  return {
    ...account,
    external_accounts: {
      object: "list",
      data,
      has_more: false,
      url: externalAccountsUrl(account.id),
      total_count: data.length,
    } as Account["external_accounts"],
  };
}

/** A new account (not yet able to receive payouts). */
export function newAccount(
  call: SandboxCall,
  fields: { type: (typeof ACCOUNT_TYPES)[number]; schedule: Stripe.Account.Settings.Payouts.Schedule; capabilities: string[] },
): Account {
  const id = newId(ID_PREFIX.account);
  const capabilities: Record<string, string> = {};
  for (const name of fields.capabilities) capabilities[name] = "inactive";
  return {
    id,
    object: "account",
    business_profile: { mcc: null, name: null, support_email: null, support_phone: null, support_url: null, url: null } as Stripe.Account.BusinessProfile,
    business_type: null,
    capabilities,
    charges_enabled: false,
    controller: { type: "application", is_controller: true },
    country: "US",
    created: call.now,
    default_currency: "usd",
    details_submitted: false,
    email: null,
    external_accounts: { object: "list", data: [], has_more: false, url: externalAccountsUrl(id), total_count: 0 } as unknown as Account["external_accounts"],
    metadata: {},
    payouts_enabled: false,
    requirements: {
      alternatives: [],
      current_deadline: null,
      currently_due: [],
      disabled_reason: null,
      errors: [],
      eventually_due: [],
      past_due: [],
      pending_verification: [],
    },
    settings: { payouts: { debit_negative_balances: true, schedule: fields.schedule, statement_descriptor: null } } as Stripe.Account.Settings,
    tos_acceptance: { date: null, ip: null, user_agent: null },
    type: fields.type,
  };
}

/** Transfers need the destination to hold an active `transfers` capability and be paid out to. */
export const canReceiveTransfers = (account: Account) =>
  account.payouts_enabled && (account.capabilities as Record<string, string> | undefined)?.transfers === "active";
