import type { Stack } from "../../test/support/stack.js";
import type { BenchScenario } from "../scenario.js";

/**
 * Clinical AI through REST. Each request rotates through many credentials (distinct `sub`s): the
 * clinical limits are per credential (60/min, 30/min for predictive analytics) and we are measuring
 * latency, not the limiter.
 */
export async function rotatingTokens(stack: Stack, role: "pharmacist" | "lab_technician" | "nurse", prefix: string, n = 1000) {
  const tokens = await Promise.all(Array.from({ length: n }, (_, i) => stack.token(role, { sub: `${prefix}-${i}` })));
  let i = 0;
  return () => tokens[i++ % tokens.length];
}

export function postJson(path: string, body: unknown, nextToken: () => string) {
  return {
    method: "POST" as const,
    path,
    body: JSON.stringify(body),
    setupRequest: (req: Record<string, any>) => ({ ...req, headers: { ...req.headers, "content-type": "application/json", authorization: `Bearer ${nextToken()}` } }),
  };
}

export const clinicalScenarios: BenchScenario[] = [
  {
    name: "REST drug interactions",
    description: "POST /api/v1/clinical-decision-support/drug-interactions/: new drug vs 4 current, patient's conditions and allergies from the record (spec: < 2 s)",
    targetP95Ms: 2000,
    async prepare(stack) {
      const next = await rotatingTokens(stack, "pharmacist", "bench-ddi");
      const body = {
        patient_uhid: "UG-2024-000001",
        new_medication: { code: "5640", name: "Ibuprofen" },
        current_medications: [
          { code: "11289", name: "Warfarin" },
          { code: "4493", name: "Fluoxetine" },
          { code: "4603", name: "Furosemide" },
          { code: "", name: "Clarithromycin" },
        ],
      };
      return { requests: [postJson("/api/v1/clinical-decision-support/drug-interactions/", body, next)] };
    },
  },
  {
    name: "REST critical value (not critical)",
    description: "POST /api/v1/clinical-decision-support/critical-values/: assess, store on the timeline, audit (no notification)",
    async prepare(stack) {
      const next = await rotatingTokens(stack, "lab_technician", "bench-cv");
      const body = { patient_uhid: "UG-2024-000002", observation: { code: "2823-3", display: "Potassium", value: 4.4, unit: "mmol/L" } };
      return { requests: [postJson("/api/v1/clinical-decision-support/critical-values/", body, next)] };
    },
  },
  {
    name: "REST critical value (critical, with notification)",
    description: "POST critical-values with a critical potassium: assess, store, audit, critical-alert trigger over HTTP (spec: notification < 30 s)",
    targetP95Ms: 30_000,
    async prepare(stack) {
      const next = await rotatingTokens(stack, "lab_technician", "bench-cv-crit");
      const body = { patient_uhid: "UG-2024-000003", observation: { code: "2823-3", display: "Potassium", value: 7.2, unit: "mmol/L" } };
      return { requests: [postJson("/api/v1/clinical-decision-support/critical-values/", body, next)] };
    },
  },
  {
    name: "REST sepsis risk",
    description: "POST /api/v1/predictive-analytics/sepsis-risk/: qSOFA/SIRS/lactate, stored and audited (moderate risk: no notification)",
    async prepare(stack) {
      const next = await rotatingTokens(stack, "nurse", "bench-sepsis");
      const body = { patient_uhid: "UG-2024-000004", vitals: { heart_rate: 104, respiratory_rate: 21, systolic_bp: 118, temperature: 38.4, gcs: 15 }, labs: { wbc: 13.1, lactate: 1.6 } };
      return { requests: [postJson("/api/v1/predictive-analytics/sepsis-risk/", body, next)] };
    },
  },
];
