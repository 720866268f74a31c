import { createServer, type Server } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startStack, type Stack } from "../support/stack.js";

/** Notifications answering 503 to everything: the clinical answer must still come back. */
let down: Server;
let stack: Stack;

beforeAll(async () => {
  down = createServer((_req, res) => res.writeHead(503, { "content-type": "application/json" }).end('{"error":{"code":"UPSTREAM_UNAVAILABLE","message":"down"}}'));
  await new Promise<void>((resolve) => down.listen(0, "127.0.0.1", resolve));
  const { port } = down.address() as { port: number };
  stack = await startStack({ env: { NOTIFICATIONS_URL: `http://127.0.0.1:${port}` } });
});
afterAll(async () => {
  await stack?.stop();
  await new Promise((resolve) => down.close(resolve));
});

describe("critical values while notifications are down", () => {
  it("still answers and stores the critical value, reports notification_sent false, and audits the failure", async () => {
    const labTech = await stack.token("lab_technician", { sub: "outage-lab" });
    const res = await stack.rest("POST", "/api/v1/clinical-decision-support/critical-values/", {
      token: labTech,
      body: { patient_uhid: "UG-2024-000006", observation: { code: "2823-3", display: "Potassium", value: 7.4, unit: "mmol/L" } },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ is_critical: true, deviation: "severely_high", notification_sent: false, notification_id: null });
    expect(res.body.notification_error).toMatch(/notifications/);

    const auditor = await stack.token("auditor");
    const log = await stack.rest("GET", "/api/v1/clinical-audit/records/?operation=critical_value_notification", { token: auditor });
    expect(log.body.results[0]).toMatchObject({ parent_id: res.body.audit_id, output: { notificationSent: false } });
    const physician = await stack.token("physician");
    const timeline = await stack.rest("GET", "/api/v1/patient-timeline/timeline/UG-2024-000006/?days=1", { token: physician });
    expect(timeline.body.timeline.observations[0]).toMatchObject({ type: "Potassium", value: "7.4 mmol/L" });
  });
});
