/** Steps of the dispensing workflow through REST, shared by the dispensing scenarios (test/e2e/dispensing*.test.ts). */
import { expect } from "vitest";
import type { Stack } from "../support/stack.js";

export const DISPENSING = "/api/v1/pharmacy/dispensing";

export interface PrescribedItem {
  medication_code: string;
  quantity: number;
  dose?: string;
  frequency?: string;
  refills_allowed?: number;
}

export const dispenseBody = (prescriptionId: string, pharmacyId: string, items: { medication_code: string; quantity: number }[], extra: Record<string, unknown> = {}) => ({
  prescription_id: prescriptionId,
  pharmacy_id: pharmacyId,
  pharmacist: "P. Achieng",
  items,
  ...extra,
});

/**
 * The helpers, reading the stack and the physician's token when called (both exist only once the
 * scenario's `beforeAll` has run). `prefix` keeps each scenario's patients apart.
 */
export function dispensingSteps(current: () => { stack: Stack; physician: string }, prefix: string) {
  let patients = 0;

  /** A patient of our own, registered with a phone so pickup-ready messages have somewhere to go. */
  async function newPatient(): Promise<string> {
    const { stack, physician } = current();
    const n = ++patients;
    const uhid = `UG-${prefix}-${Date.now().toString(36).toUpperCase()}-${n}`;
    const res = await stack.rest("POST", "/api/v1/uhid/", {
      token: physician,
      body: { uhid, given_name: "Amina", family_name: `Dispense${n}`, sex: "female", birth_date: "1984-03-02", phone: `+2567720${String(10000 + n).slice(-5)}` },
    });
    expect(res.status).toBe(201);
    return uhid;
  }

  async function prescribe(uhid: string, items: PrescribedItem[]): Promise<{ id: string; items: { medication_code: string; medication_name: string }[] }> {
    const { stack, physician } = current();
    const res = await stack.rest("POST", `${DISPENSING}/prescriptions/`, {
      token: physician,
      body: { patient_uhid: uhid, items: items.map((i) => ({ dose: "1 tablet", frequency: "twice daily", ...i })) },
    });
    expect(res.status).toBe(201);
    return res.body;
  }

  /**
   * Puts units of a medicine on a pharmacy's shelf: an inventory item, then a receipt movement; a
   * controlled medicine's receipt books its witnessed controlled-register receipt, as the law asks.
   */
  async function stockUp(token: string, pharmacyId: string, code: string, quantity: number): Promise<void> {
    const { stack } = current();
    const items = await stack.rest("GET", `/api/v1/pharmacy/inventory/stock/?pharmacy=${pharmacyId}&page_size=100`, { token });
    if (!items.body.results.some((i: { medication_code: string | null }) => i.medication_code === code)) {
      const item = await stack.rest("POST", "/api/v1/pharmacy/inventory/stock/", { token, body: { name: `Medicine ${code}`, medication_code: code, quantity: 0 } });
      expect(item.status).toBe(201);
    }
    const medication = await stack.rest("GET", `/api/v1/pharmacy/inventory/medications/${encodeURIComponent(code)}/`, { token });
    let booked: Record<string, string> = {};
    if (medication.status === 200 && medication.body.controlled) {
      const entry = await stack.rest("POST", "/api/v1/drug-safety/controlled-register/", { token, body: { medication_code: code, pharmacy_id: pharmacyId, transaction_type: "receipt", quantity, witness: "S. Nakato" } });
      expect(entry.status, JSON.stringify(entry.body)).toBe(201);
      booked = { reference_type: "controlled_register", reference_id: entry.body.id };
    }
    const receipt = await stack.rest("POST", "/api/v1/pharmacy/inventory/movements/", { token, body: { pharmacy_id: pharmacyId, medication_code: code, movement_type: "receipt", quantity, ...booked } });
    expect(receipt.status, JSON.stringify(receipt.body)).toBe(201);
  }

  async function onHand(token: string, pharmacyId: string, code: string): Promise<number> {
    const { stack } = current();
    const items = await stack.rest("GET", `/api/v1/pharmacy/inventory/stock/?pharmacy=${pharmacyId}&page_size=100`, { token });
    return items.body.results.filter((i: { medication_code: string | null }) => i.medication_code === code).reduce((n: number, i: { quantity: number }) => n + i.quantity, 0);
  }

  async function dispenseMovements(token: string, dispenseId: string) {
    const { stack } = current();
    const res = await stack.rest("GET", `/api/v1/pharmacy/inventory/movements/?reference_type=dispense&reference_id=${dispenseId}`, { token });
    expect(res.status).toBe(200);
    return res.body.results as { movement_type: string; quantity: number; reference_id: string }[];
  }

  return { newPatient, prescribe, stockUp, onHand, dispenseMovements };
}
