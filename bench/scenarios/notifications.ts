import type { Stack } from "../../test/support/stack.js";
import type { BenchScenario } from "../scenario.js";

const CRITICAL_ALERT = {
  patient_uhid: "UG-2024-000001",
  provider_id: "PRV-0001",
  observation_id: "OBS-BENCH",
  test_name: "Potassium",
  value: "7.2",
  unit: "mmol/L",
  reference_range: "3.5-5.1",
  patient_name: "Bench Patient",
};

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

/**
 * The critical path the spec times ("critical value notification: under 30 seconds"; we aim under
 * 1 s): from the critical-alert trigger's request to both notifications SENT by the worker. Measured
 * one alert at a time (client clock: request start → SENT observed by polling; server clock:
 * created_at → sent_at on the record) before the autocannon run, and printed.
 */
async function measureCriticalPath(stack: Stack, runs = 40): Promise<void> {
  const token = await stack.token("lab_technician", { sub: "bench-critical-path" });
  const admin = await stack.token("admin", { sub: "bench-critical-path-admin" });
  const observed: number[] = [];
  const server: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    const res = await stack.rest("POST", "/api/v1/triggers/critical-alert/", { token, body: { ...CRITICAL_ALERT, observation_id: `OBS-BENCH-${i}` } });
    if (res.status !== 200) throw new Error(`critical-alert answered ${res.status}: ${JSON.stringify(res.body)}`);
    const pending = new Set<string>(res.body.notification_ids);
    for (;;) {
      for (const id of [...pending]) {
        const n = (await stack.rest("GET", `/api/v1/notifications/${id}/`, { token: admin })).body;
        if (n.sent_at) {
          pending.delete(id);
          server.push(Date.parse(n.sent_at) - Date.parse(n.created_at));
        }
      }
      if (!pending.size) break;
      if (performance.now() - started > 30_000) throw new Error("critical alert not SENT within the spec's 30 s");
      await new Promise((r) => setTimeout(r, 2));
    }
    observed.push(performance.now() - started);
  }
  observed.sort((a, b) => a - b);
  server.sort((a, b) => a - b);
  console.log(
    `critical-alert → both notifications SENT (${runs} alerts, one at a time): ` +
      `client p50 ${percentile(observed, 50).toFixed(1)} ms, p95 ${percentile(observed, 95).toFixed(1)} ms, max ${observed.at(-1)!.toFixed(1)} ms; ` +
      `server created→sent p50 ${percentile(server, 50)} ms, p95 ${percentile(server, 95)} ms (spec < 30 s, aim < 1 s)`,
  );
}

export const notificationScenarios: BenchScenario[] = [
  {
    name: "REST critical-alert trigger",
    description: "POST /api/v1/triggers/critical-alert/ (two outbox rows, gap-free numbers); the trigger → SENT latency is printed before the run",
    targetP95Ms: 1000,
    async prepare(stack) {
      await measureCriticalPath(stack);
      const tokens = await Promise.all(Array.from({ length: 50 }, (_, i) => stack.token("lab_technician", { sub: `bench-lab-${i}` })));
      let i = 0;
      return {
        requests: [
          {
            method: "POST",
            path: "/api/v1/triggers/critical-alert/",
            body: JSON.stringify(CRITICAL_ALERT),
            setupRequest: (req) => ({ ...req, headers: { ...req.headers, "content-type": "application/json", authorization: `Bearer ${tokens[i++ % tokens.length]}` } }),
          },
        ],
      };
    },
  },
  {
    name: "REST notification send",
    description: "POST /api/v1/notifications/send/ (the pharmacy's follow-up reminder)",
    async prepare(stack) {
      const token = await stack.token("cashier", { sub: "bench-cashier" });
      return {
        headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
        requests: [
          {
            method: "POST",
            path: "/api/v1/notifications/send/",
            body: JSON.stringify({ recipient: "+256772000111", template: "follow_up_reminder", parameters: { scheduled_at: "2026-12-01 10:00", pharmacy_name: "Kampala Central" } }),
          },
        ],
      };
    },
  },
];
