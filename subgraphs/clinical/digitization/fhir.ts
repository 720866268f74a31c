import { createHash, randomUUID } from "node:crypto";
import type { Classification } from "./classification.js";
import type { LabFinding } from "./lab-findings.js";
import type { LabResult } from "./lab-line.js";
import { SUSCEPTIBILITY, susceptibilityCodeOf } from "./lab-susceptibility.js";

/**
 * FHIR R4 (4.0.1) resources for a digitized document: a DocumentReference for the original, and for
 * a lab report a DiagnosticReport whose `result` references one Observation per lab result line and per
 * word-only finding (organism, blood group…, `valueString`: no code system entry is claimed). They
 * travel together as a `collection` Bundle (each entry's fullUrl is `urn:uuid:<id>` and references
 * use those URNs, as FHIR R4 §2.36.4 "Resolving references in Bundles" describes), so a receiver can
 * store them as they are. Everything is `preliminary`: machine-extracted, to be reviewed.
 * See https://hl7.org/fhir/R4/documentreference.html, diagnosticreport.html, observation.html.
 */
export type FhirResource = { resourceType: string; id: string } & Record<string, unknown>;

export interface FhirInput {
  documentId: string;
  classification: Classification;
  tests: LabResult[];
  /** Word-only results: each an Observation with valueString, in the DiagnosticReport's result like the tests. */
  findings?: LabFinding[];
  /** Specimen collection date printed on the report (YYYY-MM-DD), the clinically relevant time of its results. */
  collectedOn?: string | null;
  patientUhid: string | null;
  encounterId: string | null;
  contentType: string;
  bytes: Buffer;
  sha256: string;
  title: string;
  createdAt: Date;
  /** Where the stored document can be read back (the REST path). */
  url: string;
}

const V3_INTERPRETATION = "http://terminology.hl7.org/CodeSystem/v3-ObservationInterpretation";
const INTERPRETATION_DISPLAY: Record<string, string> = { N: "Normal", L: "Low", H: "High", LL: "Critical low", HH: "Critical high", A: "Abnormal" };

/**
 * Observation.interpretation: the result's flag against its range; for an antimicrobial susceptibility,
 * its category, which v3-ObservationInterpretation codes as S (Susceptible), I (Intermediate) and R
 * (Resistant) — https://terminology.hl7.org/CodeSystem-v3-ObservationInterpretation.html.
 */
function interpretationOf(t: LabResult): Record<string, unknown> {
  const susceptibility = susceptibilityCodeOf(t);
  const [code, display] = susceptibility ? [susceptibility, SUSCEPTIBILITY[susceptibility].text] : t.abnormalFlag ? [t.abnormalFlag, INTERPRETATION_DISPLAY[t.abnormalFlag]] : [];
  return code ? { interpretation: [{ coding: [{ system: V3_INTERPRETATION, code, display }] }] } : {};
}

/**
 * Observation.value[x] (FHIR R4): a titre ("1:160") as a Ratio, an ordinal grade as a string (its rank
 * orders grades and has no unit), a count per field printed as a range ("8-10/hpf") as a Range, a
 * measured result as a Quantity with its comparator when censored.
 */
function observationValue(t: LabResult, quantity: (value: number, comparator?: string | null) => Record<string, unknown>): Record<string, unknown> {
  if (t.valueText && /^1:\d+$/.test(t.valueText)) return { valueRatio: { numerator: { value: 1 }, denominator: { value: t.value } } };
  if (t.valueText) return { valueString: t.valueText };
  if (t.valueHigh !== null && t.valueHigh !== undefined) return { valueRange: { low: quantity(t.value), high: quantity(t.valueHigh) } };
  return { valueQuantity: quantity(t.value, t.comparator) };
}

export function buildFhirResources(d: FhirInput): { resources: FhirResource[]; bundle: FhirResource } {
  const urn = (id: string) => `urn:uuid:${id}`;
  const subject = d.patientUhid ? { reference: `Patient/${d.patientUhid}` } : undefined;
  const encounter = d.encounterId ? { reference: `Encounter/${d.encounterId}` } : undefined;
  const issued = d.createdAt.toISOString();
  const effective = d.collectedOn ? { effectiveDateTime: d.collectedOn } : {};
  const attachment = {
    contentType: d.contentType,
    size: d.bytes.length,
    // R4 Attachment.hash is the base64 SHA-1 of the data; the SHA-256 is the identifier below.
    hash: createHash("sha1").update(d.bytes).digest("base64"),
    title: d.title,
    url: d.url,
    creation: issued,
  };
  const documentReference: FhirResource = {
    resourceType: "DocumentReference",
    id: d.documentId,
    // RFC 6920 named information: the document's SHA-256 as a URI any receiver can recompute.
    identifier: [{ system: "urn:ietf:rfc:3986", value: `ni:///sha-256;${Buffer.from(d.sha256, "hex").toString("base64url")}` }],
    status: "current",
    docStatus: "preliminary",
    type: { text: d.classification.display },
    category: [{ text: d.classification.type }],
    ...(subject ? { subject } : {}),
    date: issued,
    description: `Digitized ${d.classification.display.toLowerCase()} (classification confidence ${d.classification.confidence}; requires review)`,
    content: [{ attachment }],
    ...(encounter ? { context: { encounter: [encounter] } } : {}),
  };
  const observations: FhirResource[] = d.tests.map((t) => {
    const id = randomUUID();
    const code = {
      ...(t.loincCode ? { coding: [{ system: "http://loinc.org", code: t.loincCode, display: t.loincDisplay ?? t.name }] } : {}),
      text: t.name,
    };
    const quantity = (value: number, comparator?: string | null) => ({ value, ...(comparator ? { comparator } : {}), ...(t.unit ? { unit: t.unit } : {}) });
    const range = t.reference
      ? [{ ...(t.low !== null ? { low: quantity(t.low) } : {}), ...(t.high !== null ? { high: quantity(t.high) } : {}), text: t.reference }]
      : undefined;
    return {
      resourceType: "Observation",
      id,
      status: "preliminary",
      category: [{ coding: [{ system: "http://terminology.hl7.org/CodeSystem/observation-category", code: "laboratory", display: "Laboratory" }] }],
      code,
      ...(subject ? { subject } : {}),
      ...(encounter ? { encounter } : {}),
      // A flow sheet's value was collected on its column's date, not on the document's.
      ...(t.collectedOn ? { effectiveDateTime: t.collectedOn } : effective),
      issued,
      ...observationValue(t, quantity),
      ...interpretationOf(t),
      ...(range ? { referenceRange: range } : {}),
      derivedFrom: [{ reference: urn(d.documentId) }],
    };
  });
  observations.push(...(d.findings ?? []).map((f) => findingObservation(f, { subject, encounter, effective, issued, documentUrn: urn(d.documentId) })));
  const resources: FhirResource[] = [documentReference];
  // A DiagnosticReport only for the reports that are one: LAB for laboratory reports (with their
  // results), RAD for radiology reports; letters, prescriptions and invoices are documents only.
  if (d.classification.type === "lab_report" || d.classification.type === "radiology_report") {
    const lab = d.classification.type === "lab_report";
    resources.push({
      resourceType: "DiagnosticReport",
      id: randomUUID(),
      status: "preliminary",
      category: [{ coding: [{ system: "http://terminology.hl7.org/CodeSystem/v2-0074", code: lab ? "LAB" : "RAD", display: lab ? "Laboratory" : "Radiology" }] }],
      code: { text: lab ? "Laboratory report" : "Radiology report" },
      ...(subject ? { subject } : {}),
      ...(encounter ? { encounter } : {}),
      ...effective,
      issued,
      ...(observations.length ? { result: observations.map((o) => ({ reference: urn(o.id), display: String((o.code as { text: string }).text) })) } : {}),
      conclusion: "Extracted by machine from the attached document; requires review by a qualified professional.",
      presentedForm: [attachment],
    });
    if (lab) resources.push(...observations);
  }
  const bundle: FhirResource = {
    resourceType: "Bundle",
    id: randomUUID(),
    type: "collection",
    timestamp: issued,
    entry: resources.map((r) => ({ fullUrl: urn(r.id), resource: r })),
  };
  return { resources, bundle };
}

/**
 * A word-only finding as an Observation (FHIR R4): `code.text` its label, `valueString` the result as
 * printed (no SNOMED CT or LOINC answer code is claimed: none is cited for these words in the project's
 * vocabularies), `interpretation` A or N against a printed normal, whose text is the `referenceRange`;
 * the specimen, section and isolate number, which have no Observation element without a Specimen
 * resource, are a `note`.
 */
function findingObservation(
  f: LabFinding,
  at: { subject?: { reference: string }; encounter?: { reference: string }; effective: Record<string, unknown>; issued: string; documentUrn: string },
): FhirResource {
  const notes = [f.specimen && `Specimen: ${f.specimen}`, f.section && `Section: ${f.section}`, f.isolate !== null && `Isolate ${f.isolate}`, `Kind: ${f.kind}`].filter(Boolean).join("; ");
  return {
    resourceType: "Observation",
    id: randomUUID(),
    status: "preliminary",
    category: [{ coding: [{ system: "http://terminology.hl7.org/CodeSystem/observation-category", code: "laboratory", display: "Laboratory" }] }],
    code: { text: f.name },
    ...(at.subject ? { subject: at.subject } : {}),
    ...(at.encounter ? { encounter: at.encounter } : {}),
    ...at.effective,
    issued: at.issued,
    valueString: f.valueText,
    ...(f.abnormalFlag ? { interpretation: [{ coding: [{ system: V3_INTERPRETATION, code: f.abnormalFlag, display: INTERPRETATION_DISPLAY[f.abnormalFlag] }] }] } : {}),
    ...(f.reference ? { referenceRange: [{ text: f.reference }] } : {}),
    note: [{ text: notes }],
    derivedFrom: [{ reference: at.documentUrn }],
  };
}
