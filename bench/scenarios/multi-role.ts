import type { BenchScenario } from "../scenario.js";
import { postJson, rotatingTokens } from "./clinical.js";

/** Role assistants through REST (60/min per credential: each request uses another `sub`). */
export const multiRoleScenarios: BenchScenario[] = [
  {
    name: "REST nurse NEWS2 assessment",
    description: "POST /api/v1/multi-role/nurse/assessment/: NEWS2 with SBP, pulse and temperature read from the patient's latest observations, audited",
    async prepare(stack) {
      const next = await rotatingTokens(stack, "nurse", "bench-news2");
      const body = { patient_uhid: "UG-2024-000001", vitals: { respiration_rate: 22, spo2: 94, supplemental_oxygen: false, consciousness: "alert" } };
      return { requests: [postJson("/api/v1/multi-role/nurse/assessment/", body, next)] };
    },
  },
];
