import type { BenchScenario } from "../scenario.js";
import { postJson, rotatingTokens } from "./clinical.js";

/** Role assistants through REST (60/min per credential: each request uses another `sub`). */
export const multiRoleScenarios: BenchScenario[] = [
  {
    name: "REST nurse NEWS2 assessment",
    // Every vital is sent: the demo record's are weeks old, and only today's or yesterday's stand in.
    description: "POST /api/v1/multi-role/nurse/assessment/: NEWS2 for a registered patient from the vitals sent, audited",
    async prepare(stack) {
      const next = await rotatingTokens(stack, "nurse", "bench-news2");
      const body = { patient_uhid: "UG-2024-000001", vitals: { respiration_rate: 22, spo2: 94, supplemental_oxygen: false, consciousness: "alert", systolic_bp: 105, pulse: 95, temperature: 38.5 } };
      return { requests: [postJson("/api/v1/multi-role/nurse/assessment/", body, next)] };
    },
  },
];
