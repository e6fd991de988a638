/**
 * The request's context (platform/context.ts), built once from the env the app was given (index.ts
 * wraps a local server's D1 binding to count its statements first) and set as `c.var.ctx` for the
 * routes, which hand it to services.
 */
import type { MiddlewareHandler } from "hono";
import { contextFor } from "../context";
import type { AppEnv } from "../env";

export const requestContext: MiddlewareHandler<AppEnv> = async (c, next) => {
  c.set("ctx", contextFor(c.env));
  await next();
};
