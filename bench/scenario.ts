import type { Options } from "autocannon";
import type { Stack } from "../test/support/stack.js";

/**
 * One benchmark scenario: given a running stack (demo data loaded), it returns the autocannon
 * requests to fire. Use `requests` with `setupRequest`/`onResponse` for sequences such as
 * create-then-complete. Register it in bench/scenarios/index.ts.
 */
export interface BenchScenario {
  name: string;
  /** What the scenario exercises and, where the spec sets one, its latency target. */
  description: string;
  /** Spec target for p95, in milliseconds, printed beside the result. */
  targetP95Ms?: number;
  /** Each successful request carries this many units of work (e.g. 1,000 readings): reported as units per second too. */
  perRequest?: { count: number; unit: string };
  prepare(stack: Stack): Promise<Pick<Options, "requests"> & { headers?: Record<string, string> }>;
}
