/**
 * /api/admin/audit: the audit log, newest first (`GET /?facility=&action=&from=&to=&before=`), the same
 * selection as a CSV download for a facility's review committee (`GET /export.csv`, oldest first), and
 * its hash chain checked from the first record (`GET /verify` → {ok, rows, firstBrokenId, headHash,
 * unsealed}: compliance/audit-chain.ts). Dates are UTC days, both included (compliance/audit-log.ts).
 */
import { Hono, type Context } from "hono";
import * as v from "valibot";
import { firstIssue } from "@jplay/schema/distribution";
import { AuditQuerySchema, type AuditChainResponse, type AuditLogResponse, type AuditQuery } from "@jplay/schema/compliance";
import type { AppEnv } from "../../platform/env";
import { badRequest } from "../../platform/errors";
import { auditLogCsv, readAuditLog, verifyAuditChain } from "../../compliance/index";

function auditQuery(c: Context<AppEnv>): AuditQuery {
  const parsed = v.safeParse(AuditQuerySchema, c.req.query());
  if (!parsed.success) throw badRequest(firstIssue(parsed.issues));
  return parsed.output;
}

export const adminAuditRoutes = new Hono<AppEnv>()
  .get("/", async (c) => c.json<AuditLogResponse>(await readAuditLog(c.var.ctx, auditQuery(c))))
  .get("/verify", async (c) => c.json<AuditChainResponse>(await verifyAuditChain(c.var.ctx), 200, { "Cache-Control": "no-store" }))
  .get("/export.csv", async (c) => {
    const query = auditQuery(c);
    const name = ["jplay-audit", query.facility, query.from, query.to].filter((part) => part !== undefined).join("-");
    return c.body(await auditLogCsv(c.var.ctx, query), 200, {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${name.replace(/[^\w.-]/g, "_")}.csv"`,
      "Cache-Control": "no-store",
    });
  });
