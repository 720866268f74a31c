import { Writable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLogger } from "../../lib/logger.js";
import { KAMPALA, startStack, type Stack } from "../support/stack.js";

/** What an operator scrapes: per-operation and per-subgraph-fetch series, rate-limit rejections, the pool. */

const logLines: string[] = [];
let stack: Stack;

beforeAll(async () => {
  const sink = new Writable({
    write(chunk, _encoding, done) {
      logLines.push(...String(chunk).split("\n").filter(Boolean));
      done();
    },
  });
  stack = await startStack({ env: { RATE_LIMIT_DEFAULT_PER_MIN: "2", LOG_LEVEL: "info" }, logger: createLogger("info", sink) });
});
afterAll(() => stack?.stop());

async function scrape(): Promise<string> {
  const res = await fetch(`${stack.url}/metrics`);
  expect(res.status).toBe(200);
  return res.text();
}

/** The value of one series (exact labels, in the order prom-client prints them), or undefined. */
function sample(text: string, series: string): number | undefined {
  const line = text.split("\n").find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

/** Top-level keys of one JSON object text, duplicates kept (JSON.parse would keep only the last). */
function topLevelKeys(json: string): string[] {
  const keys: string[] = [];
  let depth = 0;
  for (let i = 0; i < json.length; i++) {
    const ch = json[i];
    if (ch === '"') {
      let end = i + 1;
      while (json[end] !== '"') end += json[end] === "\\" ? 2 : 1;
      let next = end + 1;
      while (json[next] === " ") next++;
      if (depth === 1 && json[next] === ":") keys.push(JSON.parse(json.slice(i, end + 1)));
      i = end;
    } else if (ch === "{" || ch === "[") depth++;
    else if (ch === "}" || ch === "]") depth--;
  }
  return keys;
}

describe("GET /metrics after traffic", () => {
  it("has the operation's latency and the fetch of every subgraph it crossed", async () => {
    const physician = await stack.token("physician");
    const res = await stack.rest("POST", "/graphql", {
      token: physician,
      body: {
        operationName: "PatientOverview",
        query: `query PatientOverview { patient(uhid: "UG-2024-000001") { givenName prescriptions { status } notificationPreferences { channels } } }`,
      },
    });
    expect(res.body.errors).toBeUndefined();
    await stack.rest("POST", "/graphql", { token: physician, body: { query: `{ patients(pageSize: 1) { count } }` } });
    const text = await scrape();
    expect(sample(text, `graphql_operation_duration_seconds_count{operation="PatientOverview",type="query"}`)).toBe(1);
    expect(sample(text, `graphql_operation_duration_seconds_count{operation="anonymous",type="query"}`)).toBeGreaterThanOrEqual(1);
    for (const subgraph of ["clinical", "pharmacy", "notifications"]) {
      expect(sample(text, `graphql_subgraph_fetch_duration_seconds_count{subgraph="${subgraph}"}`), subgraph).toBeGreaterThanOrEqual(1);
    }
  });

  it("labels a REST call by its stored operation, and counts errors by code and subgraph", async () => {
    const nurse = await stack.token("nurse");
    const res = await stack.rest("POST", "/graphql", {
      token: nurse,
      body: { operationName: "NurseAsksForPrescriptions", query: `query NurseAsksForPrescriptions { patient(uhid: "UG-2024-000001") { prescriptions { id } } }` },
    });
    expect(res.body.errors[0].extensions.code).toBe("FORBIDDEN");
    const admin = await stack.token("admin");
    expect((await stack.rest("GET", "/api/v1/uhid/?page=1&page_size=1", { token: admin })).status).toBe(200);
    const text = await scrape();
    expect(sample(text, `graphql_operation_errors_total{operation="NurseAsksForPrescriptions",code="FORBIDDEN"}`)).toBe(1);
    expect(sample(text, `graphql_subgraph_fetch_errors_total{subgraph="pharmacy",kind="graphql"}`)).toBeGreaterThanOrEqual(1);
    // The bridge runs stored operations: their names are always labels.
    expect(text).toMatch(/graphql_operation_duration_seconds_count\{operation="[A-Za-z]+",type="query"\} [1-9]/);
    expect(text).not.toMatch(/graphql_operation_duration_seconds_count\{operation="",/);
  });

  it("counts a rate-limit rejection by category", async () => {
    const cashier = await stack.token("cashier", { pharmacy: KAMPALA, sub: "metrics-cashier" });
    const before = sample(await scrape(), `rate_limit_rejections_total{category="pharmacy"}`) ?? 0;
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) statuses.push((await stack.rest("GET", "/api/v1/pharmacy/sales/products/?search=paracetamol", { token: cashier })).status);
    expect(statuses).toEqual([200, 200, 429]);
    expect(sample(await scrape(), `rate_limit_rejections_total{category="pharmacy"}`)).toBe(before + 1);
  });

  it("reports the database pool on PostgreSQL (PGlite has none)", async () => {
    const text = await scrape();
    if (process.env.TEST_DB === "postgres") {
      expect(sample(text, "db_pool_max_connections")).toBeGreaterThan(0);
      expect(sample(text, "db_pool_connections_in_use")).toBeGreaterThanOrEqual(0);
      expect(sample(text, `db_query_duration_seconds_count{kind="query"}`)).toBeGreaterThan(0);
    } else {
      expect(sample(text, "db_pool_max_connections")).toBe(0);
    }
    expect(sample(text, "notifications_queue_depth")).toBeGreaterThanOrEqual(0);
    expect(sample(text, "notifications_queue_oldest_due_age_seconds")).toBeGreaterThanOrEqual(0);
  });
});

describe("log lines", () => {
  it("name each key once, on every line written so far (requests, gateway, subgraphs, errors)", () => {
    expect(logLines.some((l) => l.includes('"msg":"request"'))).toBe(true);
    for (const line of logLines) {
      const keys = topLevelKeys(line);
      expect(keys.filter((k, i) => keys.indexOf(k) !== i), line).toEqual([]);
    }
  });
});
