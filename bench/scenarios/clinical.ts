import { randomUUID } from "node:crypto";
import type { Stack } from "../../test/support/stack.js";
import type { BenchScenario } from "../scenario.js";

/**
 * Clinical AI through REST. Each request rotates through many credentials (distinct `sub`s): the
 * clinical limits are per credential (60/min, 30/min for predictive analytics) and we are measuring
 * latency, not the limiter.
 */
export async function rotatingTokens(stack: Stack, role: "pharmacist" | "lab_technician" | "nurse" | "physician", prefix: string, n = 1000) {
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

const EXTRACTION_NOTE =
  "58 year old male, known HTN and T2DM on metformin 1g BD and amlodipine 10mg OD, presents to the emergency department with " +
  "central chest pain radiating to the left arm, sweating and shortness of breath for 2 hours. Denies fever, cough, vomiting or " +
  "haemoptysis. No history of PUD. Hx of MI in 2019, s/p PCI. Mother had stroke, father had diabetes. Smoker, 20 pack years. " +
  "On examination: BP 168/98, HR 112, SpO2 93% on air, crackles at both bases, no pedal oedema. ECG: ST elevation in V1-V4. " +
  "Troponin I raised. CBC, U&E, creatinine 110, K 4.1, Na 138, RBS 14.2, HbA1c pending. CXR: mild pulmonary oedema. " +
  "Impression: acute anterior STEMI with acute pulmonary edema; rule out aortic dissection. Plan: aspirin 300 mg stat, " +
  "clopidogrel 600 mg stat, enoxaparin 1 mg/kg sc bd, atorvastatin 80 mg nocte, furosemide 40 mg IV stat, GTN infusion, oxygen " +
  "to keep sats above 94%, morphine 2.5 mg IV prn for pain. Refer for primary PCI. Allergic to penicillin. ";

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
  {
    name: "REST copilot symptom analysis",
    description:
      "POST /api/v1/copilot/encounter/analyze-symptoms/: free-text symptoms matched, a differential ranked with the patient's context, stored on the session and audited (200 sessions, one encounter each)",
    async prepare(stack) {
      const next = await rotatingTokens(stack, "physician", "bench-copilot");
      // One session per encounter, as in a clinic: a session's analyses are appended to its row, so the
      // bench spreads requests over many sessions instead of growing one.
      const sessions: string[] = [];
      for (let i = 0; i < 200; i++) {
        const uhid = `UG-2024-${String((i % 50) + 1).padStart(6, "0")}`;
        const res = await stack.rest("POST", "/api/v1/copilot/encounter/start/", { token: next(), body: { encounter_id: randomUUID(), provider_id: "bench-dr", patient_uhid: uhid } });
        if (res.status !== 200) throw new Error(`copilot start: ${res.status} ${JSON.stringify(res.body)}`);
        sessions.push(res.body.session_id);
      }
      let i = 0;
      const symptoms = ["fever for 3 days", "headache and joint pains", "vomiting", "dark urine"];
      return {
        requests: [
          {
            method: "POST",
            path: "/api/v1/copilot/encounter/analyze-symptoms/",
            setupRequest: (req: Record<string, any>) => ({
              ...req,
              headers: { ...req.headers, "content-type": "application/json", authorization: `Bearer ${next()}` },
              body: JSON.stringify({ session_id: sessions[i++ % sessions.length], symptoms, onset: "3 days", severity: "moderate" }),
            }),
          },
        ],
      };
    },
  },
  {
    name: "REST entity extraction (2,000-character note)",
    description:
      "POST /api/v1/documentation/extract-entities/: a 2,000-character emergency note (dictionary lookup, negation, coding, audit append). Spec: < 1 s; the engine itself (processing_time_ms) aims under 20 ms",
    targetP95Ms: 1000,
    async prepare(stack) {
      const next = await rotatingTokens(stack, "nurse", "bench-extract");
      const text = EXTRACTION_NOTE.padEnd(2000, " Review in clinic in two weeks, sooner if worse.").slice(0, 2000);
      return { requests: [postJson("/api/v1/documentation/extract-entities/", { text }, next)] };
    },
  },
];
