import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { UserRole } from "../../lib/auth.js";
import { KAMPALA, startStack, type Stack } from "../support/stack.js";

/**
 * Patient registry privacy (docs/decisions/privacy-and-recovery.md): clinical roles list and read
 * the registry; a pharmacist sees the identity of a patient named on a prescription to dispense and
 * nothing else; auditors, lab technicians and other roles reach no patient; every staff read of
 * contact details leaves a `patient_contact_read` record on the clinical audit chain.
 */
let stack: Stack;
let auditor: string;

/** Demo patients: one with prescriptions waiting to be dispensed, one with none pending. */
const WITH_PENDING = "UG-2024-000002";
const NOTHING_PENDING = "UG-2024-000001";
const PHONE_OF_WITH_PENDING = "+256760357338";

beforeAll(async () => {
  stack = await startStack();
  auditor = await stack.token("auditor");
});
afterAll(() => stack?.stop());

const tokenFor = (role: UserRole) => (role === "pharmacist" || role === "cashier" ? stack.token(role, { pharmacy: KAMPALA }) : role === "patient" ? stack.token("patient", { sub: WITH_PENDING }) : stack.token(role));

const PATHS = {
  "REST list": async (token: string) => (await stack.rest("GET", "/api/v1/uhid/", { token })).status,
  "REST one": async (token: string) => (await stack.rest("GET", `/api/v1/uhid/${NOTHING_PENDING}/`, { token })).status,
  "GraphQL patients": async (token: string) => gqlStatus(await stack.gql(`{ patients(pageSize: 2) { results { uhid phone } } }`, {}, token)),
  "GraphQL patient": async (token: string) => gqlStatus(await stack.gql(`{ patient(uhid: "${NOTHING_PENDING}") { uhid email } }`, {}, token)),
  "REST timeline": async (token: string) => (await stack.rest("GET", `/api/v1/patient-timeline/timeline/${NOTHING_PENDING}/`, { token })).status,
};

/** A GraphQL answer as the status its first error maps to in REST. */
function gqlStatus(res: { body: { data?: unknown; errors?: { extensions?: { code?: string } }[] } }): number {
  const code = res.body.errors?.[0]?.extensions?.code;
  return code === "FORBIDDEN" ? 403 : code === "NOT_FOUND" ? 404 : code ? 500 : 200;
}

async function contactReads(uhid: string): Promise<any[]> {
  const res = await stack.rest("GET", `/api/v1/clinical-audit/records/?operation=patient_contact_read&patient_uhid=${uhid}&page_size=100`, { token: auditor });
  expect(res.status).toBe(200);
  return res.body.results;
}

describe("who reaches the patient registry, by role and path", () => {
  const table: [UserRole, Record<keyof typeof PATHS, number>][] = [
    ["admin", { "REST list": 200, "REST one": 200, "GraphQL patients": 200, "GraphQL patient": 200, "REST timeline": 200 }],
    ["physician", { "REST list": 200, "REST one": 200, "GraphQL patients": 200, "GraphQL patient": 200, "REST timeline": 200 }],
    ["nurse", { "REST list": 200, "REST one": 200, "GraphQL patients": 200, "GraphQL patient": 200, "REST timeline": 200 }],
    ["pharmacist", { "REST list": 403, "REST one": 403, "GraphQL patients": 403, "GraphQL patient": 403, "REST timeline": 403 }],
    ["lab_technician", { "REST list": 403, "REST one": 403, "GraphQL patients": 403, "GraphQL patient": 403, "REST timeline": 403 }],
    ["auditor", { "REST list": 403, "REST one": 403, "GraphQL patients": 403, "GraphQL patient": 403, "REST timeline": 403 }],
    ["cashier", { "REST list": 403, "REST one": 403, "GraphQL patients": 403, "GraphQL patient": 403, "REST timeline": 403 }],
    ["researcher", { "REST list": 403, "REST one": 403, "GraphQL patients": 403, "GraphQL patient": 403, "REST timeline": 403 }],
    ["service", { "REST list": 403, "REST one": 403, "GraphQL patients": 403, "GraphQL patient": 403, "REST timeline": 403 }],
    // A patient (sub = their uhid) reads only their own record: another patient's is 403.
    ["patient", { "REST list": 403, "REST one": 403, "GraphQL patients": 403, "GraphQL patient": 403, "REST timeline": 403 }],
  ];
  it.each(table)("%s", async (role, expected) => {
    const token = await tokenFor(role);
    const actual: Record<string, number> = {};
    for (const [name, call] of Object.entries(PATHS)) actual[name] = await call(token);
    expect(actual).toEqual(expected);
  });

  it("lets a patient read their own record, contact details included", async () => {
    const own = await stack.rest("GET", `/api/v1/uhid/${WITH_PENDING}/`, { token: await tokenFor("patient") });
    expect(own.status).toBe(200);
    expect(own.body.phone).toBe(PHONE_OF_WITH_PENDING);
  });

  it("answers 404 for an unknown patient to registry roles and 403 to others (existence does not leak)", async () => {
    expect((await stack.rest("GET", "/api/v1/uhid/UG-1999-000000/", { token: await tokenFor("physician") })).status).toBe(404);
    for (const role of ["pharmacist", "auditor", "lab_technician"] as const) {
      expect((await stack.rest("GET", "/api/v1/uhid/UG-1999-000000/", { token: await tokenFor(role) })).status).toBe(403);
    }
  });

  it("keeps contact details out of the timeline", async () => {
    const res = await stack.rest("GET", `/api/v1/patient-timeline/timeline/${WITH_PENDING}/`, { token: await tokenFor("physician") });
    expect(res.status).toBe(200);
    expect(JSON.stringify(res.body)).not.toContain(PHONE_OF_WITH_PENDING);
  });

  it("still takes a lab technician's critical value by uhid (no registry needed)", async () => {
    const res = await stack.rest("POST", "/api/v1/clinical-decision-support/critical-values/", {
      token: await tokenFor("lab_technician"),
      body: { patient_uhid: WITH_PENDING, observation: { code: "2823-3", display: "Potassium", value: 2.1, unit: "mmol/L" } },
    });
    expect(res.status).toBe(200);
    expect(res.body.is_critical).toBe(true);
  });
});

describe("a pharmacist dispensing a prescription", () => {
  const LOOKUP = `query ($uhid: ID!) { prescriptionsToDispense(patientUhid: $uhid) { id status medicationName patient { uhid givenName familyName sex birthYear } } }`;

  it("sees the prescriptions waiting to be dispensed and the patient's identity, not more", async () => {
    const res = await stack.gql(LOOKUP, { uhid: WITH_PENDING }, await tokenFor("pharmacist"));
    expect(res.body.errors).toBeUndefined();
    const list = res.body.data.prescriptionsToDispense;
    expect(list.length).toBeGreaterThan(0);
    for (const p of list) {
      expect(p.status).toBe("pending");
      expect(p.patient).toEqual({ uhid: WITH_PENDING, givenName: "Akinyi", familyName: "Mushi", sex: "female", birthYear: 1978 });
    }
  });

  it("learns nothing about a patient with nothing to dispense", async () => {
    const res = await stack.gql(LOOKUP, { uhid: NOTHING_PENDING }, await tokenFor("pharmacist"));
    expect(res.body).toEqual({ data: { prescriptionsToDispense: [] } });
  });

  it.each(["phone", "email", "district", "birthDate"])("is refused the patient's %s through the prescription (federation reference)", async (field) => {
    const before = (await contactReads(WITH_PENDING)).length;
    const res = await stack.gql(`query ($uhid: ID!) { prescriptionsToDispense(patientUhid: $uhid) { id patient { uhid ${field} } } }`, { uhid: WITH_PENDING }, await tokenFor("pharmacist"));
    expect(res.body.errors?.[0]?.extensions?.code).toBe("FORBIDDEN");
    expect(JSON.stringify(res.body)).not.toContain(PHONE_OF_WITH_PENDING);
    expect(JSON.stringify(res.body)).not.toContain("1978-05-08");
    expect((await contactReads(WITH_PENDING)).length).toBe(before);
  });

  it("is the only role with the dispensing lookup, and only when bound to a pharmacy", async () => {
    for (const token of [await tokenFor("physician"), await tokenFor("cashier"), await tokenFor("auditor"), await stack.token("pharmacist")]) {
      const res = await stack.gql(LOOKUP, { uhid: WITH_PENDING }, token);
      expect(res.body.errors?.[0]?.extensions?.code).toBe("FORBIDDEN");
    }
  });
});

describe("audit of contact-detail reads", () => {
  it("records who read which fields of which patient, when, through which operation and request", async () => {
    const before = (await contactReads(NOTHING_PENDING)).length;
    const nurse = await stack.token("nurse", { sub: "privacy-nurse" });
    const res = await stack.rest("GET", `/api/v1/uhid/${NOTHING_PENDING}/`, { token: nurse, headers: { "x-request-id": "privacy-trace-1" } });
    expect(res.status).toBe(200);
    const records = await contactReads(NOTHING_PENDING);
    expect(records.length).toBe(before + 1);
    expect(records[0]).toMatchObject({
      actor_sub: "privacy-nurse",
      actor_roles: "nurse",
      operation: "patient_contact_read",
      patient_uhid: NOTHING_PENDING,
      request_id: "privacy-trace-1",
      output: { fields: ["district", "email", "phone"], via: { rootField: "patient", operation: expect.stringContaining("GetPatient") } },
    });
    expect(Date.now() - new Date(records[0].occurred_at).getTime()).toBeLessThan(60_000);
  });

  it("writes one record per patient of a listed page, with the fields selected", async () => {
    const page = await stack.gql(`{ patients(search: "UG-2024-00003", pageSize: 3) { results { uhid email } } }`, {}, await stack.token("physician", { sub: "privacy-physician" }));
    const uhids: string[] = page.body.data.patients.results.map((p: { uhid: string }) => p.uhid);
    expect(uhids).toHaveLength(3);
    for (const uhid of uhids) {
      const [latest] = await contactReads(uhid);
      expect(latest).toMatchObject({ actor_sub: "privacy-physician", output: { fields: ["email"], via: { rootField: "patients" } } });
    }
  });

  it("audits contact details resolved through a federation reference", async () => {
    const before = (await contactReads(WITH_PENDING)).length;
    const res = await stack.gql(`{ patient(uhid: "${WITH_PENDING}") { prescriptions { patient { phone } } } }`, {}, await stack.token("physician"));
    expect(res.body.errors).toBeUndefined();
    expect(res.body.data.patient.prescriptions[0].patient.phone).toBe(PHONE_OF_WITH_PENDING);
    const records = await contactReads(WITH_PENDING);
    expect(records.length).toBeGreaterThan(before);
    expect(records[0].output).toMatchObject({ fields: ["phone"], via: { rootField: "_entities" } });
  });

  it("leaves no record when no contact detail is read, or when patients read their own", async () => {
    const before = (await contactReads(WITH_PENDING)).length;
    await stack.gql(`{ patient(uhid: "${WITH_PENDING}") { uhid givenName birthDate } }`, {}, await stack.token("physician"));
    const own = await stack.gql(`{ patient(uhid: "${WITH_PENDING}") { phone email } }`, {}, await tokenFor("patient"));
    expect(own.body.data.patient.phone).toBe(PHONE_OF_WITH_PENDING);
    expect((await contactReads(WITH_PENDING)).length).toBe(before);
  });

  it("keeps the audit chain valid after contact reads", async () => {
    const res = await stack.rest("GET", "/api/v1/clinical-audit/verify/", { token: auditor });
    expect(res.body.valid).toBe(true);
  });
});
