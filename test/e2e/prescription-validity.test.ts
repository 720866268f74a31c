/**
 * Prescription validity (docs/decisions/pharmacy.md, "Prescription validity (2026-11-28)") through REST
 * on real servers: a prescription is valid through its valid_until (Kampala); its first fill, its
 * refills and their dispenses are 409 from the day after, naming the moment (UTC and Kampala date); the
 * default and the prescriber's earlier date at creation; the queue leaves expired fills out.
 * The UTC-versus-Kampala boundary at 21:00 UTC is covered with a fixed clock in
 * subgraphs/pharmacy/dispensing/prescription/prescription-validity.test.ts.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays } from "../../subgraphs/pharmacy/inventory/ledger.js";
import { lastDayOfMonthsBeginning } from "../../subgraphs/pharmacy/dispensing/prescription/prescription-validity.js";
import { KAMPALA, startStack, type Stack } from "../support/stack.js";
import { DISPENSING as base, dispenseBody, dispensingSteps } from "./dispensing-helpers.js";

let stack: Stack;
let physician: string;
let pharmacist: string;
const { newPatient, prescribe, stockUp } = dispensingSteps(() => ({ stack, physician }), "VALID");

const METFORMIN = "6809";
const CODEINE = "2670"; // controlled (1961-II), no witness required, at most 60 per prescription

const kampalaToday = () => new Intl.DateTimeFormat("en-CA", { timeZone: "Africa/Kampala", year: "numeric", month: "2-digit", day: "2-digit" }).format(new Date());

beforeAll(async () => {
  stack = await startStack();
  physician = await stack.token("physician", { sub: "dr-valid" });
  pharmacist = await stack.token("pharmacist", { pharmacy: KAMPALA, sub: "kla-valid-pharmacist" });
});
afterAll(() => stack?.stop());

const dispense = (id: string, items: { medication_code: string; quantity: number }[]) => stack.rest("POST", `${base}/dispenses/`, { token: pharmacist, body: dispenseBody(id, KAMPALA, items) });
const requestRefill = (id: string) => stack.rest("POST", `${base}/refills/`, { token: pharmacist, body: { prescription_id: id } });
const setValidUntil = (id: string, date: string) => stack.server.database!.db.execute(sql`update pharmacy.prescriptions set valid_until = ${date} where id = ${id}`);
/** The previous fill was given a month ago: a refill is no longer too soon (refill-timing.ts). */
const aMonthLater = (id: string) => stack.server.database!.db.execute(sql`update pharmacy.dispenses set created_at = created_at - interval '30 days' where prescription_id = ${id}`);
const expiredMessage = (validUntil: string) => `valid through ${validUntil} in Kampala (until ${new Date(`${addDays(validUntil, 1)}T00:00:00+03:00`).toISOString()})`;

describe("writing a prescription", () => {
  it("gives it six months beginning with today, or 30 days with a controlled medicine, shown on the prescription", async () => {
    const uhid = await newPatient();
    const today = kampalaToday();
    const ordinary = await prescribe(uhid, [{ medication_code: METFORMIN, quantity: 30, refills_allowed: 2 }]);
    const controlled = await prescribe(uhid, [
      { medication_code: METFORMIN, quantity: 30 },
      { medication_code: CODEINE, quantity: 10 },
    ]);
    for (const [rx, validUntil] of [
      [ordinary, lastDayOfMonthsBeginning(today, 6)],
      [controlled, addDays(today, 29)],
    ] as const) {
      const got = await stack.rest("GET", `${base}/prescriptions/${rx.id}/`, { token: pharmacist });
      expect(got.body).toMatchObject({ valid_until: validUntil, expires_at: new Date(`${addDays(validUntil, 1)}T00:00:00+03:00`).toISOString(), expired: false });
    }
  });

  it.each([
    ["today", METFORMIN, 0, 201],
    ["the default", METFORMIN, "default", 201],
    ["a day after the default", METFORMIN, "default+1", 400],
    ["yesterday", METFORMIN, -1, 400],
    ["the 30th day, controlled", CODEINE, 29, 201],
    ["the 31st day, controlled", CODEINE, 30, 400],
  ])("takes a valid_until of %s only up to the default", async (_, code, when, status) => {
    const today = kampalaToday();
    const longest = code === CODEINE ? addDays(today, 29) : lastDayOfMonthsBeginning(today, 6);
    const validUntil = when === "default" ? longest : when === "default+1" ? addDays(longest, 1) : addDays(today, when as number);
    const res = await stack.rest("POST", `${base}/prescriptions/`, {
      token: physician,
      body: { patient_uhid: await newPatient(), valid_until: validUntil, items: [{ medication_code: code, quantity: 10, dose: "1 tablet", frequency: "twice daily" }] },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(status);
    if (status === 201) expect(res.body.valid_until).toBe(validUntil);
    else expect(res.body.error.fields.valid_until[0]).toMatch(validUntil < today ? `must not be before today (${today}` : `must not be after ${longest}`);
  });
});

/** A prescription brought to the step under test with everything before it done while valid. */
const steps = {
  "the first fill": {
    async prepare(id: string) {},
    act: (id: string) => dispense(id, [{ medication_code: METFORMIN, quantity: 30 }]),
  },
  "a refill request": {
    async prepare(id: string) {
      expect((await dispense(id, [{ medication_code: METFORMIN, quantity: 30 }])).status).toBe(201);
      await aMonthLater(id);
    },
    act: (id: string) => requestRefill(id),
  },
  "a refill's dispense": {
    async prepare(id: string) {
      expect((await dispense(id, [{ medication_code: METFORMIN, quantity: 30 }])).status).toBe(201);
      await aMonthLater(id);
      expect((await requestRefill(id)).status).toBe(201);
    },
    act: (id: string) => dispense(id, [{ medication_code: METFORMIN, quantity: 30 }]),
  },
} as const;

describe("an ordinary prescription", () => {
  it.each([
    ["the first fill", 0, 201],
    ["the first fill", -1, 409],
    ["a refill request", 0, 201],
    ["a refill request", -1, 409],
    ["a refill's dispense", 0, 201],
    ["a refill's dispense", -1, 409],
  ] as const)("allows %s on its last valid day (valid_until today %i: %i), and refuses it the day after naming the expiry", async (step, offset, status) => {
    const uhid = await newPatient();
    await stockUp(pharmacist, KAMPALA, METFORMIN, 60);
    const rx = await prescribe(uhid, [{ medication_code: METFORMIN, quantity: 30, refills_allowed: 2 }]);
    await steps[step].prepare(rx.id);
    const validUntil = addDays(kampalaToday(), offset);
    await setValidUntil(rx.id, validUntil);
    const res = await steps[step].act(rx.id);
    expect(res.status, JSON.stringify(res.body)).toBe(status);
    if (status === 409) expect(res.body.error.message).toContain(expiredMessage(validUntil));
  });
});

describe("a controlled prescription", () => {
  it.each([
    [0, 201],
    [-1, 409],
  ])("is dispensed through its last valid day (today %i: %i), then refused naming the expiry", async (offset, status) => {
    const uhid = await newPatient();
    await stockUp(pharmacist, KAMPALA, CODEINE, 10);
    const rx = await prescribe(uhid, [{ medication_code: CODEINE, quantity: 10, dose: "1 tablet", frequency: "every 6 hours" }]);
    const validUntil = addDays(kampalaToday(), offset);
    await setValidUntil(rx.id, validUntil);
    const res = await dispense(rx.id, [{ medication_code: CODEINE, quantity: 10 }]);
    expect(res.status, JSON.stringify(res.body)).toBe(status);
    if (status === 409) expect(res.body.error.message).toContain(expiredMessage(validUntil));
  });
});

describe("the dispensing queue", () => {
  it("offers a prescription through its last valid day and leaves it out once expired (GET shows expired)", async () => {
    const uhid = await newPatient();
    const rx = await prescribe(uhid, [{ medication_code: METFORMIN, quantity: 30 }]);
    const queued = async () => (await stack.rest("GET", `${base}/queue/?patient_uhid=${uhid}`, { token: pharmacist })).body.results.map((e: { prescription: { id: string } }) => e.prescription.id);
    await setValidUntil(rx.id, kampalaToday());
    expect(await queued()).toEqual([rx.id]);
    await setValidUntil(rx.id, addDays(kampalaToday(), -1));
    expect(await queued()).toEqual([]);
    expect((await stack.rest("GET", `${base}/prescriptions/${rx.id}/`, { token: pharmacist })).body).toMatchObject({ status: "pending", expired: true });
  });
});
