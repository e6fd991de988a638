/**
 * The artist module's public surface: what other modules and the Worker's entry points may import.
 */
export { artistRoutes } from "./routes/index";
export { meRoutes } from "./routes/me";
export { artistLinkPage } from "./routes/link-page";
