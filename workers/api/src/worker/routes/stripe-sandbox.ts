/**
 * /api/stripe-sandbox/*: in development and tests only, the browser's way to the Stripe sandbox
 * Worker (its card form, 3-D Secure and hosted onboarding pages), as Stripe.js reaches
 * api.stripe.com. Requests pass unchanged through the local-only STRIPE_SANDBOX binding; the sandbox
 * itself refuses a secret key from a browser. Without the binding (production) this is a 404.
 */
import { Hono } from "hono";
import type { AppEnv } from "../../platform/env";
import { AppError } from "../../platform/errors";
import { STRIPE_SANDBOX_PREFIX, usesSandbox } from "../../platform/stripe-client";

export const stripeSandboxPassThrough = new Hono<AppEnv>().all("/*", async (c) => {
  const sandbox = usesSandbox(c.env) ? c.env.STRIPE_SANDBOX : undefined;
  if (!sandbox) throw new AppError(404, "not_found", `No API route for ${c.req.method} ${c.req.path}`);
  const url = new URL(c.req.url);
  const path = url.pathname.slice(STRIPE_SANDBOX_PREFIX.length) || "/";
  const answer = await sandbox.fetch(new Request(`https://stripe-sandbox.local${path}${url.search}`, c.req.raw));
  // A fetched response's headers are immutable; the security headers are added to a copy.
  return new Response(answer.body, answer);
});
