/**
 * Benchmarks: starts the whole service on a loopback port (PGlite, or PostgreSQL when DATABASE_URL is
 * set), then runs each scenario with autocannon and prints p50/p95/p99 latency and requests/second.
 *
 *   npm run bench                                  # every scenario, 10 s each, 10 connections
 *   npm run bench -- --duration 5 --connections 20 --only "REST patient"
 *   npm run bench -- --compare [--rounds 5] [--rate N]  # gateway vs Hive vs direct (also paced below saturation), REST vs GraphQL, PGlite vs PostgreSQL (bench/compare/)
 */
import "reflect-metadata";
import autocannon from "autocannon";
import { parseArgs } from "node:util";
import { SCENARIOS } from "./scenarios/index.js";

const { values } = parseArgs({
  options: {
    duration: { type: "string", default: "10" },
    connections: { type: "string", default: "10" },
    only: { type: "string" },
    compare: { type: "boolean", default: false },
    rounds: { type: "string", default: "5" },
    warmup: { type: "string", default: "3" },
    rate: { type: "string", default: "0" },
  },
});
if (process.env.DATABASE_URL) {
  process.env.TEST_DB = "postgres";
  process.env.TEST_DATABASE_URL = process.env.DATABASE_URL;
}
if (values.compare) {
  const { runComparison } = await import("./compare/run.js");
  await runComparison({ duration: Number(values.duration), connections: Number(values.connections), rounds: Number(values.rounds), warmup: Number(values.warmup), rate: Number(values.rate) });
  process.exit(0);
}
const { startStack } = await import("../test/support/stack.js");

function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

const stack = await startStack({ env: { RATE_LIMIT_DEFAULT_PER_MIN: "1000000" } });
const rows: Record<string, string | number>[] = [];
try {
  for (const scenario of SCENARIOS.filter((s) => !values.only || s.name.includes(values.only))) {
    const prepared = await scenario.prepare(stack);
    const latencies: number[] = [];
    const statuses: Record<string, number> = {};
    const result = await new Promise<autocannon.Result>((resolve, reject) => {
      const instance = autocannon(
        {
          url: stack.url,
          duration: Number(values.duration),
          connections: Number(values.connections),
          headers: prepared.headers,
          requests: prepared.requests,
        },
        (err, res) => (err ? reject(err) : resolve(res)),
      );
      instance.on("response", (_client, statusCode: number, _bytes, responseTime: number) => {
        latencies.push(responseTime);
        statuses[statusCode] = (statuses[statusCode] ?? 0) + 1;
      });
    });
    latencies.sort((a, b) => a - b);
    const p95 = percentile(latencies, 95);
    rows.push({
      scenario: scenario.name,
      requests: latencies.length,
      rps: Math.round(result.requests.average),
      "p50 ms": percentile(latencies, 50).toFixed(1),
      "p95 ms": p95.toFixed(1),
      "p99 ms": percentile(latencies, 99).toFixed(1),
      statuses: Object.entries(statuses).map(([s, n]) => `${s}×${n}`).join(" "),
      "spec p95": scenario.targetP95Ms ? `< ${scenario.targetP95Ms} ms` : "",
      // Successful requests × their units over the run (e.g. readings ingested per second).
      throughput: scenario.perRequest
        ? `${Math.round((Object.entries(statuses).filter(([s]) => s.startsWith("2")).reduce((n, [, c]) => n + c, 0) * scenario.perRequest.count) / Number(values.duration))} ${scenario.perRequest.unit}/s`
        : "",
    });
    console.log(`${scenario.name}: p50 ${rows.at(-1)!["p50 ms"]} ms, p95 ${rows.at(-1)!["p95 ms"]} ms, ${rows.at(-1)!.rps} req/s${rows.at(-1)!.throughput ? `, ${rows.at(-1)!.throughput}` : ""} — ${scenario.description}`);
  }
} finally {
  await stack.stop();
}
console.log(`\n${values.connections} connections, ${values.duration} s per scenario, database: ${process.env.DATABASE_URL ? "PostgreSQL" : "PGlite"}`);
console.table(rows);
