/**
 * The admin module's public surface: what other modules and the Worker's entry points may import.
 */
export { adminRoutes } from "./routes/index";
