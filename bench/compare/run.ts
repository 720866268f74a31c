/**
 * `npm run bench -- --compare`: our gateway and bridge side by side with what they are measured
 * against, in one run, rounds interleaved (every side once per round) so drift hits all sides alike.
 *
 * Processes (bench/compare/roles.ts), so CPU is attributed by `process.cpuUsage()` of each:
 *   this one     autocannon only
 *   subgraphs    the four subgraphs as separate servers on loopback, one database
 *   front        (a) our gateway role and (b) Hive Gateway on the committed supergraph, both → subgraphs
 *   monolith     the whole service in one process, on PostgreSQL and on PGlite: (d) REST vs GraphQL, (e)
 * (c) is the clinical subgraph called directly with the caller's JWT.
 *
 * The machine's speed drifts by more than the differences measured (the same side's CPU per request
 * moved 1.5× within minutes on the two-core machine). So the two sides of every goal run next to each
 * other in each round, the order is reversed every other round (neither side always goes first), and
 * each goal is also reported as the median of its per-round ratios, with their range.
 */
import autocannon from "autocannon";
import { Pool } from "undici";
import { fork, type ChildProcess } from "node:child_process";
import { mintToken } from "../../lib/auth.js";
import { loadOperations } from "../../rest-bridge/operations.js";
import { TEST_SECRET } from "../../test/support/stack.js";
import type { CompareRole, RoleMessage } from "./roles.js";

export interface CompareOptions {
  /** Seconds per side per round. */
  duration: number;
  connections: number;
  rounds: number;
  /** Seconds per side before the first round, not counted (JIT, pools, caches). */
  warmup: number;
  /**
   * Requests per second for the latency sides run below saturation; 0: a quarter of what our gateway answered
   * as fast as it could in the warm-up, so the rate stays below saturation on a machine of any speed.
   */
  rate: number;
}

const PATIENT_LIST = JSON.stringify({ query: `{ patients(page: 2) { count page pageSize next previous source results { uhid givenName familyName sex birthDate source } } }` });
// What the bridge sends for GET /api/v1/uhid/?page=2: its stored operation, sent to /graphql as it is, so (d) compares the same operation.
const BRIDGE_PATIENT_LIST = JSON.stringify({ query: loadOperations().get("ListPatients")!.document, operationName: "ListPatients", variables: { page: 2 } });
// The README's cross-subgraph query (clinical → pharmacy → notifications), as in test/e2e/router-hive-gateway.test.ts.
const CROSS_SUBGRAPH = JSON.stringify({
  query: `{ patient(uhid: "UG-2024-000001") { givenName timeline(days: 90) { timeline { diagnoses { code display } } } prescriptions { medicationName status } notificationPreferences { channels } notifications { totalCount } } }`,
});

interface Side {
  key: string;
  label: string;
  origin(): string;
  method: "GET" | "POST";
  path: string;
  body?: string;
  /** Sent at this many requests per second, evenly spaced (firePaced), instead of as fast as answered. */
  rate?: number;
}

interface Tally {
  requests: number;
  seconds: number;
  latencies: number[];
  statuses: Record<string, number>;
  socketErrors: number;
  timeouts: number;
  upstreamUnavailable: number;
  graphqlErrors: number;
  frontCpuUs: number;
  subgraphsCpuUs: number;
  /** The one-process server's CPU (the monolith sides). */
  monolithCpuUs: number;
}

class RoleProcess {
  private child!: ChildProcess;
  private pending: ((m: RoleMessage) => void)[] = [];
  urls: Record<string, string> = {};

  async start(role: CompareRole, arg?: string): Promise<this> {
    this.child = fork(new URL("./roles.ts", import.meta.url).pathname, [role, ...(arg ? [arg] : [])], { execArgv: ["--import", "tsx"], stdio: ["ignore", "inherit", "inherit", "ipc"] });
    this.child.on("message", (m: RoleMessage) => this.pending.shift()?.(m));
    const exited = new Promise<never>((_, reject) => this.child.once("exit", (code) => reject(new Error(`bench ${role} process exited ${code} while starting`))));
    const m = await Promise.race([this.next(), exited]);
    if (!("ready" in m)) throw new Error(`unexpected message from ${role}`);
    this.urls = m.ready;
    return this;
  }

  private next(): Promise<RoleMessage> {
    return new Promise((resolve) => this.pending.push(resolve));
  }

  /** CPU time (user + system) of the process so far, in microseconds. */
  async cpu(): Promise<number> {
    const answer = this.next();
    this.child.send({ cpu: true });
    const m = await answer;
    if (!("cpu" in m)) throw new Error("unexpected message");
    return m.cpu.user + m.cpu.system;
  }

  async stop(): Promise<void> {
    if (this.child.exitCode !== null) return;
    const exited = new Promise((resolve) => this.child.once("exit", resolve));
    this.child.send({ stop: true });
    await Promise.race([exited, new Promise((r) => setTimeout(r, 15_000))]);
    if (this.child.exitCode === null) this.child.kill("SIGKILL");
  }
}

function emptyTally(): Tally {
  return { requests: 0, seconds: 0, latencies: [], statuses: {}, socketErrors: 0, timeouts: 0, upstreamUnavailable: 0, graphqlErrors: 0, frontCpuUs: 0, subgraphsCpuUs: 0, monolithCpuUs: 0 };
}

/** One side's tallies of every round, added up. */
function pooled(tallies: Tally[]): Tally {
  const sum = emptyTally();
  for (const t of tallies) {
    sum.requests += t.requests;
    sum.seconds += t.seconds;
    sum.latencies.push(...t.latencies);
    for (const [code, n] of Object.entries(t.statuses)) sum.statuses[code] = (sum.statuses[code] ?? 0) + n;
    sum.socketErrors += t.socketErrors;
    sum.timeouts += t.timeouts;
    sum.upstreamUnavailable += t.upstreamUnavailable;
    sum.graphqlErrors += t.graphqlErrors;
    sum.frontCpuUs += t.frontCpuUs;
    sum.subgraphsCpuUs += t.subgraphsCpuUs;
    sum.monolithCpuUs += t.monolithCpuUs;
  }
  return sum;
}

function median(values: number[]): number {
  const sorted = values.filter(Number.isFinite).sort((a, b) => a - b);
  if (!sorted.length) return NaN;
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

/** One answer's status and latency in the side's tally, whichever load sent it. */
function countAnswer(tally: Tally, statusCode: number, latencyMs: number): void {
  tally.latencies.push(latencyMs);
  tally.statuses[statusCode] = (tally.statuses[statusCode] ?? 0) + 1;
}

/** An answer's body: a subgraph the gateway could not reach, or other GraphQL errors. */
function countBody(tally: Tally, body: string): void {
  if (body.includes('"UPSTREAM_UNAVAILABLE"')) tally.upstreamUnavailable++;
  else if (body.includes('"errors"')) tally.graphqlErrors++;
}

async function fire(side: Side, tokens: string[], seconds: number, connections: number, tally?: Tally): Promise<void> {
  if (side.rate) return firePaced(side, tokens, seconds, connections, side.rate, tally);
  let i = 0;
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url: side.origin(),
        duration: seconds,
        connections,
        requests: [
          {
            method: side.method,
            path: side.path,
            body: side.body,
            // A credential per request, as callers are many (and the per-credential limits stay out of the picture).
            setupRequest: (req) => ({ ...req, headers: { ...req.headers, "content-type": "application/json", authorization: `Bearer ${tokens[i++ % tokens.length]}` } }),
            onResponse: (_status, body) => tally && countBody(tally, body),
          },
        ],
      },
      (err, res) => (err ? reject(err) : resolve(res)),
    );
    instance.on("response", (_client, statusCode: number, _bytes, responseTime: number) => tally && countAnswer(tally, statusCode, responseTime));
  });
  if (!tally) return;
  tally.requests += result.requests.total;
  tally.seconds += seconds;
  tally.socketErrors += result.errors;
  tally.timeouts += result.timeouts;
}

/**
 * Open-loop load: one request every 1/rate s, whether or not earlier ones were answered, on a keep-alive pool of
 * `connections`. autocannon's `overallRate` is not that: each connection sends its share of a second back to back
 * when the second starts, so at any rate its latencies are those of a closed loop in bursts. Latency is measured
 * from the moment a request is handed to the pool, so a request that waited for a free connection counts its wait
 * (a late timer in this process does not).
 */
async function firePaced(side: Side, tokens: string[], seconds: number, connections: number, rate: number, tally?: Tally): Promise<void> {
  const pool = new Pool(side.origin(), { connections, pipelining: 1 });
  const interval = 1000 / rate;
  const total = Math.round(seconds * rate);
  const started = performance.now();
  const inFlight: Promise<void>[] = [];
  const send = async (n: number): Promise<void> => {
    const sent = performance.now();
    try {
      const res = await pool.request({
        method: side.method,
        path: side.path,
        body: side.body,
        headers: { "content-type": "application/json", authorization: `Bearer ${tokens[n % tokens.length]}` },
      });
      const body = await res.body.text();
      if (!tally) return;
      countAnswer(tally, res.statusCode, performance.now() - sent);
      countBody(tally, body);
      tally.requests++;
    } catch {
      if (tally) tally.socketErrors++;
    }
  };
  for (let n = 0; n < total; n++) {
    const due = started + n * interval;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    inFlight.push(send(n));
  }
  await Promise.all(inFlight);
  await pool.close();
  if (tally) tally.seconds += seconds;
}

/** Runs every side, `rounds` times interleaved, and prints each goal with its two sides and their ratio. */
export async function runComparison(o: CompareOptions): Promise<void> {
  if (!process.env.DATABASE_URL) console.warn("DATABASE_URL is not set: every side runs on PGlite, and (e) has no PostgreSQL side.");
  const started = Date.now();
  const subgraphs = await new RoleProcess().start("subgraphs");
  const [front, monolith] = await Promise.all([new RoleProcess().start("front", JSON.stringify(subgraphs.urls)), new RoleProcess().start("monolith")]);
  const processes = [subgraphs, front, monolith];
  console.log(`started in ${((Date.now() - started) / 1000).toFixed(0)} s: subgraphs, front (gateway + Hive), monolith (${Object.keys(monolith.urls).join(" + ")})`);
  try {
    const physician = await Promise.all(Array.from({ length: 200 }, (_, i) => mintToken(TEST_SECRET, { sub: `bench-physician-${i}`, roles: ["physician"] })));
    const admin = await Promise.all(Array.from({ length: 200 }, (_, i) => mintToken(TEST_SECRET, { sub: `bench-admin-${i}`, roles: ["admin"] })));
    const clinicalOrigin = new URL(subgraphs.urls.clinical).origin;
    const mono = (db: string) => () => monolith.urls[db] ?? monolith.urls.pglite;
    // Each goal's two sides are neighbours: hive|gateway, gateway|direct, plain proxy|direct|gateway at a fixed rate, cross gateway|hive, graphql|rest, rest|pglite.
    const sides: (Side & { tokens: string[] })[] = [
      { key: "list/hive", label: "patient list: Hive Gateway (split)", origin: () => front.urls.hive, method: "POST", path: "/graphql", body: PATIENT_LIST, tokens: physician },
      { key: "list/gateway", label: "patient list: our gateway (split)", origin: () => front.urls.gateway, method: "POST", path: "/graphql", body: PATIENT_LIST, tokens: physician },
      { key: "list/direct", label: "patient list: clinical subgraph direct", origin: () => clinicalOrigin, method: "POST", path: "/graphql", body: PATIENT_LIST, tokens: physician },
      { key: "list/proxy@rate", label: "patient list: plain proxy to the clinical subgraph, paced", origin: () => front.urls.proxy, method: "POST", path: "/graphql", body: PATIENT_LIST, tokens: physician, rate: o.rate },
      { key: "list/direct@rate", label: "patient list: clinical subgraph direct, paced", origin: () => clinicalOrigin, method: "POST", path: "/graphql", body: PATIENT_LIST, tokens: physician, rate: o.rate },
      { key: "list/gateway@rate", label: "patient list: our gateway (split), paced", origin: () => front.urls.gateway, method: "POST", path: "/graphql", body: PATIENT_LIST, tokens: physician, rate: o.rate },
      { key: "cross/gateway", label: "cross-subgraph: our gateway (split)", origin: () => front.urls.gateway, method: "POST", path: "/graphql", body: CROSS_SUBGRAPH, tokens: admin },
      { key: "cross/hive", label: "cross-subgraph: Hive Gateway (split)", origin: () => front.urls.hive, method: "POST", path: "/graphql", body: CROSS_SUBGRAPH, tokens: admin },
      { key: "mono/graphql", label: "patient list: GraphQL, the bridge's operation (one process, PostgreSQL)", origin: mono("postgres"), method: "POST", path: "/graphql", body: BRIDGE_PATIENT_LIST, tokens: physician },
      { key: "mono/rest", label: "patient list: REST via bridge (one process, PostgreSQL)", origin: mono("postgres"), method: "GET", path: "/api/v1/uhid/?page=2", tokens: physician },
      { key: "mono/pglite", label: "patient list: REST via bridge (one process, PGlite)", origin: mono("pglite"), method: "GET", path: "/api/v1/uhid/?page=2", tokens: physician },
    ];
    // rounds[r] holds each side's tally of round r.
    const rounds: Map<string, Tally>[] = [];
    // Warm-up, not counted; the closed-loop sides first, so the paced sides' rate can come from our gateway's.
    const warmup = new Map(sides.map((s) => [s.key, emptyTally()]));
    for (const side of sides.filter((s) => s.rate === undefined)) await fire(side, side.tokens, o.warmup, o.connections, warmup.get(side.key));
    const gatewayWarm = warmup.get("list/gateway")!;
    const rate = o.rate || Math.max(5, Math.round(gatewayWarm.requests / Math.max(gatewayWarm.seconds, 1) / 4));
    for (const side of sides.filter((s) => s.rate !== undefined)) {
      side.rate = rate;
      side.label = side.label.replace("paced", `${rate} req/s evenly spaced`);
      await fire(side, side.tokens, o.warmup, o.connections);
    }
    for (let round = 1; round <= o.rounds; round++) {
      const tallies = new Map<string, Tally>(sides.map((s) => [s.key, emptyTally()]));
      for (const side of round % 2 ? sides : [...sides].reverse()) {
        const tally = tallies.get(side.key)!;
        const [f0, s0, m0] = [await front.cpu(), await subgraphs.cpu(), await monolith.cpu()];
        await fire(side, side.tokens, o.duration, o.connections, tally);
        const [f1, s1, m1] = [await front.cpu(), await subgraphs.cpu(), await monolith.cpu()];
        tally.frontCpuUs += f1 - f0;
        tally.subgraphsCpuUs += s1 - s0;
        tally.monolithCpuUs += m1 - m0;
      }
      rounds.push(tallies);
      console.log(`round ${round}/${o.rounds} done`);
    }
    report(sides, rounds, { ...o, rate }, !!process.env.DATABASE_URL && !!monolith.urls.postgres);
  } finally {
    for (const p of processes.reverse()) await p.stop();
  }
}

function report(sides: Side[], rounds: Map<string, Tally>[], o: CompareOptions, postgres: boolean): void {
  /** A side's figures over every round (round undefined) or in one round. */
  const stat = (key: string, round?: number) => {
    const t = round === undefined ? pooled(rounds.map((r) => r.get(key)!)) : rounds[round].get(key)!;
    const sorted = [...t.latencies].sort((a, b) => a - b);
    return { ...t, rps: t.seconds ? t.requests / t.seconds : NaN, p50: percentile(sorted, 50), p95: percentile(sorted, 95), p99: percentile(sorted, 99) };
  };
  const rows = sides.map((s) => {
    const t = stat(s.key);
    const non2xx = Object.entries(t.statuses).filter(([code]) => !code.startsWith("2")).reduce((n, [, c]) => n + c, 0);
    const uses = s.key.startsWith("mono") ? "" : s.key.endsWith("direct") ? "subgraphs" : "front+subgraphs";
    return {
      side: s.label,
      requests: t.requests,
      "req/s": Math.round(t.rps),
      "p50 ms": t.p50.toFixed(2),
      "p95 ms": t.p95.toFixed(2),
      "p99 ms": t.p99.toFixed(2),
      "non-2xx": non2xx,
      "socket errors": t.socketErrors + t.timeouts,
      "UPSTREAM_UNAVAILABLE": t.upstreamUnavailable,
      "other GraphQL errors": t.graphqlErrors,
      "front CPU µs/req": uses.startsWith("front") && t.requests ? Math.round(t.frontCpuUs / t.requests) : "",
      "subgraphs CPU µs/req": uses && t.requests ? Math.round(t.subgraphsCpuUs / t.requests) : "",
      "one-process CPU µs/req": !uses && t.requests ? Math.round(t.monolithCpuUs / t.requests) : "",
    };
  });
  console.log(`\n${o.connections} connections (the '${o.rate} req/s' sides at that rate in all, the others as fast as answered), ${o.rounds} rounds of ${o.duration} s per side (each goal's sides next to each other, order reversed every other round), split sides on ${postgres ? "PostgreSQL" : "PGlite"}`);
  console.table(rows);

  type Figure = (round?: number) => [string, number, string];
  const goals: { goal: string; a: string; b: string; ratio: number; rounds: number[]; target: string; met: boolean }[] = [];
  const add = (goal: string, a: Figure, b: Figure, target: { atLeast?: number; atMost?: number }) => {
    const ratioOf = (x: number, y: number) => (Number.isFinite(x) && Number.isFinite(y) && y ? x / y : NaN);
    const [[aName, aValue, aText], [bName, bValue, bText]] = [a(), b()];
    const perRound = rounds.map((_, r) => ratioOf(a(r)[1], b(r)[1]));
    const typical = median(perRound);
    // Met by the median of the per-round ratios: each round's two sides ran minutes apart at most, the pooled ratio over all of them.
    const met = target.atLeast !== undefined ? typical >= target.atLeast : target.atMost !== undefined ? typical <= target.atMost : true;
    goals.push({ goal, a: `${aName} ${aText}`, b: `${bName} ${bText}`, ratio: ratioOf(aValue, bValue), rounds: perRound, target: target.atLeast ? `≥ ${target.atLeast}×` : target.atMost ? `≤ ${target.atMost}×` : "(no goal)", met });
  };
  const rps = (k: string): Figure => (round) => {
    const { rps } = stat(k, round);
    return [k, rps, `${Math.round(rps)} req/s`];
  };
  const p50 = (k: string): Figure => (round) => {
    const { p50 } = stat(k, round);
    return [k, p50, `p50 ${p50.toFixed(2)} ms`];
  };
  const cpu = (k: string, part: "frontCpuUs" | "subgraphsCpuUs" | "monolithCpuUs"): Figure => (round) => {
    const t = stat(k, round);
    return [`${k} ${{ frontCpuUs: "front", subgraphsCpuUs: "subgraphs", monolithCpuUs: "CPU" }[part]}`, t.requests ? t[part] / t.requests : NaN, `${Math.round(t[part] / t.requests)} µs/req`];
  };
  add("gateway req/s vs Hive req/s (patient list)", rps("list/gateway"), rps("list/hive"), { atLeast: 1.2 });
  add("gateway req/s vs Hive req/s (cross-subgraph)", rps("cross/gateway"), rps("cross/hive"), { atLeast: 1.2 });
  add("gateway p50 / direct subgraph p50 (patient list)", p50("list/gateway"), p50("list/direct"), { atMost: 1.3 });
  add(`gateway p50 / direct subgraph p50 at ${o.rate} req/s (patient list, below saturation)`, p50("list/gateway@rate"), p50("list/direct@rate"), { atMost: 1.3 });
  add(`plain proxy p50 / direct subgraph p50 at ${o.rate} req/s (the hop alone, no GraphQL work)`, p50("list/proxy@rate"), p50("list/direct@rate"), {});
  add(`gateway p50 / plain proxy p50 at ${o.rate} req/s (the gateway's own work)`, p50("list/gateway@rate"), p50("list/proxy@rate"), {});
  add("gateway CPU / subgraph CPU per request (patient list)", cpu("list/gateway", "frontCpuUs"), cpu("list/gateway", "subgraphsCpuUs"), {});
  add("gateway CPU / subgraph CPU per request (cross-subgraph)", cpu("cross/gateway", "frontCpuUs"), cpu("cross/gateway", "subgraphsCpuUs"), {});
  add("Hive CPU / subgraph CPU per request (cross-subgraph)", cpu("cross/hive", "frontCpuUs"), cpu("cross/hive", "subgraphsCpuUs"), {});
  add("REST p50 / GraphQL p50 (patient list, one process)", p50("mono/rest"), p50("mono/graphql"), { atMost: 1.1 });
  add("REST CPU / GraphQL CPU per request (patient list, one process)", cpu("mono/rest", "monolithCpuUs"), cpu("mono/graphql", "monolithCpuUs"), {});
  if (postgres) add("PGlite req/s / PostgreSQL req/s (REST patient list, one process)", rps("mono/pglite"), rps("mono/rest"), { atLeast: 0.9 });
  console.log("\nGoals (a / b; a and b over all rounds):");
  console.table(
    goals.map((g) => {
      const finite = g.rounds.filter(Number.isFinite);
      return {
        goal: g.goal,
        a: g.a,
        b: g.b,
        "all rounds": `${g.ratio.toFixed(2)}×`,
        "median of rounds": `${median(g.rounds).toFixed(2)}×`,
        "rounds min–max": finite.length ? `${Math.min(...finite).toFixed(2)}–${Math.max(...finite).toFixed(2)}×` : "",
        target: g.target,
        met: g.target.startsWith("(") ? "" : !finite.length ? "no data" : g.met ? "yes" : "NO",
      };
    }),
  );
  console.log(
    [
      "CPU: each role runs in its own process; 'front CPU' is the gateway's (or Hive's) process CPU time over the side's run",
      "divided by its requests, 'subgraphs CPU' the subgraphs' process over the same run (all four subgraphs, i.e. the work",
      "one forwarded request causes). Both include idle background work (small); the load generator runs in neither.",
      "'one-process CPU' is the whole service's process (both of its servers, PostgreSQL's and PGlite's) over the side's run.",
      "Direct subgraph calls send the caller's JWT (SUBGRAPH_AUTH=bearer); our gateway sends its sealed principal.",
      "'median of rounds': each round's ratio of its two sides (run next to each other), the median over rounds; 'met' is judged on it.",
    ].join("\n"),
  );
  const hangUps = rows.reduce((n, r) => n + r["socket errors"] + r.UPSTREAM_UNAVAILABLE, 0);
  console.log(hangUps ? `\n${hangUps} socket errors / UPSTREAM_UNAVAILABLE answers: expected 0` : "\nNo socket errors, no UPSTREAM_UNAVAILABLE.");
}
