import { spawn, type ChildProcess } from "node:child_process";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startStack, TEST_SECRET, type Stack } from "../support/stack.js";
import { registerTestPatient, startFakeHttpProviders, waitFor, type FakeHttpProviders } from "./notifications-fake-providers.js";

/**
 * Killing a worker process mid-batch must lose nothing: its claimed messages stay PROCESSING until
 * their lease expires, then other workers send them again with the same idempotency key.
 * Worker processes need a database shared between processes: PostgreSQL only (embedded PGlite is
 * single-process), so this file runs with TEST_DB=postgres and is skipped on PGlite.
 */
const onPostgres = process.env.TEST_DB === "postgres";
const ROOT = fileURLToPath(new URL("../../", import.meta.url));
const MESSAGES = 30;
const LEASE_MS = 3000;

let stack: Stack;
let http: FakeHttpProviders;
const workers: ChildProcess[] = [];

/** `tsx main.ts --only=worker` as its own process (node --import tsx: one pid to kill, no npx wrapper). */
function spawnWorker(): ChildProcess {
  const child = spawn(process.execPath, ["--import", "tsx", "main.ts", "--only=worker"], {
    cwd: ROOT,
    stdio: ["ignore", "ignore", "pipe"],
    env: {
      PATH: process.env.PATH,
      NODE_ENV: "test",
      PORT: "0",
      HOST: "127.0.0.1",
      LOG_LEVEL: "warn",
      JWT_SECRET: TEST_SECRET,
      DATABASE_URL: stack.config.DATABASE_URL,
      SEED_DEMO: "false",
      NOTIFICATIONS_WORKER_POLL_MS: "50",
      NOTIFICATIONS_WORKER_LEASE_MS: String(LEASE_MS),
      AFRICASTALKING_URL: http.url,
      AFRICASTALKING_USERNAME: "healthcare",
      AFRICASTALKING_API_KEY: "at-test-key",
    },
  });
  child.stderr?.on("data", (d: Buffer) => process.env.TEST_LOG_LEVEL && process.stderr.write(d));
  workers.push(child);
  return child;
}

const exited = (child: ChildProcess) => new Promise<void>((resolve) => (child.exitCode !== null || child.signalCode !== null ? resolve() : child.once("exit", () => resolve())));

beforeAll(async () => {
  if (!onPostgres) return;
  http = await startFakeHttpProviders();
  // Every role but the worker: delivery happens only in the processes this test spawns.
  stack = await startStack({ roles: ["gateway", "clinical", "pharmacy", "notifications", "billing", "bridge"] });
});
afterAll(async () => {
  for (const w of workers) if (w.exitCode === null && w.signalCode === null) w.kill("SIGKILL");
  await Promise.all(workers.map(exited));
  await stack?.stop();
  await http?.close();
});

describe.skipIf(!onPostgres)("a worker process killed mid-batch (PostgreSQL only: PGlite cannot be shared between processes)", () => {
  it("loses nothing: every message is sent, re-sent at most once and always with the same idempotency key", { timeout: 90_000 }, async () => {
    const nurse = await stack.token("nurse");
    const ids: string[] = [];
    for (let i = 0; i < MESSAGES; i++) {
      const uhid = `UG-CRASH-${String(i).padStart(3, "0")}`;
      await registerTestPatient(stack, nurse, uhid);
      await stack.rest("PUT", `/api/v1/notifications/preferences/${uhid}/`, { token: nurse, body: { phone: `+2567001${String(i).padStart(5, "0")}` } });
      const res = await stack.rest("POST", "/api/v1/triggers/lab-result/", { token: nurse, body: { patient_uhid: uhid, observation_id: `OBS-${i}`, test_name: "CD4 count", ordered_by: "Dr. Okello", facility_name: "Mulago" } });
      expect(res.body.status).toBe("PENDING");
      ids.push(res.body.notification_id);
    }

    // The first worker claims a batch; the provider holds every request, and we kill it mid-send.
    http.defaultBehaviour = { delayMs: 2000 };
    const doomed = spawnWorker();
    await waitFor(() => http.requests.length >= 5, 45_000, "the first worker to start sending");
    doomed.kill("SIGKILL");
    await exited(doomed);
    const inFlightAtCrash = new Set(http.requests.map((r) => r.idempotencyKey));
    const admin = await stack.token("admin");
    const processing = await stack.rest("GET", "/api/v1/notifications/?status=PROCESSING&page_size=100", { token: admin });
    expect(processing.body.count).toBeGreaterThan(0);

    // Two fresh workers share the rest (SKIP LOCKED) and take over the dead worker's messages once its lease expires.
    http.defaultBehaviour = "accept";
    spawnWorker();
    spawnWorker();
    await waitFor(
      async () => (await stack.rest("GET", "/api/v1/notifications/?status=SENT&page_size=100", { token: admin })).body.count === MESSAGES,
      60_000,
      "all messages SENT",
    );

    const keys = ids.map((id) => `${id}:SMS`);
    const requestsPerKey = new Map<string, number>();
    for (const r of http.requests) requestsPerKey.set(r.idempotencyKey, (requestsPerKey.get(r.idempotencyKey) ?? 0) + 1);
    expect([...requestsPerKey.keys()].sort()).toEqual([...keys].sort());
    for (const [key, n] of requestsPerKey) {
      // Only a message the dead worker had in flight may reach the provider twice.
      expect(n).toBeLessThanOrEqual(inFlightAtCrash.has(key) ? 2 : 1);
    }
    // The crash really interrupted sends: those messages went out again after the lease expired.
    expect([...requestsPerKey.values()].filter((n) => n === 2).length).toBeGreaterThan(0);
    for (const status of ["PENDING", "PROCESSING", "FAILED"]) {
      const left = await stack.rest("GET", `/api/v1/notifications/?status=${status}`, { token: admin });
      expect(left.status, JSON.stringify(left.body)).toBe(200);
      expect(left.body.count).toBe(0);
    }
    const requeued = await stack.rest("GET", `/api/v1/notifications/${processing.body.results[0].id}/`, { token: admin });
    expect(requeued.body.events.some((e: { detail: string }) => /lease expired/.test(e.detail))).toBe(true);
  });
});
