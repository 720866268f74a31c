/**
 * Spec, workflow 2 (prescription dispensing) end to end through REST on real servers: prescriptions
 * with items, the queue with stock, dispenses (safety findings, override, controlled register, ledger
 * movements, one transaction, the two-pharmacy race), refills, and the pickup-ready notification
 * through the pharmacy's outbox — delivered once, also when the notification service was down.
 */
import { createServer, type IncomingMessage, type Server } from "node:http";
import { sql, type SQL } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rowsOf } from "../../lib/db.js";
import { GULU, KAMPALA, startStack, type Stack } from "../support/stack.js";
import { DISPENSING as base, dispenseBody, dispensingSteps } from "./dispensing-helpers.js";

/**
 * Stands between the pharmacy and the notification service: forwards sends to the real service
 * (this stack's own /api/v1/notifications/send/) while `up`, answers 503 while down, and records
 * every call with its Idempotency-Key and outcome.
 */
interface Gate {
  server: Server;
  up: boolean;
  target: string;
  calls: { key: string; dispenseId: string | undefined; status: number; notificationId?: string }[];
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

async function startGate(): Promise<Gate> {
  const gate: Gate = { server: undefined as unknown as Server, up: true, target: "", calls: [] };
  gate.server = createServer(async (req, res) => {
    const raw = await readBody(req);
    const key = String(req.headers["idempotency-key"] ?? "");
    const dispenseId = (() => {
      try {
        return (JSON.parse(raw) as { parameters?: { dispense_id?: string } }).parameters?.dispense_id;
      } catch {
        return undefined;
      }
    })();
    if (!gate.up) {
      gate.calls.push({ key, dispenseId, status: 503 });
      res.writeHead(503, { "content-type": "application/json" }).end(JSON.stringify({ error: { code: "UPSTREAM_UNAVAILABLE", message: "down for the test" } }));
      return;
    }
    const headers: Record<string, string> = { "content-type": "application/json" };
    for (const h of ["authorization", "idempotency-key", "x-request-id"]) if (req.headers[h]) headers[h] = String(req.headers[h]);
    const upstream = await fetch(`${gate.target}${req.url}`, { method: req.method, headers, body: raw });
    const text = await upstream.text();
    let notificationId: string | undefined;
    try {
      notificationId = (JSON.parse(text) as { notification_id?: string }).notification_id;
    } catch {
      /* not JSON */
    }
    gate.calls.push({ key, dispenseId, status: upstream.status, notificationId });
    res.writeHead(upstream.status, { "content-type": upstream.headers.get("content-type") ?? "application/json" }).end(text);
  });
  await new Promise<void>((r) => gate.server.listen(0, "127.0.0.1", r));
  return gate;
}

let stack: Stack;
let gate: Gate;
let physician: string;
let pharmacist: string;
let guluPharmacist: string;
let auditor: string;
const { newPatient, prescribe, stockUp, onHand, dispenseMovements } = dispensingSteps(() => ({ stack, physician }), "DISP");

beforeAll(async () => {
  gate = await startGate();
  const address = gate.server.address() as { port: number };
  stack = await startStack({ env: { NOTIFICATIONS_URL: `http://127.0.0.1:${address.port}`, PHARMACY_OUTBOX_INTERVAL_MS: "150", PHARMACY_OUTBOX_RETRY_BASE_MS: "100" } });
  gate.target = stack.url;
  physician = await stack.token("physician", { sub: "dr-okello" });
  pharmacist = await stack.token("pharmacist", { pharmacy: KAMPALA, sub: "kla-pharmacist" });
  guluPharmacist = await stack.token("pharmacist", { pharmacy: GULU, sub: "gulu-pharmacist" });
  auditor = await stack.token("auditor");
});
afterAll(async () => {
  await stack?.stop();
  await new Promise<void>((r) => (gate ? gate.server.close(() => r()) : r()));
});

async function until<T>(probe: () => Promise<T>, ok: (v: T) => boolean, ms = 10_000): Promise<T> {
  const end = Date.now() + ms;
  let v = await probe();
  while (!ok(v) && Date.now() < end) {
    await new Promise((r) => setTimeout(r, 100));
    v = await probe();
  }
  return v;
}

const sentCalls = (dispenseId: string) => gate.calls.filter((c) => c.dispenseId === dispenseId && c.status >= 200 && c.status < 300);

/** How long a test waits for the outbox to deliver: a loaded machine may take a while, a fast one returns at once. */
const DELIVERY_DEADLINE_MS = 30_000;

/**
 * Spec, Events: "a pickup-ready notification is sent by the caller through the notification service".
 * The dispense answers `sent` when its own attempt got through, `queued` when the outbox will deliver
 * it (docs/decisions/pharmacy.md, the pharmacy outbox); either way it must end up sent, once. Polls the
 * dispense through the API until it shows `sent`, then checks that exactly one notification exists.
 */
async function expectPickupReadySent(dispenseId: string, uhid: string) {
  const sent = await until(
    async () => (await stack.rest("GET", `${base}/dispenses/${dispenseId}/`, { token: pharmacist })).body,
    (d) => d.notification_status === "sent",
    DELIVERY_DEADLINE_MS,
  );
  expect(sent.notification_status).toBe("sent");
  // The worker does not send it again. Every attempt carried the message's one Idempotency-Key, so a
  // request attempt that timed out after the service answered and the outbox's retry name one notification.
  await new Promise((r) => setTimeout(r, 600));
  const calls = gate.calls.filter((c) => c.dispenseId === dispenseId);
  expect(new Set(calls.map((c) => c.key)).size).toBe(1);
  expect([...new Set(sentCalls(dispenseId).map((c) => c.notificationId))]).toEqual([sent.notification_id]);
  expect(sent.notification_id).toEqual(expect.any(String));
  const notification = await stack.rest("GET", `/api/v1/notifications/${sent.notification_id}/`, { token: auditor });
  expect(notification.status).toBe(200);
  expect(notification.body).toMatchObject({ patient_uhid: uhid, template: "pickup_ready" });
  return sent;
}

describe("prescriptions", () => {
  it("are written by physicians with several items for a registered patient, and refused with clear errors otherwise", async () => {
    const uhid = await newPatient();
    const rx = await prescribe(uhid, [
      { medication_code: "6809", quantity: 60, refills_allowed: 2 },
      { medication_code: "723", quantity: 15 },
    ]);
    expect(rx).toMatchObject({ patient_uhid: uhid, status: "pending", refills_allowed: 2, prescriber: "dr-okello" });
    expect(rx.items.map((i) => [i.medication_code, i.medication_name])).toEqual([
      ["6809", "Metformin"],
      ["723", "Amoxicillin"],
    ]);

    const asPharmacist = await stack.rest("POST", `${base}/prescriptions/`, { token: pharmacist, body: { patient_uhid: uhid, items: [{ medication_code: "723", dose: "500 mg", frequency: "tds", quantity: 15 }] } });
    expect(asPharmacist.status).toBe(403);
    const unknownPatient = await stack.rest("POST", `${base}/prescriptions/`, { token: physician, body: { patient_uhid: "UG-NOBODY-1", items: [{ medication_code: "723", dose: "500 mg", frequency: "tds", quantity: 15 }] } });
    expect(unknownPatient.status).toBe(404);
    const bad = await stack.rest("POST", `${base}/prescriptions/`, {
      token: physician,
      body: { patient_uhid: uhid, items: [{ medication_code: "99999999", dose: "1", frequency: "daily", quantity: 0 }, { medication_code: "10689", dose: "50 mg", frequency: "tds", quantity: 40 }] },
    });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.error.fields).sort()).toEqual(["items.0.medication_code", "items.0.quantity", "items.1.quantity"]);
    const one = await stack.rest("GET", `${base}/prescriptions/${rx.id}/`, { token: physician });
    expect(one.body.items).toHaveLength(2);
  });
});

describe("workflow 2: queue → dispense → stock → pickup-ready notification", () => {
  it("dispenses from the queue, moves stock with dispense movements and sends pickup-ready once", { timeout: 30_000 + DELIVERY_DEADLINE_MS }, async () => {
    const uhid = await newPatient();
    const rx = await prescribe(uhid, [
      { medication_code: "723", quantity: 20 },
      { medication_code: "6809", quantity: 60, refills_allowed: 1 },
    ]);
    await stockUp(pharmacist, KAMPALA, "723", 50);
    await stockUp(pharmacist, KAMPALA, "6809", 100);
    const before = { amox: await onHand(pharmacist, KAMPALA, "723"), metformin: await onHand(pharmacist, KAMPALA, "6809") };

    const queue = await stack.rest("GET", `${base}/queue/?patient_uhid=${uhid}`, { token: pharmacist });
    expect(queue.status).toBe(200);
    expect(queue.body.results).toHaveLength(1);
    const entry = queue.body.results[0];
    expect(entry).toMatchObject({ fill_number: 0, refill: null, in_stock: true, prescription: { id: rx.id, patient: { uhid, given_name: "Amina" } } });
    expect(entry.items).toEqual([
      expect.objectContaining({ medication_code: "723", quantity: 20, available: before.amox, in_stock: true }),
      expect.objectContaining({ medication_code: "6809", quantity: 60, available: before.metformin, in_stock: true }),
    ]);

    const body = dispenseBody(rx.id, KAMPALA, [
      { medication_code: "723", quantity: 20 },
      { medication_code: "6809", quantity: 60 },
    ]);
    const res = await stack.rest("POST", `${base}/dispenses/`, { token: pharmacist, body, headers: { "Idempotency-Key": `disp-${rx.id}` } });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ prescription: rx.id, pharmacy: KAMPALA, pharmacist: "P. Achieng", dispensed_by: "kla-pharmacist", fill_number: 0, override: null });
    // Sent by the request's own attempt, or queued for the outbox when the notification service was slow.
    expect(["sent", "queued"]).toContain(res.body.notification_status);
    expect(res.body.items).toEqual([
      { medication_code: "723", medication_name: "Amoxicillin", quantity: 20, controlled: false },
      { medication_code: "6809", medication_name: "Metformin", quantity: 60, controlled: false },
    ]);

    // Stock reduced by the dispense's own movements.
    expect(await onHand(pharmacist, KAMPALA, "723")).toBe(before.amox - 20);
    expect(await onHand(pharmacist, KAMPALA, "6809")).toBe(before.metformin - 60);
    const movements = await dispenseMovements(pharmacist, res.body.id);
    expect(movements.map((m) => [m.movement_type, m.quantity]).sort()).toEqual([
      ["dispense", -20],
      ["dispense", -60],
    ]);

    // A repeat with the same key is the same dispense, nothing moves twice.
    const again = await stack.rest("POST", `${base}/dispenses/`, { token: pharmacist, body, headers: { "Idempotency-Key": `disp-${rx.id}` } });
    expect(again.status).toBe(201);
    expect(again.body.id).toBe(res.body.id);
    expect(await onHand(pharmacist, KAMPALA, "723")).toBe(before.amox - 20);

    // Without the key it is a second dispense of a dispensed prescription: 409.
    expect((await stack.rest("POST", `${base}/dispenses/`, { token: pharmacist, body })).status).toBe(409);
    const after = await stack.rest("GET", `${base}/queue/?patient_uhid=${uhid}`, { token: pharmacist });
    expect(after.body.results).toHaveLength(0);

    // Pickup-ready: one notification through the notification service, now or by the outbox; never resent.
    const detail = await expectPickupReadySent(res.body.id, uhid);
    expect(detail).toMatchObject({ id: res.body.id, notification_status: "sent" });
    const listed = await stack.rest("GET", `${base}/dispenses/?prescription=${rx.id}`, { token: pharmacist });
    expect(listed.body.results.map((d: { id: string }) => d.id)).toEqual([res.body.id]);

    // The federated Patient carries the prescriptions (with items) and the dispenses.
    const gql = await stack.gql(
      `query ($uhid: ID!) { patient(uhid: $uhid) { uhid prescriptions { id status items { medicationCode quantity } } dispenses { id pharmacyId items { medicationCode quantity } } } }`,
      { uhid },
      physician,
    );
    expect(gql.body.errors).toBeUndefined();
    expect(gql.body.data.patient.prescriptions).toEqual([{ id: rx.id, status: "dispensed", items: [{ medicationCode: "723", quantity: 20 }, { medicationCode: "6809", quantity: 60 }] }]);
    expect(gql.body.data.patient.dispenses).toEqual([{ id: res.body.id, pharmacyId: KAMPALA, items: [{ medicationCode: "723", quantity: 20 }, { medicationCode: "6809", quantity: 60 }] }]);
  });

  it("refuses bad input with field errors, unknown prescriptions with 404 and another pharmacy with 403, writing nothing", async () => {
    const uhid = await newPatient();
    const rx = await prescribe(uhid, [{ medication_code: "723", quantity: 10 }]);
    await stockUp(pharmacist, KAMPALA, "723", 30);
    const bad = await stack.rest("POST", `${base}/dispenses/`, { token: pharmacist, body: dispenseBody(rx.id, KAMPALA, [{ medication_code: "723", quantity: 11 }, { medication_code: "6809", quantity: 1 }]) });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.error.fields).sort()).toEqual(["items.0.quantity", "items.1.medication_code"]);
    const unknown = await stack.rest("POST", `${base}/dispenses/`, { token: pharmacist, body: dispenseBody("5b7c2a3e-0000-4000-8000-00000000abcd", KAMPALA, [{ medication_code: "723", quantity: 1 }]) });
    expect(unknown.status).toBe(404);
    const elsewhere = await stack.rest("POST", `${base}/dispenses/`, { token: pharmacist, body: dispenseBody(rx.id, GULU, [{ medication_code: "723", quantity: 1 }]) });
    expect(elsewhere.status).toBe(403);
    const dispensed = await stack.rest("GET", `${base}/dispenses/?prescription=${rx.id}`, { token: pharmacist });
    expect(dispensed.body.results).toHaveLength(0);
    const queue = await stack.rest("GET", `${base}/queue/?patient_uhid=${uhid}`, { token: pharmacist });
    expect(queue.body.results).toHaveLength(1);
  });
});

describe("a prescription whose patient is no longer in the registry", () => {
  // The clinical engine's check with the patient's record is also the registry check (one gateway
  // call): it answers 404 before it reads a finding or writes an audit entry.
  it("is refused with 404 and writes nothing: no dispense, no movement, no message, no audit entry", async () => {
    const uhid = await newPatient();
    const rx = await prescribe(uhid, [{ medication_code: "723", quantity: 5 }]);
    await stockUp(pharmacist, KAMPALA, "723", 20);
    const db = stack.server.database!.db;
    await db.execute(sql`delete from clinical.patients where uhid = ${uhid}`);
    const count = async (statement: SQL) => rowsOf<{ n: number }>(await db.execute(statement))[0].n;
    const written = async () => ({
      stock: await onHand(pharmacist, KAMPALA, "723"),
      audit: await count(sql`select count(*)::int as n from clinical.ai_audit_log where patient_uhid = ${uhid}`),
      messages: await count(sql`select count(*)::int as n from pharmacy.outbox_messages where patient_uhid = ${uhid}`),
    });
    const before = await written();

    const res = await stack.rest("POST", `${base}/dispenses/`, { token: pharmacist, body: dispenseBody(rx.id, KAMPALA, [{ medication_code: "723", quantity: 5 }]) });
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe("NOT_FOUND");
    expect(res.body.error.message).toContain(uhid);

    expect(await written()).toEqual(before);
    const dispensed = await stack.rest("GET", `${base}/dispenses/?prescription=${rx.id}`, { token: pharmacist });
    expect(dispensed.body.results).toHaveLength(0);
  });
});

describe("the marketplace: one prescription, two pharmacies at once", () => {
  it("lets exactly one dispense succeed; the other is 409 and moves no stock", async () => {
    const uhid = await newPatient();
    const rx = await prescribe(uhid, [{ medication_code: "723", quantity: 12 }]);
    await stockUp(pharmacist, KAMPALA, "723", 40);
    await stockUp(guluPharmacist, GULU, "723", 40);
    const before = { kla: await onHand(pharmacist, KAMPALA, "723"), gulu: await onHand(guluPharmacist, GULU, "723") };
    const [kla, gulu] = await Promise.all([
      stack.rest("POST", `${base}/dispenses/`, { token: pharmacist, body: dispenseBody(rx.id, KAMPALA, [{ medication_code: "723", quantity: 12 }]) }),
      stack.rest("POST", `${base}/dispenses/`, { token: guluPharmacist, body: dispenseBody(rx.id, GULU, [{ medication_code: "723", quantity: 12 }]) }),
    ]);
    expect([kla.status, gulu.status].sort()).toEqual([201, 409]);
    const after = { kla: await onHand(pharmacist, KAMPALA, "723"), gulu: await onHand(guluPharmacist, GULU, "723") };
    const moved = before.kla - after.kla + (before.gulu - after.gulu);
    expect(moved).toBe(12);
    const winner = kla.status === 201 ? kla.body : gulu.body;
    expect((await dispenseMovements(winner.pharmacy === KAMPALA ? pharmacist : guluPharmacist, winner.id)).map((m) => m.quantity)).toEqual([-12]);
  });
});

describe("drug safety at dispensing", () => {
  it("blocks a major interaction (warfarin + aspirin) with the findings, then dispenses with a recorded override", async () => {
    const uhid = await newPatient();
    const rx = await prescribe(uhid, [
      { medication_code: "11289", quantity: 28 },
      { medication_code: "1191", quantity: 28 },
    ]);
    await stockUp(pharmacist, KAMPALA, "11289", 60);
    await stockUp(pharmacist, KAMPALA, "1191", 60);
    const warfarin = await onHand(pharmacist, KAMPALA, "11289");
    const items = [
      { medication_code: "11289", quantity: 28 },
      { medication_code: "1191", quantity: 28 },
    ];
    const blocked = await stack.rest("POST", `${base}/dispenses/`, { token: pharmacist, body: dispenseBody(rx.id, KAMPALA, items) });
    expect(blocked.status).toBe(409);
    expect(blocked.body.error.message).toMatch(/override/);
    expect(blocked.body.error.fields.findings.join(" ")).toMatch(/major drug-drug: .*Warfarin.*Aspirin|major drug-drug: .*Aspirin.*Warfarin/);
    expect(await onHand(pharmacist, KAMPALA, "11289")).toBe(warfarin);
    expect((await stack.rest("GET", `${base}/dispenses/?prescription=${rx.id}`, { token: pharmacist })).body.results).toHaveLength(0);

    const overridden = await stack.rest("POST", `${base}/dispenses/`, {
      token: pharmacist,
      body: dispenseBody(rx.id, KAMPALA, items, { override: { reason: "Mechanical valve: cardiologist confirmed combination; INR monitoring arranged" } }),
    });
    expect(overridden.status).toBe(201);
    expect(overridden.body.override).toMatchObject({ reason: expect.stringContaining("cardiologist"), by: "kla-pharmacist", at: expect.any(String) });
    expect(overridden.body.override.findings).toEqual(expect.arrayContaining([expect.objectContaining({ severity: "major", blocking: true, codes: expect.arrayContaining(["11289", "1191"]) })]));
    expect(overridden.body.findings.length).toBeGreaterThanOrEqual(1);
    expect(overridden.body.safety_audit_id).toEqual(expect.any(String));
    expect(await onHand(pharmacist, KAMPALA, "11289")).toBe(warfarin - 28);
  });

  it("writes a controlled register entry for a controlled item, requires the witness the catalog asks for and keeps the per-prescription limit", async () => {
    const uhid = await newPatient();
    // Morphine (RxNorm 7052): controlled, at most 60 units per prescription, witness required.
    const tooMuch = await stack.rest("POST", `${base}/prescriptions/`, { token: physician, body: { patient_uhid: uhid, items: [{ medication_code: "7052", dose: "10 mg", frequency: "every 4 hours", quantity: 61 }] } });
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.body.error.fields["items.0.quantity"]).toBeDefined();
    const rx = await prescribe(uhid, [{ medication_code: "7052", quantity: 20, dose: "10 mg", frequency: "every 4 hours" }]);
    await stockUp(pharmacist, KAMPALA, "7052", 50); // and its register receipt

    const noWitness = await stack.rest("POST", `${base}/dispenses/`, { token: pharmacist, body: dispenseBody(rx.id, KAMPALA, [{ medication_code: "7052", quantity: 20 }]) });
    expect(noWitness.status).toBe(400);
    expect(noWitness.body.error.fields.witness).toBeDefined();

    const res = await stack.rest("POST", `${base}/dispenses/`, { token: pharmacist, body: dispenseBody(rx.id, KAMPALA, [{ medication_code: "7052", quantity: 20 }], { witness: "S. Nakato" }) });
    expect(res.status).toBe(201);
    expect(res.body.items).toEqual([expect.objectContaining({ medication_code: "7052", quantity: 20, controlled: true })]);
    expect(res.body.witness).toBe("S. Nakato");
    const register = await stack.rest("GET", `/api/v1/drug-safety/controlled-register/?medication_code=7052&transaction_type=dispense`, { token: pharmacist });
    expect(register.status).toBe(200);
    expect(register.body.results).toEqual([
      expect.objectContaining({ transaction_type: "dispense", quantity: -20, reference_type: "dispense", reference_id: res.body.id, prescription_id: rx.id, witness: "S. Nakato" }),
    ]);
  });
});

describe("stock at dispensing", () => {
  it("answers 409 when the pharmacy lacks stock, writes nothing, and the queue shows the prescription as not in stock", async () => {
    const uhid = await newPatient();
    // Ciprofloxacin (RxNorm 2551): a medicine no earlier test stocked.
    const rx = await prescribe(uhid, [{ medication_code: "2551", quantity: 10 }]);
    await stockUp(pharmacist, KAMPALA, "2551", 3);
    const res = await stack.rest("POST", `${base}/dispenses/`, { token: pharmacist, body: dispenseBody(rx.id, KAMPALA, [{ medication_code: "2551", quantity: 10 }]) });
    expect(res.status).toBe(409);
    expect(await onHand(pharmacist, KAMPALA, "2551")).toBe(3);
    expect((await stack.rest("GET", `${base}/dispenses/?prescription=${rx.id}`, { token: pharmacist })).body.results).toHaveLength(0);
    const notInStock = await stack.rest("GET", `${base}/queue/?patient_uhid=${uhid}&in_stock=false`, { token: pharmacist });
    expect(notInStock.body.results).toEqual([expect.objectContaining({ in_stock: false, items: [expect.objectContaining({ medication_code: "2551", available: 3, in_stock: false })] })]);
    expect((await stack.rest("GET", `${base}/queue/?patient_uhid=${uhid}&in_stock=true`, { token: pharmacist })).body.results).toHaveLength(0);
  });
});

describe("refills", () => {
  it("are dispensable within the allowed count, one at a time, and only for the items that allow them", async () => {
    const uhid = await newPatient();
    const rx = await prescribe(uhid, [
      { medication_code: "6809", quantity: 30, refills_allowed: 1 },
      { medication_code: "723", quantity: 10 },
    ]);
    await stockUp(pharmacist, KAMPALA, "6809", 100);
    await stockUp(pharmacist, KAMPALA, "723", 30);
    const early = await stack.rest("POST", `${base}/refills/`, { token: pharmacist, body: { prescription_id: rx.id } });
    expect(early.status).toBe(409);
    const first = await stack.rest("POST", `${base}/dispenses/`, { token: pharmacist, body: dispenseBody(rx.id, KAMPALA, [{ medication_code: "6809", quantity: 30 }, { medication_code: "723", quantity: 10 }]) });
    expect(first.status).toBe(201);

    // Straight after the fill it is too soon (refill-timing.ts); the patient comes back a month later.
    const tooSoon = await stack.rest("POST", `${base}/refills/`, { token: pharmacist, body: { prescription_id: rx.id } });
    expect(tooSoon.status).toBe(409);
    expect(tooSoon.body.error.message).toMatch(/^Refill too soon/);
    await stack.server.database!.db.execute(sql`update pharmacy.dispenses set created_at = created_at - interval '30 days' where prescription_id = ${rx.id}`);
    const refill = await stack.rest("POST", `${base}/refills/`, { token: pharmacist, body: { prescription_id: rx.id, notes: "patient back after a month" } });
    expect(refill.status).toBe(201);
    expect(refill.body).toMatchObject({ prescription: rx.id, number: 1, refills_allowed: 1, status: "requested", patient_uhid: uhid });
    expect((await stack.rest("POST", `${base}/refills/`, { token: pharmacist, body: { prescription_id: rx.id } })).status).toBe(409);

    const queue = await stack.rest("GET", `${base}/queue/?patient_uhid=${uhid}`, { token: pharmacist });
    expect(queue.body.results).toEqual([expect.objectContaining({ fill_number: 1, refill: refill.body.id, items: [expect.objectContaining({ medication_code: "6809", quantity: 30 })] })]);
    const notRefillable = await stack.rest("POST", `${base}/dispenses/`, { token: pharmacist, body: dispenseBody(rx.id, KAMPALA, [{ medication_code: "723", quantity: 10 }]) });
    expect(notRefillable.status).toBe(400);
    const second = await stack.rest("POST", `${base}/dispenses/`, { token: guluPharmacist, body: dispenseBody(rx.id, GULU, [{ medication_code: "6809", quantity: 30 }]) });
    expect(second.status).toBe(409); // Gulu has no metformin of its own
    const filled = await stack.rest("POST", `${base}/dispenses/`, { token: pharmacist, body: dispenseBody(rx.id, KAMPALA, [{ medication_code: "6809", quantity: 30 }]) });
    expect(filled.status).toBe(201);
    expect(filled.body).toMatchObject({ fill_number: 1, refill: refill.body.id });

    const beyond = await stack.rest("POST", `${base}/refills/`, { token: pharmacist, body: { prescription_id: rx.id } });
    expect(beyond.status).toBe(409);
    const listed = await stack.rest("GET", `${base}/refills/?prescription=${rx.id}&status=dispensed`, { token: pharmacist });
    expect(listed.body.results).toEqual([expect.objectContaining({ id: refill.body.id, status: "dispensed", dispense: filled.body.id })]);
    expect((await stack.rest("GET", `${base}/queue/?patient_uhid=${uhid}`, { token: pharmacist })).body.results).toHaveLength(0);
  });
});

describe("notification service down", () => {
  it("keeps the dispense, and the outbox worker delivers pickup-ready exactly once when the service is back", { timeout: 30_000 + DELIVERY_DEADLINE_MS }, async () => {
    const uhid = await newPatient();
    const rx = await prescribe(uhid, [{ medication_code: "723", quantity: 5 }]);
    await stockUp(pharmacist, KAMPALA, "723", 10);
    const before = await onHand(pharmacist, KAMPALA, "723");
    gate.up = false;
    let dispenseId = "";
    try {
      const res = await stack.rest("POST", `${base}/dispenses/`, { token: pharmacist, body: dispenseBody(rx.id, KAMPALA, [{ medication_code: "723", quantity: 5 }]) });
      expect(res.status).toBe(201);
      expect(res.body.notification_status).toBe("queued");
      dispenseId = res.body.id;
      expect(await onHand(pharmacist, KAMPALA, "723")).toBe(before - 5);
      // The worker keeps trying (with backoff) while the service is down.
      await until(
        async () => gate.calls.filter((c) => c.dispenseId === dispenseId).length,
        (n) => n >= 2,
      );
      expect(gate.calls.filter((c) => c.dispenseId === dispenseId).every((c) => c.status === 503)).toBe(true);
      // An operator sees it waiting: queue depth, the oldest message's age, the worker's retries.
      // (A retry's outcome is counted just after the gate answers it, hence the wait.)
      const waiting = await until(outboxMetrics, (m) => (m['pharmacy_outbox_outcomes_total{outcome="pending"}'] ?? 0) >= 1);
      expect(waiting.pharmacy_outbox_depth, JSON.stringify(waiting)).toBeGreaterThanOrEqual(1);
      expect(waiting.pharmacy_outbox_oldest_age_seconds, JSON.stringify(waiting)).toBeGreaterThanOrEqual(0);
      expect(waiting['pharmacy_outbox_outcomes_total{outcome="pending"}'], JSON.stringify(waiting)).toBeGreaterThanOrEqual(1);
    } finally {
      gate.up = true;
    }
    await expectPickupReadySent(dispenseId, uhid);
    const delivered = await until(outboxMetrics, (m) => (m['pharmacy_outbox_outcomes_total{outcome="sent"}'] ?? 0) >= 1);
    expect(delivered['pharmacy_outbox_outcomes_total{outcome="sent"}'], JSON.stringify(delivered)).toBeGreaterThanOrEqual(1);
  });
});

/** The pharmacy outbox's metrics from /metrics, by series. */
async function outboxMetrics(): Promise<Record<string, number>> {
  const text = await (await fetch(`${stack.url}/metrics`)).text();
  const out: Record<string, number> = {};
  for (const m of text.matchAll(/^(pharmacy_outbox_[\w]+(?:\{[^}]*\})?) ([\d.e+-]+)$/gm)) out[m[1]] = Number(m[2]);
  return out;
}
