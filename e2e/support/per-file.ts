/**
 * Hooks every browser-test file needs, registered once per file: the project's files share their
 * imported modules (e2e/vitest.config.ts, isolate false), so a hook written at the top of a shared
 * module would be registered for the first file only.
 */
import { afterAll, afterEach } from "vitest";
import { closeBrowser, closeTestPages } from "./browser";

afterEach(closeTestPages);
afterAll(closeBrowser);
