import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { UserRole } from "../../lib/auth.js";
import { KAMPALA, startStack, type Stack } from "../support/stack.js";

/**
 * A patient's own-record rule holds whatever other roles the token carries (lib/access.ts
 * `onlyAsPatient`): a token with `patient` and a role that grants none of a read's capabilities (a
 * researcher, a cashier) reads as the patient it names, not as staff. Before, any second role lifted
 * the rule and such a token read every patient's timeline, contacts, prescriptions and provider alerts.
 * A staff member who is also a patient (`patient` + `physician`) still reads as staff. Preferences,
 * which hold the patient's phone and e-mail, are for those who may set them: not auditors.
 */
const SELF = "UG-2024-000001";
const OTHER = "UG-2024-000003";

let stack: Stack;
let physician: string;

beforeAll(async () => {
  stack = await startStack();
  physician = await stack.token("physician");
});
afterAll(() => stack?.stop());

const mixed = (second: UserRole) => stack.token(["patient", second], { sub: SELF, ...(second === "cashier" || second === "pharmacist" ? { pharmacy: KAMPALA } : {}) });

/** A prescription id of a patient, read as the prescriber. */
async function prescriptionOf(uhid: string): Promise<string> {
  const res = await stack.rest("GET", `/api/v1/pharmacy/dispensing/prescriptions/?patient_uhid=${uhid}`, { token: physician });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expect(res.body.results.length, `demo prescriptions of ${uhid}`).toBeGreaterThan(0);
  return res.body.results[0].id;
}

describe("patient + a role that grants none of the read: still the patient named by sub", () => {
  it.each(["researcher", "cashier", "lab_technician", "auditor"] as const)("patient + %s: another patient's records are 403; their own are 200", async (second) => {
    const token = await mixed(second);
    const otherRx = await prescriptionOf(OTHER);
    const forbiddenPaths = [
      `/api/v1/patient-timeline/timeline/${OTHER}/`,
      `/api/v1/notifications/preferences/${OTHER}/`,
      `/api/v1/pharmacy/dispensing/prescriptions/${otherRx}/`,
      `/api/v1/pharmacy/dispensing/prescriptions/?patient_uhid=${OTHER}`,
    ];
    for (const path of forbiddenPaths) expect((await stack.rest("GET", path, { token })).status, path).toBe(403);
    const other = await stack.gql(`{ patient(uhid: "${OTHER}") { givenName familyName birthYear } }`, {}, token);
    expect(other.body.errors?.[0]?.extensions?.code).toBe("FORBIDDEN");
    expect(other.body.data?.patient ?? null).toBeNull();

    expect((await stack.rest("GET", `/api/v1/patient-timeline/timeline/${SELF}/`, { token })).status).toBe(200);
    expect((await stack.rest("GET", `/api/v1/notifications/preferences/${SELF}/`, { token })).status).toBe(200);
  });

  it("the notification list shows only their own messages, never providers' copies of other patients' alerts", async () => {
    const alert = await stack.rest("POST", "/api/v1/triggers/critical-alert/", {
      token: await stack.token("lab_technician"),
      body: { patient_uhid: OTHER, provider_id: "PRV-0001", observation_id: "OBS-MIXED-1", test_name: "Haemoglobin", value: "4.1", unit: "g/dL", reference_range: "12-16", patient_name: "Other Patient" },
    });
    expect(alert.status, JSON.stringify(alert.body)).toBe(200);
    const token = await mixed("researcher");
    for (const query of ["", "?recipient_type=provider", `?patient_uhid=${OTHER}`]) {
      const res = await stack.rest("GET", `/api/v1/notifications/${query}`, { token });
      if (res.status === 403) continue;
      expect(res.status, query).toBe(200);
      for (const n of res.body.results) {
        expect(n.patient_uhid, query).toBe(SELF);
        expect(n.recipient_type, query).toBe("patient");
      }
    }
  });

  it("the prescription list of a patient token is their own prescriptions", async () => {
    for (const token of [await stack.token("patient", { sub: SELF }), await mixed("researcher")]) {
      const res = await stack.rest("GET", "/api/v1/pharmacy/dispensing/prescriptions/?page_size=100", { token });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.results.length).toBeGreaterThan(0);
      expect(new Set(res.body.results.map((p: { patient_uhid: string }) => p.patient_uhid))).toEqual(new Set([SELF]));
      expect((await stack.rest("GET", `/api/v1/pharmacy/dispensing/prescriptions/?patient_uhid=${SELF}`, { token })).status).toBe(200);
    }
    // Pharmacists look a patient up by the UHID presented at the counter, not through the list.
    expect((await stack.rest("GET", "/api/v1/pharmacy/dispensing/prescriptions/", { token: await stack.token("pharmacist", { pharmacy: KAMPALA }) })).status).toBe(403);
  });
});

describe("patient + a staff role that grants the read: staff", () => {
  it("patient + physician reads another patient's timeline and prescriptions", async () => {
    const token = await mixed("physician");
    expect((await stack.rest("GET", `/api/v1/patient-timeline/timeline/${OTHER}/`, { token })).status).toBe(200);
    expect((await stack.rest("GET", `/api/v1/pharmacy/dispensing/prescriptions/?patient_uhid=${OTHER}`, { token })).status).toBe(200);
  });
});

describe("notification preferences hold contact details: not for auditors", () => {
  it("an auditor gets 403 on REST and FORBIDDEN in GraphQL; a nurse still reads them", async () => {
    const auditor = await stack.token("auditor");
    const rest = await stack.rest("GET", `/api/v1/notifications/preferences/${OTHER}/`, { token: auditor });
    expect(rest.status).toBe(403);
    expect(JSON.stringify(rest.body)).not.toMatch(/\+256/);
    const gql = await stack.gql(`{ notificationPreferences(patientUhid: "${OTHER}") { phone email } }`, {}, auditor);
    expect(gql.body.errors?.[0]?.extensions?.code).toBe("FORBIDDEN");
    expect((await stack.rest("GET", `/api/v1/notifications/preferences/${OTHER}/`, { token: await stack.token("nurse") })).status).toBe(200);
  });
});
