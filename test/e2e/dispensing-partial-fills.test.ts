/**
 * Partial fills (docs/decisions/pharmacy.md, "Dispensing") through REST and GraphQL on real servers: a
 * fill — the prescription itself or a refill — given in several parts when stock is short, what each
 * item still owes, the queue, refills only after a complete fill, controlled medicines per part, two
 * counters racing for one remainder, and a fill closed short.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rowsOf } from "../../lib/db.js";
import { whileRowsLocked } from "../support/row-lock.js";
import { GULU, KAMPALA, startStack, type Stack } from "../support/stack.js";
import { DISPENSING as base, dispenseBody, dispensingSteps } from "./dispensing-helpers.js";

let stack: Stack;
let physician: string;
let pharmacist: string;
let guluPharmacist: string;
let admin: string;
const { newPatient, prescribe, stockUp, onHand, dispenseMovements } = dispensingSteps(() => ({ stack, physician }), "PART");

beforeAll(async () => {
  stack = await startStack();
  physician = await stack.token("physician", { sub: "dr-okello" });
  pharmacist = await stack.token("pharmacist", { pharmacy: KAMPALA, sub: "kla-pharmacist" });
  guluPharmacist = await stack.token("pharmacist", { pharmacy: GULU, sub: "gulu-pharmacist" });
  admin = await stack.token("admin", { sub: "ops-admin" });
});
afterAll(async () => {
  await stack?.stop();
});

const dispense = (token: string, prescriptionId: string, pharmacyId: string, items: { medication_code: string; quantity: number }[], extra: Record<string, unknown> = {}) =>
  stack.rest("POST", `${base}/dispenses/`, { token, body: dispenseBody(prescriptionId, pharmacyId, items, extra) });
const prescription = async (id: string) => {
  const res = await stack.rest("GET", `${base}/prescriptions/${id}/`, { token: pharmacist });
  expect(res.status).toBe(200);
  return res.body;
};
/** Each item's [code, units dispensed on the current fill, units still owed]. */
const owedOf = async (id: string) => (await prescription(id)).items.map((i: { medication_code: string; quantity_dispensed: number; quantity_owed: number }) => [i.medication_code, i.quantity_dispensed, i.quantity_owed]);
const queueOf = async (uhid: string) => (await stack.rest("GET", `${base}/queue/?patient_uhid=${uhid}`, { token: pharmacist })).body.results;
/** Asks for the next refill once the patient is back: the fills given so far moved 60 days into the past, so "refill too soon" (refill-timing.ts) does not apply. */
const requestRefill = async (id: string) => {
  await stack.server.database!.db.execute(sql`update pharmacy.dispenses set created_at = created_at - interval '60 days' where prescription_id = ${id}`);
  return stack.rest("POST", `${base}/refills/`, { token: pharmacist, body: { prescription_id: id } });
};
const closeFill = (token: string, id: string, body: Record<string, unknown>) => stack.rest("POST", `${base}/prescriptions/${id}/close-fill/`, { token, body });

describe("a fill dispensed in parts (the tester's carbamazepine)", () => {
  it("gives 10 of 30, keeps 20 owed and in the queue, then gives the 20 as part 2 of the same fill, at another pharmacy, without a refill", async () => {
    const uhid = await newPatient();
    // Carbamazepine (RxNorm 2002), no refills: before, the remaining 20 needed a refill the patient did not have.
    const rx = await prescribe(uhid, [{ medication_code: "2002", quantity: 30 }]);
    await stockUp(pharmacist, KAMPALA, "2002", 10);
    await stockUp(guluPharmacist, GULU, "2002", 40);
    const kampalaBefore = await onHand(pharmacist, KAMPALA, "2002");

    const first = await dispense(pharmacist, rx.id, KAMPALA, [{ medication_code: "2002", quantity: 10 }]);
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ fill_number: 0, part: 1 });
    expect(await onHand(pharmacist, KAMPALA, "2002")).toBe(kampalaBefore - 10);

    const partly = await prescription(rx.id);
    expect(partly).toMatchObject({ status: "partially_dispensed", current_fill: { number: 0, refill: null, status: "partially_dispensed", parts: 1, closure: null } });
    expect(partly.items).toEqual([expect.objectContaining({ medication_code: "2002", quantity: 30, quantity_dispensed: 10, quantity_owed: 20 })]);
    const queued = await queueOf(uhid);
    expect(queued).toEqual([
      expect.objectContaining({ fill_number: 0, status: "partially_dispensed", items: [expect.objectContaining({ medication_code: "2002", quantity: 30, quantity_dispensed: 10, quantity_owed: 20 })] }),
    ]);
    const toDispense = await stack.gql(`query ($uhid: ID!) { prescriptionsToDispense(patientUhid: $uhid) { id status } }`, { uhid }, pharmacist);
    expect(toDispense.body.data.prescriptionsToDispense).toEqual([{ id: rx.id, status: "partially_dispensed" }]);

    // What is owed is not a refill: none may be requested while the fill owes units.
    const refill = await requestRefill(rx.id);
    expect(refill.status).toBe(409);
    expect(refill.body.error.message).toContain("close-fill");

    const rest = await dispense(guluPharmacist, rx.id, GULU, [{ medication_code: "2002", quantity: 20 }]);
    expect(rest.status).toBe(201);
    expect(rest.body).toMatchObject({ fill_number: 0, part: 2, refill: null, pharmacy: GULU });
    expect((await dispenseMovements(guluPharmacist, rest.body.id)).map((m) => m.quantity)).toEqual([-20]);

    const done = await prescription(rx.id);
    expect(done).toMatchObject({ status: "dispensed", current_fill: { number: 0, status: "dispensed", parts: 2, closure: null } });
    expect(done.items).toEqual([expect.objectContaining({ quantity_dispensed: 30, quantity_owed: 0 })]);
    expect(done.fills).toEqual([expect.objectContaining({ number: 0, status: "dispensed", parts: 2 })]);
    expect(await queueOf(uhid)).toEqual([]);
    expect((await dispense(pharmacist, rx.id, KAMPALA, [{ medication_code: "2002", quantity: 1 }])).status).toBe(409);
    const refillAfter = await requestRefill(rx.id);
    expect(refillAfter.status).toBe(409);
    expect(refillAfter.body.error.message).toBe("This prescription allows no refills");
  });

  it("lets each item of a two-item prescription be given on its own: one item does not close the other", async () => {
    const uhid = await newPatient();
    const rx = await prescribe(uhid, [
      { medication_code: "6809", quantity: 60 },
      { medication_code: "723", quantity: 15 },
    ]);
    await stockUp(pharmacist, KAMPALA, "6809", 100);
    await stockUp(pharmacist, KAMPALA, "723", 30);

    expect((await dispense(pharmacist, rx.id, KAMPALA, [{ medication_code: "6809", quantity: 60 }])).status).toBe(201);
    expect((await prescription(rx.id)).status).toBe("partially_dispensed");
    expect(await owedOf(rx.id)).toEqual([
      ["6809", 60, 0],
      ["723", 0, 15],
    ]);
    const queued = await queueOf(uhid);
    expect(queued[0].items.map((i: { medication_code: string; quantity_owed: number; in_stock: boolean }) => [i.medication_code, i.quantity_owed, i.in_stock])).toEqual([
      ["6809", 0, true],
      ["723", 15, true],
    ]);
    expect(queued[0].in_stock).toBe(true);

    const again = await dispense(pharmacist, rx.id, KAMPALA, [{ medication_code: "6809", quantity: 1 }]);
    expect(again.status).toBe(400);
    expect(again.body.error.fields["items.0.quantity"][0]).toMatch(/nothing of Metformin is owed on this fill \(60 of 60 dispensed\)/);

    const second = await dispense(pharmacist, rx.id, KAMPALA, [{ medication_code: "723", quantity: 15 }]);
    expect(second.status).toBe(201);
    expect(second.body).toMatchObject({ part: 2, items: [expect.objectContaining({ medication_code: "723", quantity: 15 })] });
    expect((await prescription(rx.id)).status).toBe("dispensed");
    expect(await owedOf(rx.id)).toEqual([
      ["6809", 60, 0],
      ["723", 15, 0],
    ]);
  });
});

describe("what a part may give", () => {
  it("is at most what the fill still owes: one more is 400 naming what is owed, exactly the rest completes, nothing after is 409", async () => {
    const uhid = await newPatient();
    const rx = await prescribe(uhid, [{ medication_code: "2002", quantity: 30 }]);
    await stockUp(pharmacist, KAMPALA, "2002", 60);
    expect((await dispense(pharmacist, rx.id, KAMPALA, [{ medication_code: "2002", quantity: 10 }])).status).toBe(201);
    const before = await onHand(pharmacist, KAMPALA, "2002");

    for (const quantity of [21, 30, 31]) {
      const over = await dispense(pharmacist, rx.id, KAMPALA, [{ medication_code: "2002", quantity }]);
      expect(over.status).toBe(400);
      expect(over.body.error.fields).toEqual({ "items.0.quantity": ["must not exceed the 20 still owed on this fill (10 of 30 dispensed)"] });
    }
    for (const quantity of [0, -5]) expect((await dispense(pharmacist, rx.id, KAMPALA, [{ medication_code: "2002", quantity }])).status).toBe(400);
    expect(await onHand(pharmacist, KAMPALA, "2002")).toBe(before);
    expect(await owedOf(rx.id)).toEqual([["2002", 10, 20]]);

    expect((await dispense(pharmacist, rx.id, KAMPALA, [{ medication_code: "2002", quantity: 19 }])).status).toBe(201);
    expect(await owedOf(rx.id)).toEqual([["2002", 29, 1]]);
    const last = await dispense(pharmacist, rx.id, KAMPALA, [{ medication_code: "2002", quantity: 1 }]);
    expect(last.status).toBe(201);
    expect(last.body.part).toBe(3);
    expect(await owedOf(rx.id)).toEqual([["2002", 30, 0]]);
    const after = await dispense(pharmacist, rx.id, KAMPALA, [{ medication_code: "2002", quantity: 1 }]);
    expect(after.status).toBe(409);
    expect(after.body.error.message).toMatch(/fill is complete/);
    expect(await onHand(pharmacist, KAMPALA, "2002")).toBe(before - 20);
  });
});

describe("two counters dispensing the same remainder at once", () => {
  it("never give more than is owed: of four parallel parts of 5 on 15 owed, three go through and the fourth is refused naming what is left", async () => {
    const uhid = await newPatient();
    const rx = await prescribe(uhid, [{ medication_code: "2002", quantity: 20 }]);
    await stockUp(pharmacist, KAMPALA, "2002", 60);
    expect((await dispense(pharmacist, rx.id, KAMPALA, [{ medication_code: "2002", quantity: 5 }])).status).toBe(201);
    const before = await onHand(pharmacist, KAMPALA, "2002");

    const parts = await Promise.all([1, 2, 3, 4].map(() => dispense(pharmacist, rx.id, KAMPALA, [{ medication_code: "2002", quantity: 5 }])));
    expect(parts.filter((r) => r.status === 201)).toHaveLength(3);
    const refused = parts.find((r) => r.status !== 201)!;
    // Refused under the lock (409, the line named), as a finished fill (409), or, when the others had
    // committed before its first look, by the same check before the safety calls (400).
    expect([400, 409]).toContain(refused.status);
    expect(refused.body.error.fields?.["items.0.quantity"]?.[0] ?? refused.body.error.message).toMatch(/nothing of Carbamazepine is owed|fill is complete/);
    expect(parts.filter((r) => r.status === 201).map((r) => r.body.part).sort()).toEqual([2, 3, 4]);
    expect(await onHand(pharmacist, KAMPALA, "2002")).toBe(before - 15);
    expect(await owedOf(rx.id)).toEqual([["2002", 20, 0]]);
    expect((await prescription(rx.id)).status).toBe("dispensed");
  });

  it("let only what fits through when two parts together exceed the remainder: the other is refused with what is owed", async () => {
    const uhid = await newPatient();
    const rx = await prescribe(uhid, [{ medication_code: "2002", quantity: 30 }]);
    await stockUp(pharmacist, KAMPALA, "2002", 60);
    await stockUp(guluPharmacist, GULU, "2002", 60);
    expect((await dispense(pharmacist, rx.id, KAMPALA, [{ medication_code: "2002", quantity: 10 }])).status).toBe(201);
    const [kla, gulu] = await Promise.all([
      dispense(pharmacist, rx.id, KAMPALA, [{ medication_code: "2002", quantity: 15 }]),
      dispense(guluPharmacist, rx.id, GULU, [{ medication_code: "2002", quantity: 15 }]),
    ]);
    expect([kla.status, gulu.status].filter((s) => s === 201)).toHaveLength(1);
    const refused = kla.status === 201 ? gulu : kla;
    // 409 when both had checked before either committed (the usual race), 400 when the winner had already committed.
    expect([400, 409]).toContain(refused.status);
    expect(refused.body.error.fields).toEqual({ "items.0.quantity": ["must not exceed the 5 still owed on this fill (25 of 30 dispensed)"] });
    expect(await owedOf(rx.id)).toEqual([["2002", 25, 5]]);
    const dispensed = await stack.rest("GET", `${base}/dispenses/?prescription=${rx.id}`, { token: admin });
    expect(dispensed.body.results.map((d: { part: number }) => d.part).sort()).toEqual([1, 2]);
  });
});

describe("two parts waiting on the prescription's lock", () => {
  // PGlite is one connection: a second transaction cannot hold a lock beside the service's.
  it.skipIf(process.env.TEST_DB !== "postgres")("both passed the first check; under the lock the second finds less owed and is 409 naming it", async () => {
    const uhid = await newPatient();
    const rx = await prescribe(uhid, [{ medication_code: "2002", quantity: 30 }]);
    await stockUp(pharmacist, KAMPALA, "2002", 60);
    expect((await dispense(pharmacist, rx.id, KAMPALA, [{ medication_code: "2002", quantity: 10 }])).status).toBe(201);
    const before = await onHand(pharmacist, KAMPALA, "2002");
    const answers = await whileRowsLocked(
      stack.config.DATABASE_URL!,
      (tx) => tx`select id from pharmacy.prescriptions where id = ${rx.id} for update`,
      async (holder) => {
        const racing = [1, 2].map(() => dispense(pharmacist, rx.id, KAMPALA, [{ medication_code: "2002", quantity: 15 }]));
        await holder.waiters(2, '%"prescriptions"%for update%');
        await holder.release();
        return Promise.all(racing);
      },
    );
    expect(answers.map((r) => r.status).sort()).toEqual([201, 409]);
    const refused = answers.find((r) => r.status === 409)!;
    expect(refused.body.error).toMatchObject({ code: "CONFLICT", fields: { "items.0.quantity": ["must not exceed the 5 still owed on this fill (25 of 30 dispensed)"] } });
    expect(await onHand(pharmacist, KAMPALA, "2002")).toBe(before - 15);
    expect(await owedOf(rx.id)).toEqual([["2002", 25, 5]]);
  });
});

describe("refills given in parts", () => {
  it("are requested only once the fill is complete, owe only their own items, and count from nothing again", async () => {
    const uhid = await newPatient();
    const rx = await prescribe(uhid, [
      { medication_code: "6809", quantity: 30, refills_allowed: 2 },
      { medication_code: "723", quantity: 10 },
    ]);
    await stockUp(pharmacist, KAMPALA, "6809", 200);
    await stockUp(pharmacist, KAMPALA, "723", 30);
    expect((await dispense(pharmacist, rx.id, KAMPALA, [{ medication_code: "6809", quantity: 30 }, { medication_code: "723", quantity: 10 }])).status).toBe(201);

    const refill = await requestRefill(rx.id);
    expect(refill.status).toBe(201);
    const current = await prescription(rx.id);
    expect(current).toMatchObject({ status: "dispensed", current_fill: { number: 1, refill: refill.body.id, status: "pending", parts: 0 } });
    expect(await owedOf(rx.id)).toEqual([
      ["6809", 0, 30],
      ["723", 0, 0],
    ]);

    const part1 = await dispense(pharmacist, rx.id, KAMPALA, [{ medication_code: "6809", quantity: 12 }]);
    expect(part1.status).toBe(201);
    expect(part1.body).toMatchObject({ fill_number: 1, part: 1, refill: refill.body.id });
    expect((await prescription(rx.id)).current_fill).toMatchObject({ number: 1, status: "partially_dispensed", parts: 1 });
    expect(await owedOf(rx.id)).toEqual([
      ["6809", 12, 18],
      ["723", 0, 0],
    ]);
    expect(await queueOf(uhid)).toEqual([expect.objectContaining({ fill_number: 1, refill: refill.body.id, status: "partially_dispensed", items: [expect.objectContaining({ quantity_owed: 18 })] })]);
    const partial = await stack.rest("GET", `${base}/refills/?prescription=${rx.id}&status=partially_dispensed`, { token: pharmacist });
    expect(partial.body.results).toEqual([expect.objectContaining({ id: refill.body.id, status: "partially_dispensed", dispense: part1.body.id, dispensed_at: null })]);
    const early = await requestRefill(rx.id);
    expect(early.status).toBe(409);
    expect(early.body.error.message).toMatch(/^Refill 1 of this prescription is partially dispensed/);

    const part2 = await dispense(pharmacist, rx.id, KAMPALA, [{ medication_code: "6809", quantity: 18 }]);
    expect(part2.body).toMatchObject({ fill_number: 1, part: 2 });
    const refills = await stack.rest("GET", `${base}/refills/?prescription=${rx.id}`, { token: pharmacist });
    expect(refills.body.results).toEqual([expect.objectContaining({ id: refill.body.id, status: "dispensed", dispense: part2.body.id, dispensed_at: expect.any(String) })]);
    expect(await queueOf(uhid)).toEqual([]);
    expect((await requestRefill(rx.id)).status).toBe(201);
    expect(await owedOf(rx.id)).toEqual([
      ["6809", 0, 30],
      ["723", 0, 0],
    ]);
    const fills = (await prescription(rx.id)).fills;
    expect(fills.map((f: { number: number; status: string; parts: number }) => [f.number, f.status, f.parts])).toEqual([
      [0, "dispensed", 1],
      [1, "dispensed", 2],
      [2, "pending", 0],
    ]);
  });
});

describe("controlled medicines given in parts", () => {
  it("write a register entry per part, keep the per-prescription limit over the parts, and need the witness each time", async () => {
    const uhid = await newPatient();
    // Morphine (RxNorm 7052): controlled, at most 60 units per prescription, witness required.
    const rx = await prescribe(uhid, [{ medication_code: "7052", quantity: 60, dose: "10 mg", frequency: "every 4 hours" }]);
    await stockUp(pharmacist, KAMPALA, "7052", 100); // and its register receipt

    const first = await dispense(pharmacist, rx.id, KAMPALA, [{ medication_code: "7052", quantity: 40 }], { witness: "S. Nakato" });
    expect(first.status).toBe(201);
    const noWitness = await dispense(pharmacist, rx.id, KAMPALA, [{ medication_code: "7052", quantity: 20 }]);
    expect(noWitness.status).toBe(400);
    expect(noWitness.body.error.fields.witness).toBeDefined();
    const beyond = await dispense(pharmacist, rx.id, KAMPALA, [{ medication_code: "7052", quantity: 21 }], { witness: "S. Nakato" });
    expect(beyond.status).toBe(400);
    expect(beyond.body.error.fields["items.0.quantity"]).toEqual([
      "must not exceed the 20 still owed on this fill (40 of 60 dispensed)",
      "Morphine is controlled: at most 60 units per prescription (40 dispensed already)",
    ]);
    const second = await dispense(pharmacist, rx.id, KAMPALA, [{ medication_code: "7052", quantity: 20 }], { witness: "J. Okot" });
    expect(second.status).toBe(201);

    const register = await stack.rest("GET", `/api/v1/drug-safety/controlled-register/?medication_code=7052&transaction_type=dispense&page_size=100`, { token: pharmacist });
    const entries = register.body.results.filter((e: { prescription_id: string }) => e.prescription_id === rx.id);
    expect(entries.map((e: { quantity: number; reference_id: string; witness: string }) => [e.quantity, e.reference_id, e.witness]).sort()).toEqual(
      [
        [-40, first.body.id, "S. Nakato"],
        [-20, second.body.id, "J. Okot"],
      ].sort(),
    );
  });

  it("are not given past the 30 days a controlled prescription is valid, even as the rest of a fill; the fill can be closed short", async () => {
    const uhid = await newPatient();
    const rx = await prescribe(uhid, [{ medication_code: "7052", quantity: 30, dose: "10 mg", frequency: "every 4 hours" }]);
    await stockUp(pharmacist, KAMPALA, "7052", 40); // and its register receipt
    expect((await dispense(pharmacist, rx.id, KAMPALA, [{ medication_code: "7052", quantity: 10 }], { witness: "S. Nakato" })).status).toBe(201);
    await stack.server.database!.db.execute(sql`update pharmacy.prescriptions set issued_at = now() - interval '31 days' where id = ${rx.id}`);
    const late = await dispense(pharmacist, rx.id, KAMPALA, [{ medication_code: "7052", quantity: 20 }], { witness: "S. Nakato" });
    expect(late.status).toBe(409);
    expect(late.body.error.message).toMatch(/more than 30 days ago/);
    const closed = await closeFill(pharmacist, rx.id, { reason: "Prescription expired (controlled, 30 days); patient referred back to the prescriber" });
    expect(closed.status).toBe(200);
    expect(closed.body.current_fill.closure.not_given).toEqual([{ medication_code: "7052", medication_name: "Morphine", quantity: 20 }]);
  });
});

describe("closing a fill short", () => {
  it("is refused with clear errors when there is nothing to close, no reason, the wrong fill or the wrong pharmacy, and writes nothing", async () => {
    const uhid = await newPatient();
    const rx = await prescribe(uhid, [{ medication_code: "2002", quantity: 30 }]);
    await stockUp(pharmacist, KAMPALA, "2002", 30);

    const untouched = await closeFill(pharmacist, rx.id, { reason: "Out of stock" });
    expect(untouched.status).toBe(409);
    expect(untouched.body.error.message).toMatch(/Nothing has been dispensed on fill 0 yet/);

    expect((await dispense(pharmacist, rx.id, KAMPALA, [{ medication_code: "2002", quantity: 10 }])).status).toBe(201);
    for (const reason of ["", "   "]) {
      const blank = await closeFill(pharmacist, rx.id, { reason });
      expect(blank.status).toBe(400);
      expect(Object.keys(blank.body.error.fields)).toEqual(["reason"]);
    }
    const unknown = await closeFill(pharmacist, rx.id, { reason: "Out of stock", misspelt: true });
    expect(unknown.status).toBe(400);
    const wrongFill = await closeFill(pharmacist, rx.id, { reason: "Out of stock", fill_number: 1 });
    expect(wrongFill.status).toBe(409);
    const otherPharmacy = await closeFill(guluPharmacist, rx.id, { reason: "Out of stock" });
    expect(otherPharmacy.status).toBe(403);
    expect((await closeFill(pharmacist, "5b7c2a3e-0000-4000-8000-00000000abcd", { reason: "Out of stock" })).status).toBe(404);
    const physicianTry = await closeFill(physician, rx.id, { reason: "Out of stock" });
    expect(physicianTry.status).toBe(403);

    expect(await prescription(rx.id)).toMatchObject({ status: "partially_dispensed", current_fill: { status: "partially_dispensed", closure: null } });
    expect(await owedOf(rx.id)).toEqual([["2002", 10, 20]]);
  });

  it("ends what is owed with the reason, who and what was not given, leaves the queue, and lets a refill follow", async () => {
    const uhid = await newPatient();
    const rx = await prescribe(uhid, [
      { medication_code: "6809", quantity: 60, refills_allowed: 1 },
      { medication_code: "723", quantity: 15 },
    ]);
    await stockUp(pharmacist, KAMPALA, "6809", 100);
    expect((await dispense(pharmacist, rx.id, KAMPALA, [{ medication_code: "6809", quantity: 40 }])).status).toBe(201);

    const closed = await closeFill(pharmacist, rx.id, { reason: "Amoxicillin out of stock countrywide; metformin: patient moving to Gulu", fill_number: 0 });
    expect(closed.status).toBe(200);
    expect(closed.body).toMatchObject({
      status: "dispensed",
      current_fill: {
        number: 0,
        status: "dispensed",
        parts: 1,
        closure: {
          reason: "Amoxicillin out of stock countrywide; metformin: patient moving to Gulu",
          closed_by: "kla-pharmacist",
          pharmacy: KAMPALA,
          closed_at: expect.any(String),
          not_given: [
            { medication_code: "6809", medication_name: "Metformin", quantity: 20 },
            { medication_code: "723", medication_name: "Amoxicillin", quantity: 15 },
          ],
        },
      },
    });
    expect(closed.body.items.map((i: { quantity_dispensed: number; quantity_owed: number }) => [i.quantity_dispensed, i.quantity_owed])).toEqual([
      [40, 0],
      [0, 0],
    ]);
    expect(await queueOf(uhid)).toEqual([]);
    expect((await dispense(pharmacist, rx.id, KAMPALA, [{ medication_code: "723", quantity: 1 }])).status).toBe(409);
    expect((await closeFill(pharmacist, rx.id, { reason: "again" })).status).toBe(409);

    const refill = await requestRefill(rx.id);
    expect(refill.status).toBe(201);
    expect(await owedOf(rx.id)).toEqual([
      ["6809", 0, 60],
      ["723", 0, 0],
    ]);
    // The closure stays on fill 0's record.
    expect((await prescription(rx.id)).fills.map((f: { number: number; closure: { closed_by: string } | null }) => [f.number, f.closure?.closed_by ?? null])).toEqual([
      [0, "kla-pharmacist"],
      [1, null],
    ]);
  });

  it("runs the same through GraphQL (closePrescriptionFill) and lets an admin close a refill any pharmacy dispensed", async () => {
    const uhid = await newPatient();
    const rx = await prescribe(uhid, [{ medication_code: "6809", quantity: 30, refills_allowed: 1 }]);
    await stockUp(pharmacist, KAMPALA, "6809", 100);
    expect((await dispense(pharmacist, rx.id, KAMPALA, [{ medication_code: "6809", quantity: 30 }])).status).toBe(201);
    expect((await requestRefill(rx.id)).status).toBe(201);
    expect((await dispense(pharmacist, rx.id, KAMPALA, [{ medication_code: "6809", quantity: 5 }])).status).toBe(201);

    const mutation = `mutation ($id: ID!, $input: ClosePrescriptionFillInput!) {
      closePrescriptionFill(id: $id, input: $input) {
        status items { medicationCode quantityDispensed quantityOwed }
        currentFill { number status parts closure { reason closedBy pharmacyId notGiven { medicationCode quantity } } }
      }
    }`;
    const res = await stack.gql(mutation, { id: rx.id, input: { reason: "Patient stopped metformin (prescriber's advice)" } }, admin);
    expect(res.body.errors).toBeUndefined();
    expect(res.body.data.closePrescriptionFill).toEqual({
      status: "dispensed",
      items: [{ medicationCode: "6809", quantityDispensed: 5, quantityOwed: 0 }],
      currentFill: {
        number: 1,
        status: "dispensed",
        parts: 1,
        closure: { reason: "Patient stopped metformin (prescriber's advice)", closedBy: "ops-admin", pharmacyId: null, notGiven: [{ medicationCode: "6809", quantity: 25 }] },
      },
    });
    const refills = await stack.rest("GET", `${base}/refills/?prescription=${rx.id}`, { token: pharmacist });
    expect(refills.body.results).toEqual([expect.objectContaining({ status: "dispensed", dispensed_at: expect.any(String) })]);
    const again = await stack.gql(mutation, { id: rx.id, input: { reason: "again" } }, admin);
    expect(again.body.errors[0].extensions.code).toBe("CONFLICT");
    const rows = rowsOf<{ n: number }>(await stack.server.database!.db.execute(sql`select count(*)::int as n from pharmacy.prescription_fill_closures where prescription_id = ${rx.id}`));
    expect(rows[0].n).toBe(1);
  });
});
