// Bindings only the test runtime has (see vitest.config.ts).
declare namespace Cloudflare {
  interface Env {
    TEST_MIGRATIONS: import("cloudflare:test").D1Migration[];
    /** Size of the ledger's property test; empty: its default. */
    LEDGER_PROPERTY_RUNS: string;
    LEDGER_PROPERTY_OPERATIONS: string;
    /** The attacker's suite: runs per property (empty: each property's own), and a seed to replay a failure. */
    ATTACKER_RUNS: string;
    ATTACKER_SEED: string;
  }
}
