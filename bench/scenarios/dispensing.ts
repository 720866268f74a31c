import { KAMPALA, type Stack } from "../../test/support/stack.js";
import type { BenchScenario } from "../scenario.js";

const DISPENSING = "/api/v1/pharmacy/dispensing";
/** Prescriptions written before the run; each dispense uses one (a 10 s run at the rates measured needs far fewer). */
const SUPPLY = 1000;
const WRITERS = 8;

/** A supply of dispensable prescriptions for one registered patient, and their medicine in stock at Kampala. */
async function prepareSupply(stack: Stack): Promise<string[]> {
  const physician = await stack.token("physician", { sub: "bench-physician" });
  const pharmacist = await stack.token("pharmacist", { pharmacy: KAMPALA, sub: "bench-pharmacist" });
  const uhid = `UG-BENCH-${Date.now().toString(36).toUpperCase()}`;
  const patient = await stack.rest("POST", "/api/v1/uhid/", { token: physician, body: { uhid, given_name: "Bench", family_name: "Patient", sex: "female", birth_date: "1980-01-01", phone: "+256772999000" } });
  if (patient.status !== 201) throw new Error(`bench patient: ${patient.status} ${JSON.stringify(patient.body)}`);
  // Amoxicillin (RxNorm 723): no interaction with itself, not controlled.
  await stack.rest("POST", "/api/v1/pharmacy/inventory/stock/", { token: pharmacist, body: { name: "Bench amoxicillin 500 mg", medication_code: "723", quantity: 0 } });
  const receipt = await stack.rest("POST", "/api/v1/pharmacy/inventory/movements/", { token: pharmacist, body: { pharmacy_id: KAMPALA, medication_code: "723", movement_type: "receipt", quantity: 1_000_000 } });
  if (receipt.status !== 201) throw new Error(`bench stock: ${receipt.status} ${JSON.stringify(receipt.body)}`);
  const ids: string[] = [];
  const body = { patient_uhid: uhid, items: [{ medication_code: "723", dose: "500 mg", frequency: "three times daily for 5 days", quantity: 15 }] };
  await Promise.all(
    Array.from({ length: WRITERS }, async () => {
      while (ids.length < SUPPLY) {
        const rx = await stack.rest("POST", `${DISPENSING}/prescriptions/`, { token: physician, body });
        if (rx.status !== 201) throw new Error(`bench prescription: ${rx.status} ${JSON.stringify(rx.body)}`);
        ids.push(rx.body.id);
      }
    }),
  );
  return ids;
}

export const dispensingScenarios: BenchScenario[] = [
  {
    name: "REST dispense",
    description: `POST dispensing/dispenses/ of a fresh prescription each time (the interaction check with the patient record through the gateway, stock ledger, outbox, pickup-ready send over HTTP); ${SUPPLY} prescriptions written before the run, then 409s if the run outlasts them`,
    async prepare(stack) {
      const supply = await prepareSupply(stack);
      // Many pharmacists (distinct credentials): each dispense runs the interaction check, which counts
      // against the caller's clinical decision-support budget (60/min); we measure latency, not the limiter.
      const pharmacists = await Promise.all(Array.from({ length: 200 }, (_, i) => stack.token("pharmacist", { pharmacy: KAMPALA, sub: `bench-pharmacist-${i}` })));
      const body = (id: string) => JSON.stringify({ prescription_id: id, pharmacy_id: KAMPALA, pharmacist: "bench-pharmacist", items: [{ medication_code: "723", quantity: 15 }] });
      let next = 0;
      return {
        headers: { "content-type": "application/json" },
        requests: [
          {
            method: "POST",
            path: `${DISPENSING}/dispenses/`,
            // Once the supply is used up, dispensing the last one again answers 409 (counted as non-2xx).
            setupRequest: (req) => {
              const i = next++;
              return { ...req, headers: { ...req.headers, authorization: `Bearer ${pharmacists[i % pharmacists.length]}` }, body: body(supply[Math.min(i, supply.length - 1)]) };
            },
          },
        ],
      };
    },
  },
];
