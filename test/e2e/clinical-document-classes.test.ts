import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pdfWithText } from "../support/pdf.js";
import { startStack, type Stack } from "../support/stack.js";

let stack: Stack;
const PATH = "/api/v1/document-digitization/process/";

beforeAll(async () => {
  stack = await startStack();
});
afterAll(() => stack?.stop());

describe("document classes through the REST upload (knowledge/document-classes.json 2026.12.4)", () => {
  it("answers other for an ECG report sent as a lab report, charting none of its intervals as results", async () => {
    const token = await stack.token("physician", { sub: "digitize-document-classes" });
    const pdf = await pdfWithText(["Cardiac clinic", "Electrocardiogram, 12 lead, resting", "Heart rate 64 bpm, sinus rhythm", "PR interval 170 ms", "QRS duration 90 ms", "Conclusion: normal ECG"]);
    const f = new FormData();
    f.set("document", new Blob([new Uint8Array(pdf)], { type: "application/pdf" }), "ecg.pdf");
    f.set("document_type", "lab_report");
    const res = await fetch(stack.url + PATH, { method: "POST", headers: { authorization: `Bearer ${token}` }, body: f });
    const body = await res.json();
    expect(res.status).toBe(200);
    expect(body.classification).toMatchObject({ type: "other", declared_type: "lab_report", agrees_with_declared: false });
    expect(body.extracted_data.tests).toEqual([]);
    expect(body.fhir_resources.map((r: { resourceType: string }) => r.resourceType)).toEqual(["DocumentReference"]);
  });
});
