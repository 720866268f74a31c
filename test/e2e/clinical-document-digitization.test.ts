import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import Ajv from "ajv";
import { pdfWithText } from "../support/pdf.js";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startStack, type Stack } from "../support/stack.js";

const require = createRequire(import.meta.url);
let stack: Stack;
let lab: string;
const PATH = "/api/v1/document-digitization/process/";
const MAX_BYTES = 200_000;
const UHID = "UG-2024-000001";
const LAB_LINES = ["CITY LABORATORY - LAB REPORT", "Specimen: venous blood", "Haemoglobin 10.2 g/dL (12.0-16.0) L", "Potassium 5.9 mmol/L (3.5-5.1) H", "Sodium 139 mmol/L (135-145)"];


/** A PNG of the lines, rendered by sharp (librsvg) from SVG text in DejaVu Sans: nothing but pixels to read. */
function pngOfText(lines: string[]): Promise<Buffer> {
  const escape = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;");
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1100" height="${80 + lines.length * 60}"><rect width="100%" height="100%" fill="white"/>${lines
    .map((l, i) => `<text x="30" y="${60 + i * 60}" font-family="DejaVu Sans" font-size="30" fill="black">${escape(l)}</text>`)
    .join("")}</svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

function form(file: Buffer | string | null, fields: Record<string, string>, o: { type?: string; name?: string } = {}): FormData {
  const f = new FormData();
  if (file !== null) f.set("document", new Blob([typeof file === "string" ? file : new Uint8Array(file)], { type: o.type ?? "application/pdf" }), o.name ?? "report.pdf");
  for (const [k, v] of Object.entries(fields)) f.set(k, v);
  return f;
}

async function post(path: string, body: FormData | string, token: string, headers: Record<string, string> = {}) {
  const res = await fetch(stack.url + path, { method: "POST", headers: { authorization: `Bearer ${token}`, ...headers }, body });
  const text = await res.text();
  return { status: res.status, headers: res.headers, body: text ? JSON.parse(text) : undefined };
}
const digitize = (f: FormData, token = lab) => post(PATH, f, token);

const MUTATION = `mutation($input: DocumentDigitizationInput!) { digitizeDocument(input: $input) {
  documentId classification { type confidence } ocrResult { text confidence method }
  extractedData { tests { name value unit reference abnormalFlag loincCode } } fhirResources file { contentType sha256 sizeBytes } } }`;

/** A GraphQL multipart request (graphql-multipart-request-spec) straight to the gateway. */
function graphqlUpload(file: Buffer, type: string, input: Record<string, unknown>, headers: Record<string, string> = { "apollo-require-preflight": "true" }) {
  const f = new FormData();
  f.set("operations", JSON.stringify({ query: MUTATION, variables: { input: { ...input, document: null } } }));
  f.set("map", JSON.stringify({ 0: ["variables.input.document"] }));
  f.set("0", new Blob([new Uint8Array(file)], { type }), "scan.png");
  return post("/graphql", f, lab, headers);
}

const ajv = new Ajv({ strict: false, allErrors: true });
ajv.addMetaSchema(require("ajv/dist/refs/json-schema-draft-06.json"));
// HL7's file names itself with draft-04's "id" under a draft-06 $schema; Ajv accepts only "$id".
const { id: _schemaId, ...fhirSchema } = JSON.parse(readFileSync(new URL("../fixtures/fhir/fhir-r4-subset.schema.json", import.meta.url), "utf8"));
const validateFhir = ajv.compile(fhirSchema);
function expectValidFhir(resource: unknown) {
  const ok = validateFhir(resource);
  expect(ok ? [] : validateFhir.errors).toEqual([]);
}

beforeAll(async () => {
  stack = await startStack({ env: { DIGITIZATION_MAX_BYTES: String(MAX_BYTES) } });
  lab = await stack.token("lab_technician", { sub: "digitize-lab" });
});
afterAll(() => stack?.stop());

describe("document digitization through REST (multipart/form-data)", () => {
  it("reads a PDF's text layer, classifies it as a lab report, finds the results with LOINC codes and flags, and answers valid FHIR R4", async () => {
    const pdf = await pdfWithText(LAB_LINES);
    const res = await digitize(form(pdf, { document_type: "lab_report", uhid: UHID }));
    expect(res.status).toBe(200);
    const body = res.body;
    expect(body.classification).toMatchObject({ type: "lab_report", declared_type: "lab_report", agrees_with_declared: true });
    expect(body.classification.confidence).toBeGreaterThan(0.8);
    expect(body.ocr_result).toMatchObject({ method: "text_layer", confidence: 1, page_count: 1 });
    expect(body.ocr_result.text).toContain("Potassium 5.9 mmol/L");
    expect(body.extracted_data.tests).toEqual([
      expect.objectContaining({ name: "Haemoglobin", value: 10.2, unit: "g/dL", reference: "12.0-16.0", abnormal_flag: "L", loinc_code: "718-7" }),
      expect.objectContaining({ name: "Potassium", value: 5.9, unit: "mmol/L", reference: "3.5-5.1", abnormal_flag: "H", loinc_code: "2823-3" }),
      expect.objectContaining({ name: "Sodium", value: 139, unit: "mmol/L", abnormal_flag: "N", flag_source: "reference_range", loinc_code: "2951-2" }),
    ]);
    expect(body.file).toEqual({ filename: "report.pdf", content_type: "application/pdf", size_bytes: pdf.length, sha256: createHash("sha256").update(pdf).digest("hex") });
    expect(body).toMatchObject({ patient_uhid: UHID, requires_review: true, audit_id: expect.any(String) });

    const kinds = body.fhir_resources.map((r: { resourceType: string }) => r.resourceType);
    expect(kinds).toEqual(["DocumentReference", "DiagnosticReport", "Observation", "Observation", "Observation"]);
    for (const r of body.fhir_resources) expectValidFhir(r);
    expectValidFhir(body.fhir_bundle);
    const [docRef, report, potassium] = [body.fhir_resources[0], body.fhir_resources[1], body.fhir_resources[3]];
    expect(docRef).toMatchObject({ id: body.document_id, subject: { reference: `Patient/${UHID}` }, content: [{ attachment: { contentType: "application/pdf", size: pdf.length, title: "report.pdf" } }] });
    expect(docRef.content[0].attachment.hash).toBe(createHash("sha1").update(pdf).digest("base64"));
    expect(docRef.identifier[0].value).toBe(`ni:///sha-256;${createHash("sha256").update(pdf).digest("base64url")}`);
    expect(report.result.map((r: { reference: string }) => r.reference)).toEqual(body.fhir_resources.slice(2).map((o: { id: string }) => `urn:uuid:${o.id}`));
    expect(potassium).toMatchObject({
      code: { coding: [{ system: "http://loinc.org", code: "2823-3" }], text: "Potassium" },
      valueQuantity: { value: 5.9, unit: "mmol/L" },
      interpretation: [{ coding: [{ code: "H" }] }],
      referenceRange: [{ low: { value: 3.5 }, high: { value: 5.1 }, text: "3.5-5.1" }],
    });

    // Stored: read back by id (REST and GraphQL), with the original bytes.
    const back = await stack.rest("GET", `/api/v1/document-digitization/documents/${body.document_id}/`, { token: lab });
    expect(back.status).toBe(200);
    expect(back.body).toMatchObject({ document_id: body.document_id, classification: body.classification, extracted_data: body.extracted_data, fhir_bundle: body.fhir_bundle });
    const gql = await stack.gql(`query($id: ID!) { digitizedDocument(id: $id) { file { sha256 } contentBase64 } }`, { id: body.document_id }, lab);
    expect(Buffer.from(gql.body.data.digitizedDocument.contentBase64, "base64").equals(pdf)).toBe(true);
    // Audited without the words of the document.
    const audit = await stack.rest("GET", "/api/v1/clinical-audit/records/?operation=document_digitization", { token: await stack.token("auditor") });
    const record = audit.body.results.find((r: { id: string }) => r.id === body.audit_id);
    expect(record).toMatchObject({ patient_uhid: UHID });
    expect(JSON.stringify(record)).not.toContain("Potassium");
    // Listed on the patient's timeline beside the other clinical documents.
    const timeline = await stack.rest("GET", `/api/v1/patient-timeline/timeline/${UHID}/`, { token: await stack.token("physician") });
    expect(timeline.status).toBe(200);
    expect(timeline.body.timeline.documents).toContainEqual(expect.objectContaining({ id: body.document_id, type: "digitized_document", title: "Digitized lab report (report.pdf)", encounter_id: null }));
  });

  it("reads a PNG through OCR: the recognised words and values, not just a class", async () => {
    const png = await pngOfText(LAB_LINES);
    const res = await digitize(form(png, { document_type: "lab_report" }, { type: "image/png", name: "scan.png" }));
    expect(res.status).toBe(200);
    expect(res.body.ocr_result.method).toBe("ocr");
    expect(res.body.ocr_result.confidence).toBeGreaterThan(0.6);
    expect(res.body.ocr_result.text).toMatch(/Haemoglobin/);
    expect(res.body.ocr_result.text).toMatch(/Potassium 5\.9 mmol\/L/);
    expect(res.body.extracted_data.tests).toEqual(expect.arrayContaining([expect.objectContaining({ name: "Potassium", value: 5.9, loinc_code: "2823-3", abnormal_flag: "H" })]));
    expect(res.body.file.content_type).toBe("image/png");
    expect(res.body.patient_uhid).toBeNull();
    for (const r of res.body.fhir_resources) expectValidFhir(r);
  });

  it("codes each result with the LOINC code of its unit's kind (urea in mmol/L is urea, not urea nitrogen), and none without a unit", async () => {
    // Used to answer 3094-0 (urea nitrogen, mass) for urea in mmol/L, 2160-0 for creatinine in µmol/L and 2345-7 for glucose in mmol/L.
    const token = await stack.token("lab_technician", { sub: "digitize-loinc" });
    const pdf = await pdfWithText(["RENAL FUNCTION TESTS", "Urea 22.4 mmol/L 2.5 - 7.1 H", "Creatinine 412 µmol/L 62 - 106 H", "Glucose 2.1 mmol/L 3.9 - 5.5 L", "BUN 18 mg/dL 7 - 20", "Potassium 5.9 3.5 - 5.1 H"]);
    const res = await digitize(form(pdf, { document_type: "lab_report", uhid: UHID }), token);
    expect(res.status).toBe(200);
    expect(res.body.extracted_data.tests.map((t: { name: string; unit: string | null; loinc_code: string | null }) => [t.name, t.unit, t.loinc_code])).toEqual([
      ["Urea", "mmol/L", "22664-7"],
      ["Creatinine", expect.stringMatching(/^[µμ]mol\/L$/), "14682-9"], // pdf.js reads the micro sign back as Greek mu
      ["Glucose", "mmol/L", "14749-6"],
      ["BUN", "mg/dL", "3094-0"],
      ["Potassium", null, null],
    ]);
    expect(res.body.warnings).toEqual([expect.stringMatching(/"Potassium 5.9" without a unit: LOINC left empty/)]);
    const [urea, , , , potassium] = res.body.fhir_resources.slice(2);
    expect(urea).toMatchObject({ code: { coding: [{ system: "http://loinc.org", code: "22664-7", display: "Urea [Moles/volume] in Serum or Plasma" }], text: "Urea" }, valueQuantity: { value: 22.4, unit: "mmol/L" } });
    expect(potassium.code).toEqual({ text: "Potassium" });
    for (const r of res.body.fhir_resources) expectValidFhir(r);
    expect(res.body.ruleset_version).toMatch(/lab-loinc-units@/);
  });

  it("classifies by content: a discharge summary declared as a lab report", async () => {
    const pdf = await pdfWithText(["DISCHARGE SUMMARY", "Date of admission: 2026-11-01", "Date of discharge: 2026-11-05", "Hospital course: treated for malaria, improved.", "Discharge medications: artemether-lumefantrine"]);
    const res = await digitize(form(pdf, { document_type: "lab_report" }));
    expect(res.status).toBe(200);
    expect(res.body.classification).toMatchObject({ type: "discharge_summary", declared_type: "lab_report", agrees_with_declared: false });
    expect(res.body.classification.signals).toEqual(expect.arrayContaining(["discharge summary", "hospital course"]));
    expect(res.body.fhir_resources.map((r: { resourceType: string }) => r.resourceType)).toEqual(["DocumentReference"]);
    expect(res.body.extracted_data.entities).toEqual(expect.arrayContaining([expect.objectContaining({ type: "diagnosis", text: "malaria" })]));
  });

  it("refuses what it cannot take: 413 too large, 415 not a document, 400 empty or corrupt, 404 unknown patient, 403 other roles", async () => {
    const big = Buffer.alloc(MAX_BYTES + 100_000, 0x20);
    big.write("%PDF-1.4\n");
    expect((await digitize(form(big, { document_type: "lab_report" }))).status).toBe(413);
    // Within the bridge's form allowance but over the file limit: the gateway refuses it (413 too).
    const justOver = Buffer.alloc(MAX_BYTES + 10, 0x20);
    justOver.write("%PDF-1.4\n");
    const over = await digitize(form(justOver, { document_type: "lab_report" }));
    expect(over.status).toBe(413);
    expect(over.body.error.code).toBe("PAYLOAD_TOO_LARGE");

    const text = await digitize(form("just some text, not a PDF", { document_type: "lab_report" }, { type: "application/pdf" }));
    expect(text.status).toBe(415);
    expect(text.body.error).toMatchObject({ code: "UNSUPPORTED_MEDIA_TYPE", fields: { document: [expect.any(String)] } });
    const json = await stack.rest("POST", PATH, { token: lab, body: { document_type: "lab_report" } });
    expect(json.status).toBe(415);

    const empty = await digitize(form(Buffer.alloc(0), { document_type: "lab_report" }));
    expect(empty.status).toBe(400);
    expect(empty.body.error.fields).toEqual({ document: ["is empty"] });
    const corruptPdf = await digitize(form("%PDF-1.7\n1 0 obj << /Type /Catalog >> garbage", { document_type: "lab_report" }));
    expect(corruptPdf.status).toBe(400);
    const png = await pngOfText(["x"]);
    const corruptPng = await digitize(form(png.subarray(0, 60), { document_type: "lab_report" }, { type: "image/png", name: "cut.png" }));
    expect(corruptPng.status).toBe(400);
    expect(corruptPng.body.error.fields.document).toEqual(["is not a readable PNG"]);

    const missing = await digitize(form(null, { document_type: "lab_report" }));
    expect(missing.status).toBe(400);
    expect(missing.body.error.fields).toMatchObject({ document: ["is required"] });
    const unknownField = await digitize(form(await pdfWithText(["x"]), { document_type: "lab_report", colour: "blue" }));
    expect(unknownField.body.error.fields).toMatchObject({ colour: ["is not a known field"] });
    const badType = await digitize(form(await pdfWithText(["x"]), { document_type: "x-ray" }));
    expect(badType.body.error.fields.document_type[0]).toMatch(/must be one of lab_report/);

    const unknownPatient = await digitize(form(await pdfWithText(LAB_LINES), { document_type: "lab_report", uhid: "UG-1999-999999" }));
    expect(unknownPatient.status).toBe(404);

    for (const role of ["pharmacist", "cashier", "researcher"] as const) {
      const res = await digitize(form(await pdfWithText(LAB_LINES), { document_type: "lab_report" }), await stack.token(role));
      expect(res.status).toBe(403);
    }
  });

  it("charts results only from laboratory reports: an invoice, a prescription or a letter gives a DocumentReference and no Observation", async () => {
    const token = await stack.token("lab_technician", { sub: "digitize-classes" });
    const documents: [string, string[]][] = [
      ["invoice", ["LANCET LABORATORIES UGANDA - CASH RECEIPT", "Receipt No: RCT-44871 Date: 03/04/2026", "Full Blood Count 25,000 UGX", "HbA1c 45,000 UGX", "Creatinine 15,000 UGX", "Total 130,000 UGX", "Payment: Cash. Thank you."]],
      ["prescription", ["KISUBI HOSPITAL - PRESCRIPTION FORM", "Rx", "Amoxicillin syrup 250 mg", "5 ml tds x 5/7", "Paracetamol syrup 180 mg", "Prescriber: Dr. L. Namusoke"]],
      ["referral", ["RUBAGA HOSPITAL", "P.O. Box 14130 Kampala", "REFERRAL LETTER", "Reason for referral: suspected stroke.", "Temperature 37.2 C", "Pulse 96 bpm", "Weight 70 kg"]],
      ["discharge_summary", ["DISCHARGE SUMMARY", "Date of discharge: 03/04/2026", "Hospital course: transfused.", "Hb 5.2 g/dL (11.5 - 16.5) L", "Platelets 45 x10^9/L (150 - 400) L"]],
    ];
    for (const [type, lines] of documents) {
      const res = await digitize(form(await pdfWithText(lines), { document_type: "lab_report" }), token);
      expect(res.status, type).toBe(200);
      expect(res.body.classification.type, type).toBe(type);
      expect(res.body.extracted_data.tests, type).toEqual([]);
      expect(res.body.fhir_resources.map((r: { resourceType: string }) => r.resourceType), type).toEqual(["DocumentReference"]);
    }
  });

  it("reads a lab report's numbers as written: thousands, decimal points lost by OCR, differentials, units, the collection date", async () => {
    const token = await stack.token("lab_technician", { sub: "digitize-numbers" });
    const pdf = await pdfWithText([
      "LABORATORY REPORT - Haematology",
      "Date collected: 03/04/2026 08:15 Date reported: 04/04/2026 11:40",
      "Test Result Unit Reference range Flag",
      "Platelets 95,000 cells/µL 150,000 - 400,000 L",
      "Viral load 125,000 copies/mL < 1000 H",
      "CD4 180 cells/µL 500 - 1500",
      "Neutrophils 78 % 40 - 75 H",
      "Potassium 6.1 mmol/L 35 - 51",
      "Total WBC 3.2 ×10^9/L 4.0 - 11.0",
      "Creatinine 132 Mmol/L 53-106 H",
    ]);
    const res = await digitize(form(pdf, { document_type: "lab_report" }), token);
    expect(res.status).toBe(200);
    expect(res.body.extracted_data.tests.map((t: { name: string; value: number; abnormal_flag: string | null; loinc_code: string | null }) => [t.name, t.value, t.abnormal_flag, t.loinc_code])).toEqual([
      ["Platelets", 95000, "L", "777-3"],
      ["Viral load", 125000, "H", "20447-9"],
      ["CD4", 180, "L", null],
      ["Neutrophils", 78, "H", "770-8"],
      ["Potassium", 6.1, null, "2823-3"],
      // Session 17: a name the vocabulary lacks is coded as lab-limits.json names it ("Total WBC" = 6690-2), as critical values does.
      ["Total WBC", 3.2, "L", "6690-2"],
    ]);
    expect(res.body.warnings).toEqual(expect.arrayContaining([expect.stringMatching(/"Potassium 6.1": the reference range "35-51" was not used/), expect.stringMatching(/Line "Creatinine 132 Mmol\/L 53-106 H" was not read/)]));
    const [report, platelets] = res.body.fhir_resources.slice(1);
    expect(report).toMatchObject({ category: [{ coding: [{ code: "LAB" }] }], effectiveDateTime: "2026-04-03" });
    expect(platelets).toMatchObject({ effectiveDateTime: "2026-04-03", valueQuantity: { value: 95000 } });
    for (const r of res.body.fhir_resources) expectValidFhir(r);
  });

  it("refuses with 409, storing nothing, a document that prints another patient's UHID", async () => {
    const token = await stack.token("lab_technician", { sub: "digitize-uhid" });
    const auditor = await stack.token("auditor");
    const count = async () => (await stack.rest("GET", "/api/v1/clinical-audit/records/?operation=document_digitization&page_size=1", { token: auditor })).body.count;
    const lines = ["LABORATORY REPORT", `Patient: Nakato Sarah UHID: ${UHID} Sex: F`, "Potassium 5.9 mmol/L 3.5-5.1 H"];
    const before = await count();
    const wrong = await digitize(form(await pdfWithText(lines), { document_type: "lab_report", uhid: "UG-2024-000002" }), token);
    expect(wrong.status).toBe(409);
    expect(wrong.body.error.code).toBe("CONFLICT");
    expect(wrong.body.error.message).toContain(UHID);
    expect(await count()).toBe(before);
    const right = await digitize(form(await pdfWithText(lines), { document_type: "lab_report", uhid: UHID }), token);
    expect(right.status).toBe(200);
    const unprinted = await digitize(form(await pdfWithText(LAB_LINES), { document_type: "lab_report", uhid: "UG-2024-000002" }), token);
    expect(unprinted.status).toBe(200);
  });

  it.each([
    [MAX_BYTES - 1, 200],
    [MAX_BYTES, 200],
    [MAX_BYTES + 1, 413],
  ])("a file of %i bytes (the limit is MAX_BYTES) through REST and GraphQL → %i", async (size, status) => {
    const token = await stack.token("lab_technician", { sub: `digitize-size-${size}` });
    const pdf = await pdfWithText(LAB_LINES);
    // A PDF of exactly `size` bytes: padded after %%EOF with a comment line, which readers ignore.
    const padded = Buffer.concat([pdf, Buffer.from("\n%"), Buffer.alloc(size - pdf.length - 2, 0x20)]);
    expect(padded.length).toBe(size);
    const rest = await digitize(form(padded, { document_type: "lab_report" }), token);
    expect(rest.status).toBe(status);
    const gql = await graphqlUpload(padded, "application/pdf", { documentType: "lab_report" });
    expect(gql.status).toBe(status);
  });

  it("allows 20 digitizations a minute per caller, then 429 with Retry-After", async () => {
    const token = await stack.token("nurse", { sub: "digitize-rate" });
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++) statuses.push((await digitize(form(Buffer.alloc(0), { document_type: "lab_report" }), token)).status);
    expect(statuses.slice(0, 20).every((s) => s === 400)).toBe(true);
    const limited = await digitize(form(Buffer.alloc(0), { document_type: "lab_report" }), token);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(limited.headers.get("ratelimit-limit")).toBe("20");
  });

  it("documents the multipart body in /openapi.json", async () => {
    const doc = (await stack.rest("GET", "/openapi.json")).body;
    const op = doc.paths[PATH].post;
    const body = op.requestBody.content["multipart/form-data"];
    expect(body.schema.properties.document).toMatchObject({ type: "string", format: "binary" });
    expect(body.schema.properties.document_type.enum).toContain("lab_report");
    expect(body.schema.required).toEqual(expect.arrayContaining(["document", "document_type"]));
    expect(Object.keys(op.responses)).toEqual(expect.arrayContaining(["200", "400", "403", "404", "413", "415", "429"]));
  });
});

describe("document digitization through the GraphQL gateway (multipart upload)", () => {
  it("takes an Upload directly and forwards it to the clinical subgraph", async () => {
    const png = await pngOfText(["Potassium 6.4 mmol/L (3.5-5.1) H"]);
    const res = await graphqlUpload(png, "image/png", { documentType: "lab_report", uhid: UHID });
    expect(res.status).toBe(200);
    expect(res.body.errors).toBeUndefined();
    const doc = res.body.data.digitizeDocument;
    expect(doc.ocrResult.text).toMatch(/Potassium 6\.4/);
    expect(doc.extractedData.tests).toEqual([expect.objectContaining({ name: "Potassium", value: 6.4, loincCode: "2823-3", abnormalFlag: "H" })]);
    expect(doc.file).toEqual({ contentType: "image/png", sha256: createHash("sha256").update(png).digest("hex"), sizeBytes: png.length });
    for (const r of doc.fhirResources) expectValidFhir(r);
  });

  it("refuses a browser-style multipart POST without a preflight header (CSRF), and files over the limit", async () => {
    const png = await pngOfText(["Potassium 6.4 mmol/L"]);
    const csrf = await graphqlUpload(png, "image/png", { documentType: "lab_report" }, {});
    expect(csrf.status).toBe(400);
    expect(csrf.body.errors[0].message).toMatch(/Cross-Site Request Forgery/);
    const withOperationName = await graphqlUpload(png, "image/png", { documentType: "lab_report" }, { "x-apollo-operation-name": "Digitize" });
    expect(withOperationName.status).toBe(200);

    const big = Buffer.alloc(MAX_BYTES + 1, 0x20);
    const tooLarge = await graphqlUpload(big, "application/pdf", { documentType: "lab_report" });
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.body.errors[0].extensions.code).toBe("PAYLOAD_TOO_LARGE");
  });
});
