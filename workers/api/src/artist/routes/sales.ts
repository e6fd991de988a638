/**
 * The artist's same-day sales (docs/decisions/101-sales-reports.md):
 * `GET /api/artist/{token}/sales?period=day|week|month&from&to&songId` answers the series and the
 * breakdowns by vendor, state, facility and song (reports/load-sales-report.ts, small cells folded
 * into their state), with the next payout those sales feed. The page token is the credential, as on
 * the rest of the page; a song that is not the artist's is a 404, like any other artist's id.
 */
import { Hono } from "hono";
import type { ArtistSalesResponse } from "@jplay/schema/sales-report";
import type { AppEnv } from "../../platform/env";
import { notFound } from "../../platform/errors";
import { PAGE_LINK_NOT_FOUND, privateHeaders } from "../../platform/page-links";
import { artistAvailableBalances, payoutMinimumCents } from "../../ledger/index";
import { loadSalesReport, readSalesQuery } from "../../reports/index";
import { ownSong } from "../../splits/index";
import { artistById } from "../../access/index";
import { nextPayoutOn } from "../artist-page";
import { openLink } from "./page";

export const artistSalesRoutes = new Hono<AppEnv>().get("/:token/sales", async (c) => {
  privateHeaders(c);
  const ctx = c.var.ctx;
  const { artistId } = await openLink(c);
  const query = readSalesQuery(c);
  if (query.songId !== undefined) await ownSong(ctx, artistId, query.songId);
  const artist = await artistById(ctx.db, artistId);
  if (!artist) throw notFound(PAGE_LINK_NOT_FOUND);
  const [report, balances] = await Promise.all([loadSalesReport(ctx, { artistId, ...query }), artistAvailableBalances(ctx, [artistId])]);
  return c.json<ArtistSalesResponse>({
    ...report,
    nextPayout: {
      on: nextPayoutOn(artist.paymentFrequency, ctx.now()),
      availableCents: balances.get(artistId) ?? 0,
      minimumCents: payoutMinimumCents(ctx.env),
    },
  });
});
