/**
 * POST /api/provider/purchases: the tablet provider reports the downloads listeners bought. The raw
 * body is size-limited while it is read (platform/middleware/body-limit.ts, MAX_PURCHASE_REPORT_BYTES) and its
 * signature verified (and used up: a replay is refused) before it is parsed; then every field is checked
 * (valibot, schema/src/purchases.ts) and the report is recorded purchase by purchase, each
 * purchaseId once (provider/record-purchases.ts). Malformed reports are refused whole (4xx, nothing
 * stored); well-formed ones are answered 200 with one outcome per purchase, and the receipt of each
 * purchase that names its listener.
 */
import { Hono } from "hono";
import * as v from "valibot";
import { PurchaseReportSchema } from "@jplay/schema/purchases";
import type { AppEnv } from "../../platform/env";
import { badRequest } from "../../platform/errors";
import { authenticateProvider, PRIMARY_PROVIDER } from "../enrolled-providers";
import { recordPurchaseReport } from "../record-purchases";
import { receiptKeys } from "../receipts/receipt-keys";

export const providerPurchaseRoutes = new Hono<AppEnv>().post("/", async (c) => {
  const rawBody = await c.req.text();
  // The primary provider's, whatever the call names; signed (v2) and accepted once (enrolled-providers.ts).
  await authenticateProvider(c, rawBody, "Purchase reports are not accepted", { primaryOnly: true });

  let body: unknown;
  try {
    body = JSON.parse(rawBody);
  } catch {
    throw badRequest("The body is not valid JSON");
  }
  const report = v.safeParse(PurchaseReportSchema, body);
  if (!report.success) {
    const issue = report.issues[0];
    throw badRequest(`${v.getDotPath(issue) ?? "body"}: ${issue.message}`);
  }
  // Receipts need the signing key: without it a report naming listeners is refused before anything is recorded (503), and the provider retries.
  const keys = report.output.purchases.some((purchase) => purchase.listenerId !== undefined) ? await receiptKeys(c.env) : null;
  return c.json(await recordPurchaseReport(c.var.ctx, report.output, { keys, reporter: PRIMARY_PROVIDER }), 200);
});
