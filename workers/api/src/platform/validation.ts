/**
 * Request-body validation with the shared valibot rules (schema/src): a failed rule answers 400 with
 * the rule's own message, the same text the form shows.
 */
import { vValidator } from "@hono/valibot-validator";
import type { GenericSchema } from "valibot";
import { firstIssue } from "@jplay/schema/distribution";
import { badRequest } from "./errors";

export const jsonBody = <T extends GenericSchema>(schema: T) =>
  vValidator("json", schema, (result) => {
    if (!result.success) throw badRequest(firstIssue(result.issues));
  });
