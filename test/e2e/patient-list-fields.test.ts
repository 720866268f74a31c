/**
 * Fields other subgraphs add to a patient (prescriptions and dispenses from pharmacy, notification
 * preferences from notifications), asked for a list of patients in one GraphQL query: each patient gets
 * their own, and the statements that read them do not grow with the list (lib/request-loader.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { countStatements } from "../support/statements.js";
import { KAMPALA, startStack, type Stack } from "../support/stack.js";

let stack: Stack;
let physician: string;

beforeAll(async () => {
  stack = await startStack();
  physician = await stack.token("physician");
});
afterAll(() => stack?.stop());

interface Row {
  uhid: string;
  prescriptions: { id: string; patientUhid: string }[];
  dispenses: { id: string; patientUhid: string; prescriptionId: string }[];
  notificationPreferences: { patientUhid: string; channels: string[]; language: string };
}

const LIST = `query($size: Int!) { patients(pageSize: $size) { results { uhid prescriptions { id patientUhid } dispenses { id patientUhid prescriptionId } notificationPreferences { patientUhid channels language } } } }`;
const ONE = `query($uhid: ID!) { patient(uhid: $uhid) { uhid prescriptions { id patientUhid } dispenses { id patientUhid prescriptionId } notificationPreferences { patientUhid channels language } } }`;

/** One dispense for the patient: a prescription, stock at Kampala, the dispense (overriding any finding of the patient's record). */
async function dispenseFor(uhid: string, physician: string): Promise<string> {
  const pharmacist = await stack.token("pharmacist", { pharmacy: KAMPALA, sub: "list-fields-pharmacist" });
  const rx = await stack.rest("POST", "/api/v1/pharmacy/dispensing/prescriptions/", {
    token: physician,
    body: { patient_uhid: uhid, items: [{ medication_code: "723", dose: "500 mg", frequency: "three times daily", quantity: 5 }] },
  });
  expect(rx.status).toBe(201);
  const stock = await stack.rest("POST", "/api/v1/pharmacy/inventory/stock/", { token: pharmacist, body: { name: "Amoxicillin 500 mg", medication_code: "723", quantity: 0 } });
  expect([201, 409]).toContain(stock.status);
  const receipt = await stack.rest("POST", "/api/v1/pharmacy/inventory/movements/", { token: pharmacist, body: { pharmacy_id: KAMPALA, medication_code: "723", movement_type: "receipt", quantity: 20 } });
  expect(receipt.status).toBe(201);
  const dispensed = await stack.rest("POST", "/api/v1/pharmacy/dispensing/dispenses/", {
    token: pharmacist,
    body: { prescription_id: rx.body.id, pharmacy_id: KAMPALA, pharmacist: "P. Achieng", items: [{ medication_code: "723", quantity: 5 }], override: { reason: "test: the list's fields, not the safety check" } },
  });
  expect(dispensed.status).toBe(201);
  return dispensed.body.id;
}

describe("a list of patients with their prescriptions, dispenses and notification preferences", () => {
  it("gives each patient their own, as asking for the patient alone does, in statements that do not grow with the list", async () => {
    const first = await stack.gql(LIST, { size: 6 }, physician);
    expect(first.body.errors).toBeUndefined();
    const uhids = (first.body.data.patients.results as Row[]).map((r) => r.uhid);
    // One patient with stored preferences, so defaults and stored rows are both in the list.
    const nurse = await stack.token("nurse");
    const set = await stack.rest("PUT", `/api/v1/notifications/preferences/${uhids[1]}/`, { token: nurse, body: { channels: ["EMAIL", "SMS"], email: "list-fields@example.org", language: "sw" } });
    expect(set.status).toBe(200);
    const dispenseId = await dispenseFor(uhids[2], physician);

    const counted = countStatements(stack.server.database!.db, /^select .*("pharmacy"\."prescriptions"|"pharmacy"\."dispenses"|"notifications"\."preferences")/s);
    const list = async (size: number) => {
      const before = counted();
      const res = await stack.gql(LIST, { size }, physician);
      expect(res.body.errors).toBeUndefined();
      return { rows: res.body.data.patients.results as Row[], statements: counted() - before };
    };
    const small = await list(2);
    const whole = await list(6);
    expect(whole.rows.map((r) => r.uhid)).toEqual(uhids);
    expect(whole.rows.some((r) => r.prescriptions.length > 0)).toBe(true);
    for (const row of whole.rows) {
      const alone = await stack.gql(ONE, { uhid: row.uhid }, physician);
      expect(alone.body.errors).toBeUndefined();
      expect(row).toEqual(alone.body.data.patient);
      for (const p of row.prescriptions) expect(p.patientUhid).toBe(row.uhid);
      expect(row.notificationPreferences.patientUhid).toBe(row.uhid);
    }
    expect(whole.rows[1].notificationPreferences).toMatchObject({ channels: ["EMAIL", "SMS"], language: "sw" });
    expect(whole.rows[2].dispenses.map((d) => d.id)).toContain(dispenseId);
    expect(small.statements).toBeGreaterThan(0);
    expect(whole.statements).toBe(small.statements);
  });
});
