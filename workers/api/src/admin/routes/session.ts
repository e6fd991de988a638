/**
 * /api/admin/session: whether this browser is signed in (`GET`), signing in with the local admin
 * password (`POST`, limited per address and overall: access/admin-sign-in-guard.ts) and signing out
 * (`DELETE`, which ends the session on the server). In production Cloudflare Access signs operators in
 * and the password is refused (docs/decisions/011-admin-access.md).
 */
import { Hono, type Context } from "hono";
import * as v from "valibot";
import type { AdminSessionResponse } from "@jplay/schema/admin";
import type { AppEnv } from "../../platform/env";
import { AppError, badRequest, unauthorized } from "../../platform/errors";
import { adminMethod, endAdminSession, isAdminRequest, passwordMatches, startAdminSession, claimSignInTry, releaseSignInTry } from "../../access/index";
import { clientAddress } from "../../platform/rate-limit";
import { jsonBody } from "../../platform/validation";

const SignInSchema = v.object({
  password: v.pipe(v.string("Enter the admin password."), v.nonEmpty("Enter the admin password."), v.maxLength(1024, "Wrong password")),
});

const sessionAnswer = async (c: Context<AppEnv>): Promise<AdminSessionResponse> => ({
  signedIn: await isAdminRequest(c),
  method: adminMethod(c.env),
});

export const adminSessionRoutes = new Hono<AppEnv>()
  .get("/", async (c) => c.json(await sessionAnswer(c)))
  .post("/", jsonBody(SignInSchema), async (c) => {
    const method = adminMethod(c.env);
    if (method === null) throw unauthorized("The admin portal is closed: no operator sign-in is configured.");
    if (method === "access") throw badRequest("This portal signs operators in through Cloudflare Access.");
    // Counted as a wrong password before the comparison; a right one gives its slot back.
    const attempt = await claimSignInTry(c.var.ctx, clientAddress(c.req.raw.headers));
    if (!(await passwordMatches(c.env, c.req.valid("json").password))) throw new AppError(401, "wrong_password", "Wrong password");
    await releaseSignInTry(c.var.ctx, attempt);
    await startAdminSession(c);
    return c.json({ signedIn: true, method } satisfies AdminSessionResponse);
  })
  .delete("/", async (c) => {
    await endAdminSession(c);
    return c.json({ signedIn: false, method: adminMethod(c.env) } satisfies AdminSessionResponse);
  });
