import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GULU, KAMPALA, startStack, type Stack } from "../support/stack.js";

let stack: Stack;
let pharmacist: string;
let physician: string;
let cashier: string;
let auditor: string;
const ds = "/api/v1/drug-safety/";
const register = `${ds}controlled-register/`;

beforeAll(async () => {
  stack = await startStack();
  pharmacist = await stack.token("pharmacist", { pharmacy: KAMPALA, sub: "pharm-kla-1" });
  physician = await stack.token("physician");
  cashier = await stack.token("cashier", { pharmacy: KAMPALA });
  auditor = await stack.token("auditor");
});
afterAll(() => stack?.stop());

describe("interaction check (GET /api/v1/drug-safety/interactions/)", () => {
  it("finds the published warfarin + aspirin interaction as major, with its source and management", async () => {
    const res = await stack.rest("GET", `${ds}interactions/?items=11289,1191`, { token: pharmacist });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ safe: false, checked_pairs: 1, unrecognized: [], requires_review: true, audit_id: expect.any(String) });
    expect(res.body.interactions).toEqual([
      expect.objectContaining({ type: "drug-drug", severity: "major", codes: ["11289", "1191"], drugs: ["Warfarin", "Aspirin"], source: expect.stringContaining("BNF"), management: expect.stringMatching(/\S/), mechanism: expect.stringMatching(/\S/) }),
    ]);
  });

  it("checks every pair of three items", async () => {
    const res = await stack.rest("GET", `${ds}interactions/?items=11289,1191,4493`, { token: physician });
    expect(res.status).toBe(200);
    expect(res.body.checked_pairs).toBe(3);
    const pairs = res.body.interactions.map((f: { codes: string[] }) => [...f.codes].sort().join("+")).sort();
    expect(pairs).toEqual(["11289+1191", "11289+4493", "1191+4493"]);
    expect(res.body.interactions[0].severity).toBe("major");
  });

  it("reports an unknown code instead of dropping it, and answers (not errors) with fewer than two known items", async () => {
    const res = await stack.rest("GET", `${ds}interactions/?items=11289,99999999`, { token: pharmacist });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ safe: false, unrecognized: ["99999999"], checked_pairs: 0, interactions: [] });
    expect(res.body.items).toEqual([
      { code: "11289", name: "Warfarin", in_catalog: true, recognized: true },
      { code: "99999999", name: null, in_catalog: false, recognized: false },
    ]);
    expect(res.body.warnings.join(" ")).toMatch(/Fewer than two/);
    const one = await stack.rest("GET", `${ds}interactions/?items=4603`, { token: pharmacist });
    expect(one.status).toBe(200);
    expect(one.body).toMatchObject({ safe: true, checked_pairs: 0, interactions: [], unrecognized: [] });
  });

  it("with a patient, checks the items against the patient's recorded allergies too", async () => {
    // UG-2024-000021 has a recorded aspirin allergy (seed/demo/clinical.json).
    const res = await stack.rest("GET", `${ds}interactions/?items=1191&patient_uhid=UG-2024-000021`, { token: pharmacist });
    expect(res.status).toBe(200);
    expect(res.body.interactions).toEqual(expect.arrayContaining([expect.objectContaining({ type: "drug-allergy", codes: ["1191"] })]));
    expect(res.body.safe).toBe(false);
    const unknown = await stack.rest("GET", `${ds}interactions/?items=1191&patient_uhid=UG-0000-000000`, { token: pharmacist });
    expect(unknown.status).toBe(404);
  });

  it("refuses more than 20 items or none (400 on items), and callers without drug safety (403)", async () => {
    const many = Array.from({ length: 21 }, (_, i) => String(1000 + i)).join(",");
    const tooMany = await stack.rest("GET", `${ds}interactions/?items=${many}`, { token: pharmacist });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.error.fields.items).toBeDefined();
    const none = await stack.rest("GET", `${ds}interactions/?items=,`, { token: pharmacist });
    expect(none.status).toBe(400);
    const missing = await stack.rest("GET", `${ds}interactions/`, { token: pharmacist });
    expect(missing.status).toBe(400);
    expect((await stack.rest("GET", `${ds}interactions/?items=11289,1191`, { token: cashier })).status).toBe(403);
  });
});

describe("patient allergies (GET /api/v1/drug-safety/allergies/)", () => {
  it("answers a demo patient's recorded allergy with its allergen class, audited; 404 for an unknown uhid", async () => {
    const res = await stack.rest("GET", `${ds}allergies/?uhid=UG-2024-000021`, { token: pharmacist });
    expect(res.status).toBe(200);
    expect(res.body.uhid).toBe("UG-2024-000021");
    expect(res.body.allergies).toEqual([
      expect.objectContaining({ substance: "Aspirin", reaction: "Bronchospasm", severity: "severe", recognized: true, allergen_classes: expect.arrayContaining([expect.stringMatching(/salicylate/i)]) }),
    ]);
    const audit = await stack.rest("GET", `/api/v1/clinical-audit/records/?operation=patient_allergies_read&patient_uhid=UG-2024-000021`, { token: auditor });
    expect(audit.status).toBe(200);
    expect(audit.body.results.map((r: { id: string }) => r.id)).toContain(res.body.audit_id);
    const missing = await stack.rest("GET", `${ds}allergies/?uhid=UG-0000-000000`, { token: pharmacist });
    expect(missing.status).toBe(404);
  });
});

describe("controlled substances (GET /api/v1/drug-safety/controlled-substances/)", () => {
  it("lists only controlled catalog medicines with schedule, limit and witness rule; filters by schedule", async () => {
    const res = await stack.rest("GET", `${ds}controlled-substances/?page_size=100`, { token: pharmacist });
    expect(res.status).toBe(200);
    const codes = res.body.results.map((m: { code: string }) => m.code);
    expect(codes).toEqual(expect.arrayContaining(["2670", "10689", "7052", "3322", "local:pethidine", "local:phenobarbital"]));
    expect(codes).not.toContain("4603");
    expect(res.body.results.find((m: { code: string }) => m.code === "7052")).toMatchObject({ schedule: "1961-I", witness_required: true, max_quantity_per_prescription: expect.any(Number) });
    const iv = await stack.rest("GET", `${ds}controlled-substances/?schedule=1971-IV`, { token: pharmacist });
    expect(iv.body.results.every((m: { schedule: string }) => m.schedule === "1971-IV")).toBe(true);
    expect(iv.body.results.map((m: { code: string }) => m.code)).toContain("3322");
  });
});

describe("controlled register (POST/GET /api/v1/drug-safety/controlled-register/)", () => {
  const entry = (o: Record<string, unknown>) => ({ medication_code: "3322", pharmacy_id: KAMPALA, ...o });

  it("keeps the balance over receipts and dispenses; a dispense beyond the balance is 409 and writes nothing", async () => {
    const receipt = await stack.rest("POST", register, { token: pharmacist, body: entry({ transaction_type: "receipt", quantity: 50, reference_type: "grn", reference_id: "GRN-1" }) });
    expect(receipt.status).toBe(201);
    expect(receipt.body).toMatchObject({ medication_code: "3322", pharmacy_id: KAMPALA, transaction_type: "receipt", quantity: 50, balance_before: 0, balance_after: 50, recorded_by: "pharm-kla-1" });
    const dispense = await stack.rest("POST", register, { token: pharmacist, body: entry({ transaction_type: "dispense", quantity: -20, prescription_id: "rx-1" }) });
    expect(dispense.status).toBe(201);
    expect(dispense.body).toMatchObject({ balance_before: 50, balance_after: 30, quantity: -20, prescription_id: "rx-1" });
    const second = await stack.rest("POST", register, { token: pharmacist, body: entry({ transaction_type: "receipt", quantity: 5 }) });
    expect(second.body).toMatchObject({ balance_before: 30, balance_after: 35 });

    const tooMuch = await stack.rest("POST", register, { token: pharmacist, body: entry({ transaction_type: "dispense", quantity: -36, prescription_id: "rx-2" }) });
    expect(tooMuch.status).toBe(409);
    const list = await stack.rest("GET", `${register}?medication_code=3322&pharmacy=${KAMPALA}`, { token: pharmacist });
    expect(list.status).toBe(200);
    expect(list.body.results.map((e: { balance_after: number }) => e.balance_after)).toEqual([35, 30, 50]);
    expect(list.body.results.some((e: { prescription_id: string }) => e.prescription_id === "rx-2")).toBe(false);
    const exact = await stack.rest("POST", register, { token: pharmacist, body: entry({ transaction_type: "dispense", quantity: -35, prescription_id: "rx-3" }) });
    expect(exact.body).toMatchObject({ balance_before: 35, balance_after: 0 });
  });

  it("records an entry once per Idempotency-Key: a retry gets the first entry, the balance moves once, another body is 409", async () => {
    const body = (o: Record<string, unknown>) => ({ medication_code: "4337", pharmacy_id: KAMPALA, witness: "pharm-kla-2", ...o });
    const key = { "Idempotency-Key": `register-${Date.now()}` };
    const first = await stack.rest("POST", register, { token: pharmacist, headers: key, body: body({ transaction_type: "receipt", quantity: 12, reference_type: "grn", reference_id: "GRN-IDEM" }) });
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    const [retry, concurrent] = await Promise.all([
      stack.rest("POST", register, { token: pharmacist, headers: key, body: body({ transaction_type: "receipt", quantity: 12, reference_type: "grn", reference_id: "GRN-IDEM" }) }),
      stack.rest("POST", register, { token: pharmacist, headers: key, body: body({ transaction_type: "receipt", quantity: 12, reference_type: "grn", reference_id: "GRN-IDEM" }) }),
    ]);
    for (const r of [retry, concurrent]) {
      expect(r.status).toBe(201);
      expect(r.body).toEqual(first.body);
    }
    const other = await stack.rest("POST", register, { token: pharmacist, headers: key, body: body({ transaction_type: "receipt", quantity: 13, reference_type: "grn", reference_id: "GRN-IDEM" }) });
    expect(other.status).toBe(409);
    const entries = (await stack.rest("GET", `${register}?medication_code=4337`, { token: pharmacist })).body.results.filter((e: { reference_id: string }) => e.reference_id === "GRN-IDEM");
    expect(entries).toHaveLength(1);
    // Without a key, the same body is a second receipt (the register records what it is told).
    const unkeyed = await stack.rest("POST", register, { token: pharmacist, body: body({ transaction_type: "receipt", quantity: 1 }) });
    expect(unkeyed.body.balance_before).toBe(first.body.balance_after);
  });

  it("serialises concurrent dispenses on the balance row: only what the balance holds is dispensed", async () => {
    const body = (o: Record<string, unknown>) => ({ medication_code: "6960", pharmacy_id: KAMPALA, ...o });
    expect((await stack.rest("POST", register, { token: pharmacist, body: body({ transaction_type: "receipt", quantity: 10 }) })).status).toBe(201);
    const results = await Promise.all(
      Array.from({ length: 5 }, (_, i) => stack.rest("POST", register, { token: pharmacist, body: body({ transaction_type: "dispense", quantity: -3, prescription_id: `rx-race-${i}` }) })),
    );
    expect(results.map((r) => r.status).sort()).toEqual([201, 201, 201, 409, 409]);
    const entries = (await stack.rest("GET", `${register}?medication_code=6960`, { token: pharmacist })).body.results;
    expect(entries.map((e: { balance_after: number }) => e.balance_after)).toEqual([1, 4, 7, 10]);
    // Every entry starts where the previous one ended.
    for (let i = 0; i < entries.length - 1; i++) expect(entries[i].balance_before).toBe(entries[i + 1].balance_after);
  });

  it("refuses a medicine that is not controlled (400) and a wrong sign, changing nothing", async () => {
    // The demo register opens with the shelf's codeine (seed/demo); nothing may be added to it here.
    const before = (await stack.rest("GET", `${register}?medication_code=2670`, { token: pharmacist })).body.results;
    const res = await stack.rest("POST", register, { token: pharmacist, body: { medication_code: "4603", transaction_type: "receipt", quantity: 10 } });
    expect(res.status).toBe(400);
    expect(res.body.error.fields.medication_code).toBeDefined();
    const unknown = await stack.rest("POST", register, { token: pharmacist, body: { medication_code: "no-such", transaction_type: "receipt", quantity: 10 } });
    expect(unknown.status).toBe(400);
    const sign = await stack.rest("POST", register, { token: pharmacist, body: { medication_code: "2670", transaction_type: "dispense", quantity: 5, prescription_id: "rx-9" } });
    expect(sign.status).toBe(400);
    expect(sign.body.error.fields.quantity).toBeDefined();
    const list = await stack.rest("GET", `${register}?medication_code=2670`, { token: pharmacist });
    expect(list.body.results).toEqual(before);
  });

  it("requires a witness where the catalog says so (morphine) and for destruction, never the recorder", async () => {
    const noWitness = await stack.rest("POST", register, { token: pharmacist, body: { medication_code: "7052", transaction_type: "receipt", quantity: 20 } });
    expect(noWitness.status).toBe(400);
    expect(noWitness.body.error.fields.witness).toBeDefined();
    const self = await stack.rest("POST", register, { token: pharmacist, body: { medication_code: "7052", transaction_type: "receipt", quantity: 20, witness: "pharm-kla-1" } });
    expect(self.status).toBe(400);
    expect(self.body.error.fields.witness).toBeDefined();
    const ok = await stack.rest("POST", register, { token: pharmacist, body: { medication_code: "7052", transaction_type: "receipt", quantity: 20, witness: "pharm-kla-2" } });
    expect(ok.status).toBe(201);
    expect(ok.body).toMatchObject({ witness: "pharm-kla-2", balance_after: 20 });
    // Codeine needs no witness to be received, but any destruction does.
    const codeine = await stack.rest("POST", register, { token: pharmacist, body: { medication_code: "2670", transaction_type: "receipt", quantity: 10 } });
    expect(codeine.status).toBe(201);
    const destroy = await stack.rest("POST", register, { token: pharmacist, body: { medication_code: "2670", transaction_type: "destruction", quantity: -2 } });
    expect(destroy.status).toBe(400);
    expect(destroy.body.error.fields.witness).toBeDefined();
    const destroyed = await stack.rest("POST", register, { token: pharmacist, body: { medication_code: "2670", transaction_type: "destruction", quantity: -2, witness: "pharm-kla-2", notes: "expired" } });
    expect(destroyed.body).toMatchObject({ balance_before: codeine.body.balance_after, balance_after: codeine.body.balance_after - 2 });
  });

  it("forbids writing for another pharmacy (403) and keeps each pharmacy's register to itself", async () => {
    const other = await stack.rest("POST", register, { token: pharmacist, body: { medication_code: "3322", pharmacy_id: GULU, transaction_type: "receipt", quantity: 5 } });
    expect(other.status).toBe(403);
    expect((await stack.rest("GET", `${register}?pharmacy=${GULU}`, { token: pharmacist })).status).toBe(403);
    const gulu = await stack.token("pharmacist", { pharmacy: GULU, sub: "pharm-gulu-1" });
    const guluReceipt = await stack.rest("POST", register, { token: gulu, body: { medication_code: "3322", transaction_type: "receipt", quantity: 7 } });
    expect(guluReceipt.body).toMatchObject({ pharmacy_id: GULU, balance_before: 0, balance_after: 7 });
    const all = await stack.rest("GET", `${register}?page_size=100`, { token: auditor });
    expect(all.status).toBe(200);
    // Every demo pharmacy's register opens with its controlled stock (seed/demo), so the auditor sees them all.
    expect([...new Set(all.body.results.map((e: { pharmacy_id: string }) => e.pharmacy_id))]).toEqual(expect.arrayContaining([KAMPALA, GULU]));
    const mine = await stack.rest("GET", `${register}?page_size=100`, { token: pharmacist });
    expect(mine.body.results.every((e: { pharmacy_id: string }) => e.pharmacy_id === KAMPALA)).toBe(true);
    expect((await stack.rest("POST", register, { token: auditor, body: { medication_code: "3322", pharmacy_id: KAMPALA, transaction_type: "receipt", quantity: 1 } })).status).toBe(403);
    expect((await stack.rest("GET", register, { token: cashier })).status).toBe(403);
  });

  it("filters by transaction type and dates, newest first", async () => {
    const dispenses = await stack.rest("GET", `${register}?transaction_type=dispense`, { token: pharmacist });
    expect(dispenses.body.results.length).toBeGreaterThan(0);
    expect(dispenses.body.results.every((e: { transaction_type: string }) => e.transaction_type === "dispense")).toBe(true);
    const future = await stack.rest("GET", `${register}?date_from=2999-01-01T00:00:00Z`, { token: pharmacist });
    expect(future.body.results).toEqual([]);
    const numbers = (await stack.rest("GET", `${register}?page_size=100`, { token: pharmacist })).body.results.map((e: { entry_number: number }) => e.entry_number);
    expect(numbers).toEqual([...numbers].sort((a, b) => b - a));
    expect((await stack.rest("GET", `${register}?transaction_type=theft`, { token: pharmacist })).status).toBe(400);
  });

  it("is append-only: there is no PUT or DELETE (405)", async () => {
    const list = await stack.rest("GET", register, { token: pharmacist });
    const id = list.body.results[0].id;
    for (const method of ["PUT", "PATCH", "DELETE"]) {
      expect((await stack.rest(method, register, { token: pharmacist, body: {} })).status).toBe(405);
      expect([404, 405]).toContain((await stack.rest(method, `${register}${id}/`, { token: pharmacist, body: {} })).status);
    }
  });
});
