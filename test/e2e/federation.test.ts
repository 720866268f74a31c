import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startStack, type Stack } from "../support/stack.js";

let stack: Stack;

beforeAll(async () => {
  stack = await startStack();
});
afterAll(() => stack?.stop());

const CROSS_SUBGRAPH = `
  query Patient($uhid: ID!) {
    patient(uhid: $uhid) {
      uhid
      givenName
      timeline(days: 3650) { contextWindow timeline { diagnoses { code } medications { name status } } }
      prescriptions { id medicationName status }
      notifications(pageSize: 5) { totalCount results { id } }
      notificationPreferences { channels timeZone }
    }
  }`;

describe("one query across subgraphs", () => {
  it("joins clinical (patient, timeline), pharmacy (prescriptions) and notifications through the gateway", async () => {
    const res = await stack.gql(CROSS_SUBGRAPH, { uhid: "UG-2024-000001" }, await stack.token("admin"));
    expect(res.status).toBe(200);
    expect(res.body.errors).toBeUndefined();
    const p = res.body.data.patient;
    expect(p.uhid).toBe("UG-2024-000001");
    expect(p.timeline.contextWindow).toBe("3650");
    expect(p.timeline.timeline.diagnoses.length).toBeGreaterThan(0);
    expect(p.prescriptions.length).toBeGreaterThan(0);
    expect(p.prescriptions[0]).toMatchObject({ id: expect.any(String), medicationName: expect.any(String) });
    expect(p.notifications).toMatchObject({ totalCount: expect.any(Number), results: expect.any(Array) });
    expect(p.notificationPreferences.timeZone).toBe("Africa/Kampala");
  });

  it("resolves the extensions for every patient of a page in one plan", async () => {
    const res = await stack.gql(`{ patients(pageSize: 25) { results { uhid prescriptions { patientUhid } } } }`, {}, await stack.token("physician"));
    expect(res.body.errors).toBeUndefined();
    for (const p of res.body.data.patients.results) {
      for (const rx of p.prescriptions) expect(rx.patientUhid).toBe(p.uhid);
    }
    expect(res.body.data.patients.results.some((p: { prescriptions: unknown[] }) => p.prescriptions.length > 0)).toBe(true);
  });

  it("applies each subgraph's own authorization to its fields", async () => {
    // A nurse may read the timeline but not prescriptions: the pharmacy field fails, the rest resolves.
    const res = await stack.gql(`{ patient(uhid: "UG-2024-000001") { givenName prescriptions { id } } }`, {}, await stack.token("nurse"));
    expect(res.body.errors[0].extensions.code).toBe("FORBIDDEN");
    expect(res.body.errors[0].path).toEqual(["patient", "prescriptions"]);
  });
});

describe("schema for explorers", () => {
  it("serves the API schema at /schema.graphql without a token", async () => {
    const res = await fetch(`${stack.url}/schema.graphql`);
    expect(res.status).toBe(200);
    const sdl = await res.text();
    expect(sdl).toContain("type Patient");
    expect(sdl).toContain("prescriptions: [Prescription!]!");
    expect(sdl).not.toContain("join__");
  });

  it("answers introspection outside production", async () => {
    const res = await stack.gql(`{ __schema { queryType { name } } }`, {}, await stack.token("physician"));
    expect(res.body.data.__schema.queryType.name).toBe("Query");
  });
});
