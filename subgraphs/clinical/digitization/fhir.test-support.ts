import { classifyDocument } from "./classification.js";
import { buildFhirResources, type FhirResource } from "./fhir.js";
import type { LabResult } from "./lab-line.js";

/** The FHIR Observations a lab report with these results produces (a fixed document, no patient or encounter). */
export function observationsOf(tests: LabResult[]): FhirResource[] {
  const { resources } = buildFhirResources({
    documentId: "0b6c2c1e-0000-4000-8000-000000000002",
    classification: classifyDocument("x", "lab_report", tests.length),
    tests,
    patientUhid: null,
    encounterId: null,
    contentType: "application/pdf",
    bytes: Buffer.from("%PDF-1.4"),
    sha256: "00",
    title: "x.pdf",
    createdAt: new Date("2026-11-28T10:00:00Z"),
    url: "/x",
  });
  return resources.filter((r) => r.resourceType === "Observation");
}
