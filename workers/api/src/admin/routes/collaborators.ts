/**
 * /api/admin/collaborators/{collaboratorId}: one collaborator's balances (held, available, paid) and
 * the payouts of their phone, for the operator looking at a song's splits (docs/splits.md, Admin).
 * Behind the admin API's authentication (admin/routes/index.ts); an unknown id answers 404.
 */
import { Hono } from "hono";
import type { AdminCollaboratorDetails } from "@jplay/schema/splits";
import type { AppEnv } from "../../platform/env";
import { collaboratorDetails } from "../../splits/index";

export const adminCollaboratorRoutes = new Hono<AppEnv>().get("/:collaboratorId", async (c) =>
  c.json<AdminCollaboratorDetails>(await collaboratorDetails(c.var.ctx, c.req.param("collaboratorId"))),
);
