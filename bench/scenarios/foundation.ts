import { KAMPALA } from "../../test/support/stack.js";
import type { BenchScenario } from "../scenario.js";

const PATIENTS_QUERY = JSON.stringify({
  query: `{ patient(uhid: "UG-2024-000001") { givenName timeline(days: 365) { timeline { diagnoses { code } medications { name } } } prescriptions { medicationName } notificationPreferences { channels } } }`,
});

export const foundationScenarios: BenchScenario[] = [
  {
    name: "REST patient list",
    description: "GET /api/v1/uhid/?page=2 (bridge → gateway → clinical)",
    async prepare(stack) {
      return { headers: { authorization: `Bearer ${await stack.token("physician")}` }, requests: [{ method: "GET", path: "/api/v1/uhid/?page=2" }] };
    },
  },
  {
    name: "GraphQL patient list",
    description: "the same page as 'REST patient list' straight through /graphql: the difference is the bridge's cost",
    async prepare(stack) {
      const body = JSON.stringify({
        query: `{ patients(page: 2) { count page pageSize next previous source results { uhid givenName familyName sex birthDate source } } }`,
      });
      return {
        headers: { authorization: `Bearer ${await stack.token("physician")}`, "content-type": "application/json" },
        requests: [{ method: "POST", path: "/graphql", body }],
      };
    },
  },
  {
    name: "REST patient timeline",
    description: "GET /api/v1/patient-timeline/timeline/{uhid}/ (spec: RAG retrieval < 500 ms)",
    targetP95Ms: 500,
    async prepare(stack) {
      // A fresh credential per request keeps the scenario under the 100/min timeline limit's radar:
      // the limit is per credential, and we are measuring latency, not the limiter.
      const tokens = await Promise.all(Array.from({ length: 200 }, (_, i) => stack.token("physician", { sub: `bench-${i}` })));
      let i = 0;
      return {
        requests: [
          {
            method: "GET",
            path: "/api/v1/patient-timeline/timeline/UG-2024-000001/",
            setupRequest: (req) => ({ ...req, headers: { ...req.headers, authorization: `Bearer ${tokens[i++ % tokens.length]}` } }),
          },
        ],
      };
    },
  },
  {
    name: "REST product search",
    description: "GET /api/v1/pharmacy/sales/products/?search=tab (bridge → gateway → pharmacy)",
    async prepare(stack) {
      const token = await stack.token("cashier", { pharmacy: KAMPALA });
      return { headers: { authorization: `Bearer ${token}` }, requests: [{ method: "GET", path: "/api/v1/pharmacy/sales/products/?search=tab" }] };
    },
  },
  {
    name: "GraphQL cross-subgraph patient",
    description: "patient → timeline + prescriptions + notification preferences (three subgraphs)",
    async prepare(stack) {
      const tokens = await Promise.all(Array.from({ length: 200 }, (_, i) => stack.token("admin", { sub: `bench-admin-${i}` })));
      let i = 0;
      return {
        requests: [
          {
            method: "POST",
            path: "/graphql",
            body: PATIENTS_QUERY,
            setupRequest: (req) => ({
              ...req,
              headers: { ...req.headers, "content-type": "application/json", authorization: `Bearer ${tokens[i++ % tokens.length]}` },
            }),
          },
        ],
      };
    },
  },
];
