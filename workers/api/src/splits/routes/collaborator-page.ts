/**
 * A collaborator's own page (docs/splits.md, Accepting), kept as the artist's page link is
 * (docs/security.md): `GET /collaborator/{token}`, the texted link, trades its token for the HttpOnly
 * `__Host-jplay_collaborator_link` cookie, only on a navigation the person made, and sends the
 * browser on to `/collaborator`, so the token leaves the address bar, the history and any Referer.
 * The page then calls `GET /api/collaborator/link` (its shares) and `POST /api/collaborator/link/accept`,
 * the token segment `link` naming the cookie's token. An unknown, malformed, revoked or expired token
 * answers 404 and writes nothing; a token only ever opens its own phone's shares. Until the phone is
 * confirmed (`POST …/phone/code`, then `…/phone/confirm {code}`: collaborator-phone.ts) the page
 * answers the masked number and no share, and the accept is refused. `POST …/connect` then opens the
 * phone's Stripe Connect onboarding (collaborator-onboarding.ts, docs/splits.md, Onboarding);
 * `GET …/statements` lists the months with a statement and `…/statements/{YYYY-MM}.csv` downloads one
 * (collaborator-statement.ts), once the phone is confirmed.
 */
import { type Context, Hono } from "hono";
import { getCookie, setCookie } from "hono/cookie";
import { ARTIST_LINK_FROM_COOKIE, ARTIST_LINK_NOT_KEPT, type StartPayoutsSetupResponse } from "@jplay/schema/artist";
import { STATEMENT_MONTH_PATTERN, type StatementMonthsResponse } from "@jplay/schema/me";
import { ConfirmPhoneSchema, type PhoneCodeSentResponse } from "@jplay/schema/phone-confirmation";
import type { AcceptSharesResponse, CollaboratorPageResponse, CollaboratorPhoneResponse } from "@jplay/schema/splits";
import { artistLinkTtlMs, openedByThePerson } from "../../access/index";
import type { AppEnv } from "../../platform/env";
import { badRequest, notFound } from "../../platform/errors";
import { HOUR_MS } from "../../platform/limits";
import { PAGE_LINK_NOT_FOUND, privateHeaders } from "../../platform/page-links";
import { enforceRateLimit } from "../../platform/rate-limit";
import { TOKEN_PATTERN } from "../../platform/secret-token";
import { requestLanguage } from "../../platform/request-language";
import { jsonBody } from "../../platform/validation";
import { collaboratorPayoutHistory, monthHasBegun, statementCsv, statementFileName } from "../../ledger/index";
import { phoneCodeAsks, phoneCodeTries } from "../../texts/index";
import { collaboratorConnect, startCollaboratorPayouts } from "../collaborator-onboarding";
import { collaboratorPhone, confirmCollaboratorCode, requireConfirmedPhone, sendCollaboratorCode } from "../collaborator-phone";
import { openCollaboratorLink } from "../collaborator-links";
import { acceptShares, collaboratorShares } from "../collaborator-shares";
import { collaboratorStatementMonths, loadCollaboratorStatement } from "../collaborator-statement";

/** Sent as `__Host-jplay_collaborator_link` (Hono's `prefix: "host"`). */
const COOKIE = "jplay_collaborator_link";
/** Where an opened link lands: the page without its token in the address. */
const PAGE_PATH = "/collaborator";
const ACCEPTS_PER_PHONE_PER_HOUR = 20;
const ONBOARDING_LINKS_PER_PHONE_PER_HOUR = 20;
/** A month's statement: `2026-11.csv`. */
const STATEMENT_FILE = /^(.+)\.csv$/;

const keep = (c: Context<AppEnv>, token: string) =>
  setCookie(c, COOKIE, token, { prefix: "host", secure: true, httpOnly: true, sameSite: "Lax", path: "/", maxAge: Math.floor(artistLinkTtlMs(c.env) / 1000) });

/** The token this request names: in its path, or (`/api/collaborator/link/…`) the one this browser keeps. */
const requestToken = (c: Context<AppEnv>) => {
  const named = c.req.param("token") ?? "";
  return named === ARTIST_LINK_FROM_COOKIE ? (getCookie(c, COOKIE, "host") ?? "") : named;
};

async function openLink(c: Context<AppEnv>) {
  const link = await openCollaboratorLink(c.var.ctx, requestToken(c), artistLinkTtlMs(c.env));
  if (!link) throw notFound(PAGE_LINK_NOT_FOUND);
  return link;
}

/** `GET /collaborator/{token}`: keeps the link (a navigation the person made, a well-formed token) and sends the browser to the page. */
export function collaboratorLinkPage(c: Context<AppEnv>) {
  privateHeaders(c);
  const token = c.req.param("token") ?? "";
  const kept = openedByThePerson(c.req.raw.headers, new URL(c.req.url).origin) && TOKEN_PATTERN.test(token);
  if (kept) keep(c, token);
  return c.redirect(kept ? PAGE_PATH : `${PAGE_PATH}?${ARTIST_LINK_NOT_KEPT.param}=${ARTIST_LINK_NOT_KEPT.value}`, 303);
}

/** `/api/collaborator/{token}`: the page's shares and the accept. */
export const collaboratorRoutes = new Hono<AppEnv>()
  .get("/:token", async (c) => {
    privateHeaders(c);
    const link = await openLink(c);
    if (c.req.param("token") === ARTIST_LINK_FROM_COOKIE) keep(c, requestToken(c));
    const phone = await collaboratorPhone(c.var.ctx, link.phone);
    const page = phone.confirmed
      ? {
          ...(await collaboratorShares(c.var.ctx, link.phone)),
          connect: await collaboratorConnect(c.var.ctx, link.phone),
          payouts: await collaboratorPayoutHistory(c.var.ctx, link.phone),
        }
      : { accepted: false, availableCents: 0, shares: [], connect: null, payouts: [] };
    return c.json<CollaboratorPageResponse>({ phone, ...page, link: { expiresAt: new Date(link.expiresAt).toISOString() } });
  })
  .post("/:token/phone/code", async (c) => {
    privateHeaders(c);
    const { phone } = await openLink(c);
    await enforceRateLimit(c.var.ctx, phoneCodeAsks(`collaborator:${phone}`));
    return c.json<PhoneCodeSentResponse>(await sendCollaboratorCode(c.var.ctx, phone));
  })
  .post("/:token/phone/confirm", jsonBody(ConfirmPhoneSchema), async (c) => {
    privateHeaders(c);
    const { phone } = await openLink(c);
    await enforceRateLimit(c.var.ctx, phoneCodeTries(`collaborator:${phone}`));
    return c.json<CollaboratorPhoneResponse>({ phone: await confirmCollaboratorCode(c.var.ctx, phone, c.req.valid("json").code) });
  })
  .post("/:token/connect", async (c) => {
    privateHeaders(c);
    const { phone } = await openLink(c);
    await enforceRateLimit(c.var.ctx, {
      key: `connect-onboarding:collaborator:${phone}`,
      limit: ONBOARDING_LINKS_PER_PHONE_PER_HOUR,
      windowMs: HOUR_MS,
      message: /*i18n*/ "Too many payout setup attempts. Please wait an hour and try again.",
    });
    // Stripe sends the person back to /collaborator: the token never reaches Stripe nor the address they return to.
    const page = new URL(PAGE_PATH, c.req.url).toString();
    return c.json<StartPayoutsSetupResponse>(await startCollaboratorPayouts(c.var.ctx, phone, { returnUrl: page, refreshUrl: `${page}?payouts=refresh` }));
  })
  .get("/:token/statements", async (c) => {
    privateHeaders(c);
    const { phone } = await openLink(c);
    await requireConfirmedPhone(c.var.ctx, phone);
    return c.json<StatementMonthsResponse>({ months: await collaboratorStatementMonths(c.var.ctx, phone) });
  })
  .get("/:token/statements/:file", async (c) => {
    privateHeaders(c);
    const { phone } = await openLink(c);
    await requireConfirmedPhone(c.var.ctx, phone);
    const month = STATEMENT_FILE.exec(c.req.param("file"))?.[1] ?? "";
    if (!STATEMENT_MONTH_PATTERN.test(month)) throw badRequest(/*i18n*/ "Ask for a month's statement as YYYY-MM.csv, for example 2026-11.csv.");
    if (!monthHasBegun(month, c.var.ctx.now())) throw badRequest(/*i18n*/ "There is no statement for {month} yet: that month has not begun.", { month });
    const csv = statementCsv(await loadCollaboratorStatement(c.var.ctx, phone, month), requestLanguage(c));
    return c.body(csv, 200, {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${statementFileName(month)}"`,
    });
  })
  .post("/:token/accept", async (c) => {
    privateHeaders(c);
    const { phone } = await openLink(c);
    await requireConfirmedPhone(c.var.ctx, phone);
    await enforceRateLimit(c.var.ctx, {
      key: `collaborator-accept:${phone}`,
      limit: ACCEPTS_PER_PHONE_PER_HOUR,
      windowMs: HOUR_MS,
      message: /*i18n*/ "Too many tries to accept. Please wait an hour and try again.",
    });
    return c.json<AcceptSharesResponse>({ accepted: true, movedCents: await acceptShares(c.var.ctx, phone) });
  });
