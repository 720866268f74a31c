import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import Ajv from "ajv";
import { classifyDocument } from "./classification.js";
import { buildFhirResources, type FhirResource } from "./fhir.js";
import type { LabFinding } from "./lab-findings.js";
import type { LabResult } from "./lab-line.js";

/** The FHIR Observations a lab report with these results (and word-only findings) produces (a fixed document, no patient or encounter). */
export function observationsOf(tests: LabResult[], findings: LabFinding[] = []): FhirResource[] {
  return fhirOf(tests, findings).filter((r) => r.resourceType === "Observation");
}

/** All FHIR resources of such a lab report: DocumentReference, DiagnosticReport, Observations. */
export function fhirOf(tests: LabResult[], findings: LabFinding[] = []): FhirResource[] {
  const { resources } = buildFhirResources({
    documentId: "0b6c2c1e-0000-4000-8000-000000000002",
    classification: classifyDocument("x", "lab_report", tests.length),
    tests,
    findings,
    patientUhid: null,
    encounterId: null,
    contentType: "application/pdf",
    bytes: Buffer.from("%PDF-1.4"),
    sha256: "00",
    title: "x.pdf",
    createdAt: new Date("2026-11-28T10:00:00Z"),
    url: "/x",
  });
  return resources;
}

const require = createRequire(import.meta.url);
const ajv = new Ajv({ strict: false, allErrors: true });
ajv.addMetaSchema(require("ajv/dist/refs/json-schema-draft-06.json"));
const { id: _schemaId, ...fhirSchema } = JSON.parse(readFileSync(new URL("../../../test/fixtures/fhir/fhir-r4-subset.schema.json", import.meta.url), "utf8"));
/** Validates one resource against the official FHIR R4 JSON schema (the CC0 subset in test/fixtures/fhir/). */
export const validateFhir = ajv.compile(fhirSchema);
