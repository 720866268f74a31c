// Defects found by the clinical REST contract blind set (test/fixtures/rest-contract/clinical-blind-1.json,
// docs/decisions/rest-contract.md, session 21). Inputs here are not the set's: they test the class.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startStack, type Stack } from "../support/stack.js";

let stack: Stack;
let lab: string;
let physician: string;
let admin: string;

beforeAll(async () => {
  stack = await startStack();
  lab = await stack.token("lab_technician", { sub: "rcc-lab" });
  physician = await stack.token("physician", { sub: "rcc-physician" });
  admin = await stack.token("admin", { sub: "rcc-admin" });
});
afterAll(() => stack?.stop());

describe("multipart/form-data without its boundary is a malformed body (400), not a wrong media type (415)", () => {
  const PATH = "/api/v1/document-digitization/process/";
  const part = '--b1\r\nContent-Disposition: form-data; name="document_type"\r\n\r\nreferral\r\n--b1--\r\n';

  it.each(["multipart/form-data", "Multipart/Form-Data", "multipart/form-data; charset=utf-8"])("%s", async (contentType) => {
    const r = await stack.rest("POST", PATH, { token: lab, raw: part, headers: { "content-type": contentType } });
    expect(r.status).toBe(400);
    expect(r.body.error.code).toBe("BAD_USER_INPUT");
    expect(r.body.error.message).toMatch(/boundary/);
  });

  it("another media type is still 415", async () => {
    const r = await stack.rest("POST", PATH, { token: lab, raw: "%PDF-1.4", headers: { "content-type": "application/octet-stream" } });
    expect(r.status).toBe(415);
    expect(r.body.error.code).toBe("UNSUPPORTED_MEDIA_TYPE");
  });

  it("a quoted boundary is a boundary (the form is then read and checked field by field)", async () => {
    const r = await stack.rest("POST", PATH, { token: lab, raw: part.replaceAll("b1", "q 2"), headers: { "content-type": 'multipart/form-data; boundary="q 2"' } });
    expect(r.status).toBe(400);
    expect(Object.keys(r.body.error.fields)).toContain("document");
  });
});

describe("a UHID in the path has the limits of a UHID in a body", () => {
  const long = `KE-${"7".repeat(90)}`;

  it.each([
    ["timeline", `/api/v1/patient-timeline/timeline/${long}/`],
    ["patient", `/api/v1/uhid/${long}/`],
  ])("%s: over 64 characters is 400 naming uhid, without echoing it", async (_, path) => {
    const r = await stack.rest("GET", path, { token: admin });
    expect(r.status).toBe(400);
    expect(r.body.error.code).toBe("BAD_USER_INPUT");
    expect(r.body.error.fields.uhid).toEqual(["must be 1 to 64 characters"]);
    expect(JSON.stringify(r.body)).not.toContain(long);
  });

  it("64 characters is still a lookup: an unknown one is 404", async () => {
    const r = await stack.rest("GET", `/api/v1/patient-timeline/timeline/${"KE-".padEnd(64, "0")}/`, { token: physician });
    expect(r.status).toBe(404);
    expect(r.body.error.code).toBe("NOT_FOUND");
  });

  it("a known patient is unchanged", async () => {
    const r = await stack.rest("GET", "/api/v1/patient-timeline/timeline/UG-2024-000003/", { token: physician });
    expect(r.status).toBe(200);
    expect(r.body.uhid).toBe("UG-2024-000003");
  });

  it("GraphQL: the same argument is BAD_USER_INPUT", async () => {
    const r = await stack.gql("query($u: ID!) { patientTimeline(uhid: $u) { uhid } }", { u: long }, physician);
    expect(r.body.errors[0].extensions.code).toBe("BAD_USER_INPUT");
  });
});
