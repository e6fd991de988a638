/**
 * A collaborator's payout setup (docs/splits.md, Onboarding): the person a phone is gets a Stripe
 * Connect Express account of their own, like an artist's (ledger/connect-accounts.ts), one per phone
 * however many artists named it, once the phone is confirmed. Stripe's hosted onboarding asks for the
 * debit card and the tax details; until Stripe asks for nothing more the payee is not paid and the
 * page lists what is missing, as the artist's does (docs/decisions/063-payout-minimum-and-tax-details.md).
 */
import { eq } from "drizzle-orm";
import { payoutRequirementsOf, type ConnectState } from "@jplay/schema/artist";
import { collaboratorPayees } from "@jplay/schema/tables";
import type { Ctx } from "../platform/context";
import { stripeReady } from "../platform/context";
import { connectStatusOf, refreshOnboardingStatus, startCollaboratorOnboarding, type OnboardingUrls } from "../ledger/index";
import { phoneNotConfirmed } from "./collaborator-phone";

export type CollaboratorPayee = typeof collaboratorPayees.$inferSelect;

/** The phone's payee row, made when its first code was asked for; undefined before. */
export async function payeeOfPhone(ctx: Ctx, phone: string): Promise<CollaboratorPayee | undefined> {
  const [payee] = await ctx.db.select().from(collaboratorPayees).where(eq(collaboratorPayees.phone, phone)).limit(1);
  return payee;
}

/**
 * Where the payee's payout setup stands, asking Stripe while they onboard (at most every 30 s, as
 * for artists), so a return from Stripe's page shows its result before the webhook comes.
 */
export async function collaboratorConnect(ctx: Ctx, phone: string): Promise<ConnectState> {
  let payee = await payeeOfPhone(ctx, phone);
  if (payee?.stripeAccountId) {
    await refreshOnboardingStatus(stripeReady(ctx), payee);
    payee = await payeeOfPhone(ctx, phone);
  }
  const state = payee ?? { stripeAccountId: null, payoutsEnabled: false, payoutRequirements: [] };
  return { status: connectStatusOf(state), missing: payoutRequirementsOf(state.payoutRequirements) };
}

/** Starts (or resumes) the confirmed phone's onboarding: its account created once, a fresh Stripe-hosted link answered. */
export async function startCollaboratorPayouts(ctx: Ctx, phone: string, urls: OnboardingUrls): Promise<{ url: string }> {
  const payee = await payeeOfPhone(ctx, phone);
  if (payee?.confirmedAt == null) throw phoneNotConfirmed();
  return startCollaboratorOnboarding(stripeReady(ctx), payee, urls);
}
