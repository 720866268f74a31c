import { registerUnitSince } from "../../test/support/cold-chain.js";
import { KAMPALA } from "../../test/support/stack.js";
import type { BenchScenario } from "../scenario.js";

const BATCH = 1000;

export const coldChainScenarios: BenchScenario[] = [
  {
    name: "REST readings ingest",
    perRequest: { count: BATCH, unit: "readings" },
    description: `POST cold-chain/readings/ batches of ${BATCH} five-minute readings for one storage unit (insert in chunks, incremental excursion detection on its state row); readings/s = req/s × ${BATCH}`,
    async prepare(stack) {
      const pharmacist = await stack.token("pharmacist", { pharmacy: KAMPALA, sub: "bench-cold-chain" });
      const unit = await stack.rest("POST", "/api/v1/cold-chain/storage-units/", { token: pharmacist, body: { name: "Bench fridge", kind: "refrigerator", profile: "refrigerated" } });
      if (unit.status !== 201) throw new Error(`bench storage unit: ${unit.status} ${JSON.stringify(unit.body)}`);
      // Each request carries the next 1,000 readings in time (a logger uploading its backlog), from two years ago on.
      const t0 = Date.now() - 730 * 86_400_000;
      // Registered before the backlog began: a unit's readings may not predate it.
      await registerUnitSince(stack, unit.body.id, new Date(t0 - 60_000));
      let next = 0;
      const body = () => {
        const from = next;
        next += BATCH;
        return JSON.stringify({
          storage_unit_id: unit.body.id,
          readings: Array.from({ length: BATCH }, (_, k) => ({ recorded_at: new Date(t0 + (from + k) * 300_000).toISOString(), temperature_c: Math.round((5 + 2.5 * Math.sin((from + k) / 40)) * 100) / 100 })),
        });
      };
      return {
        headers: { "content-type": "application/json", authorization: `Bearer ${pharmacist}` },
        requests: [{ method: "POST", path: "/api/v1/cold-chain/readings/", setupRequest: (req) => ({ ...req, body: body() }) }],
      };
    },
  },
];
