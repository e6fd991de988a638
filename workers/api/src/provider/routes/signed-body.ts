/** A signed call's JSON body, checked against its valibot schema once its signature holds; 400 naming the first problem. */
import * as v from "valibot";
import { badRequest } from "../../platform/errors";

export function parseSignedBody<T extends v.GenericSchema>(schema: T, rawBody: string): v.InferOutput<T> {
  let body: unknown;
  try {
    body = JSON.parse(rawBody);
  } catch {
    throw badRequest("The body is not valid JSON");
  }
  const parsed = v.safeParse(schema, body);
  if (!parsed.success) {
    const issue = parsed.issues[0];
    throw badRequest(`${v.getDotPath(issue) ?? "body"}: ${issue.message}`);
  }
  return parsed.output;
}
