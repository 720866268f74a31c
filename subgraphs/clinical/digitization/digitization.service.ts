import { createHash, randomUUID } from "node:crypto";
import { and, desc, eq, gte } from "drizzle-orm";
import type { SubgraphContext } from "../../../lib/context.js";
import type { Db } from "../../../lib/db.js";
import { badRequest, conflict, fieldError, notFound, unsupportedMediaType } from "../../../lib/errors.js";
import { isUuid } from "../../../lib/ids.js";
import { readUpload } from "../../../lib/uploads.js";
import { appendAudit } from "../audit/audit.service.js";
import { digitizedDocuments, encounters } from "../db/tables.js";
import { EXTRACTION_ENGINE_VERSION, extractEntities } from "../extraction/extraction.engine.js";
import { MAX_TEXT_CHARS } from "../extraction/extraction.service.js";
import { loadVocabulary } from "../extraction/vocabulary.js";
import { getPatient } from "../patient/patient.service.js";
import { classifyDocument, CLASSIFIER_VERSION } from "./classification.js";
import { CONTENT_TYPES, sniffDocumentFormat } from "./file-type.js";
import { buildFhirResources } from "./fhir.js";
import { parseLabResults } from "./lab-results.js";
import { reportDates } from "./report-dates.js";
import { LOINC_UNITS_VERSION } from "./loinc-by-unit.js";
import { ORDINAL_SCALES_VERSION } from "./lab-ordinals.js";
import { extractDocumentText } from "./text-extraction.js";
import type { DigitizedDocument, DocumentDigitizationInput } from "./digitization.type.js";

export const DIGITIZATION_ENGINE_VERSION = "document-digitization@1.13.0";
export const DOCUMENT_PATH = "/api/v1/document-digitization/documents/";

type Row = typeof digitizedDocuments.$inferSelect;
type StoredResult = Pick<DigitizedDocument, "classification" | "extractedData" | "warnings" | "rulesetVersion" | "fhirResources"> & { ocr: Omit<DigitizedDocument["ocrResult"], "text"> };

/**
 * Reads the upload, checks what it is, reads its text (text layer or OCR), classifies it, finds its
 * lab results and entities, builds the FHIR resources, and stores the document with its audit record
 * in one transaction (docs/decisions/clinical.md, "Document digitization").
 */
export async function digitizeDocument(ctx: SubgraphContext, input: DocumentDigitizationInput, startedAt = performance.now()): Promise<DigitizedDocument> {
  const file = await readUpload(input.document, ctx.config.DIGITIZATION_MAX_BYTES);
  if (file.bytes.length === 0) throw fieldError("document", "is empty");
  const format = sniffDocumentFormat(file.bytes);
  if (!format) {
    throw unsupportedMediaType(`The document is not a PDF, PNG, JPEG or TIFF file (declared ${file.mimetype || "no type"}; its content says otherwise)`, {
      document: ["must be a PDF, PNG, JPEG or TIFF file"],
    });
  }
  const { uhid, encounterId } = await resolveOwner(ctx.db, input);

  const text = await extractDocumentText(file.bytes, format, { ocrWorkers: ctx.config.DIGITIZATION_OCR_WORKERS, ocrMaxPages: ctx.config.DIGITIZATION_OCR_MAX_PAGES });
  const warnings = [...text.warnings];
  if (!text.text.trim()) warnings.push("No text was found in the document");
  const printedUhidConflict = uhid ? wrongPatient(text.text, uhid) : null;
  if (printedUhidConflict) throw printedUhidConflict;
  const parsed = parseLabResults(text.text);
  const classification = classifyDocument(text.text, input.documentType, parsed.tests.length);
  // Results are charted only from laboratory reports: a price, a dose or a letterhead is not a result.
  const tests = classification.type === "lab_report" ? parsed.tests : [];
  const findings = classification.type === "lab_report" ? parsed.findings : [];
  if (classification.type === "lab_report") warnings.push(...parsed.warnings, ...parsed.unread);
  else if (parsed.tests.length || parsed.findings.length) {
    const lines = [...parsed.tests, ...parsed.findings];
    warnings.push(
      `${lines.length} line${lines.length === 1 ? "" : "s"} that look like lab results (${lines.map((t) => t.name).join(", ")}) were not read as results: the document is a ${classification.display.toLowerCase()}, not a laboratory report`,
    );
  }
  const dates = reportDates(text.text, createdAtLimit());
  warnings.push(...dates.warnings);
  const vocabulary = loadVocabulary();
  const found = extractEntities(vocabulary, text.text.slice(0, MAX_TEXT_CHARS));
  if (text.text.length > MAX_TEXT_CHARS) warnings.push(`Entities were looked for in the first ${MAX_TEXT_CHARS} characters only`);
  const entities = found.entities.map((e) => ({ type: e.type, text: e.text, code: e.code, system: e.system, display: e.display, assertion: e.assertion }));

  const documentId = randomUUID();
  const createdAt = new Date();
  const sha256 = createHash("sha256").update(file.bytes).digest("hex");
  const contentType = CONTENT_TYPES[format];
  const { resources, bundle } = buildFhirResources({
    documentId,
    classification,
    tests,
    findings,
    collectedOn: dates.collectedOn,
    patientUhid: uhid,
    encounterId,
    contentType,
    bytes: file.bytes,
    sha256,
    title: file.filename || `document.${format}`,
    createdAt,
    url: `${DOCUMENT_PATH}${documentId}/`,
  });
  const rulesetVersion = `${DIGITIZATION_ENGINE_VERSION}; ${CLASSIFIER_VERSION}; ${LOINC_UNITS_VERSION}; ${ORDINAL_SCALES_VERSION}; ${EXTRACTION_ENGINE_VERSION}; ${vocabulary.version}`;
  const ocr = { confidence: text.confidence, method: text.method, pageCount: text.pageCount, pagesRead: text.pagesRead };
  const extractedData = { tests, findings, entities };
  const stored: StoredResult = { classification, ocr, extractedData, warnings, rulesetVersion, fhirResources: resources };

  const audit = await ctx.db.transaction(async (tx) => {
    const row = await appendAudit(tx as unknown as Db, {
      actor: ctx.principal,
      operation: "document_digitization",
      patientUhid: uhid,
      // The file itself is represented by its hash; the words read from it stay out of the audit log.
      input: { documentType: input.documentType, uhid, encounterId, sha256, sizeBytes: file.bytes.length },
      output: {
        documentId,
        contentType,
        sizeBytes: file.bytes.length,
        sha256,
        method: text.method,
        pageCount: text.pageCount,
        ocrConfidence: text.confidence,
        classification: { type: classification.type, confidence: classification.confidence, declaredType: classification.declaredType },
        tests: tests.map((t) => ({ loincCode: t.loincCode, abnormalFlag: t.abnormalFlag })),
        // Of a finding only its kind and flag: its words (an organism, a blood group) stay out of the audit log.
        findings: findings.map((f) => ({ kind: f.kind, abnormalFlag: f.abnormalFlag })),
        entities: entities.map((e) => ({ type: e.type, code: e.code, system: e.system, assertion: e.assertion })),
        fhirResources: resources.map((r) => ({ resourceType: r.resourceType, id: r.id })),
        requiresReview: true,
      },
      rulesetVersion,
      requestId: ctx.requestId,
    });
    await tx.insert(digitizedDocuments).values({
      id: documentId,
      patientUhid: uhid,
      encounterId,
      declaredType: input.documentType,
      documentClass: classification.type,
      classConfidence: classification.confidence,
      filename: file.filename || null,
      contentType,
      sizeBytes: file.bytes.length,
      sha256,
      extractionMethod: text.method,
      ocrConfidence: text.confidence,
      pageCount: text.pageCount,
      extractedText: text.text,
      result: stored,
      fhirBundle: bundle,
      content: file.bytes,
      createdBy: ctx.principal.sub,
      auditId: row.id,
      createdAt,
    });
    return row;
  });
  ctx.logger.info({ documentId, format, method: text.method, class: classification.type, tests: tests.length, findings: findings.length }, "document digitized");
  return { ...fromRow({ ...rowShape(documentId, uhid, encounterId, file.filename, contentType, file.bytes.length, sha256, text.text, stored, bundle, audit.id, createdAt) }), processingTimeMs: Math.round(performance.now() - startedAt) };
}

/** Dashes of any kind (OCR and word processors print "–", "—", "‐", "−"). */
const DASH = "\\-\u2010\u2011\u2012\u2013\u2014\u2015\u2212";
/** Labels that say the identifier after them is the patient's (UHID, Patient ID, IP No, MRN…). */
const PATIENT_ID_LABEL = new RegExp(String.raw`\b(?:UHID|Patient\s?(?:ID|No\.?|Number)|IP\s?No\.?|OP\s?No\.?|MRN)(?:\s?[:#]\s?|\s)(?<id>[A-Z0-9]+(?:\s?[${DASH}]\s?[A-Z0-9]+)*)`, "gi");
/** An identifier compared as written by anyone: dashes of any kind and spaces removed, upper case. */
const normaliseId = (id: string) => id.replace(new RegExp(`[${DASH}\\s]`, "g"), "").toUpperCase();

/** Latest collection date a document may carry: today (the server's date) plus one day for time zones. */
const createdAtLimit = () => new Date(Date.now() + 86_400_000);

/**
 * A 409 when the document prints UHIDs and none is the patient it is being filed to: a result filed to
 * the wrong patient is the classic digitization error, so it is refused, not stored with a warning
 * (docs/decisions/clinical.md, "Wrong patient").
 */
export function wrongPatient(text: string, uhid: string): Error | null {
  const printed = printedUhids(text, uhid);
  if (!printed.length || printed.some((p) => normaliseId(p) === normaliseId(uhid))) return null;
  return conflict(`The document prints UHID ${printed.join(", ")}, not ${uhid}: it was not stored. Check that the document belongs to this patient, or send it with the printed UHID`);
}

/**
 * The patient identifiers a document prints: those labelled as the patient's (UHID, Patient ID, Patient
 * No, IP No, OP No, MRN) in the shape of a UHID, and unlabelled ones with the shape and the letter prefix of the UHID sent
 * ("UG" + 4 digits + 6 digits, dashes of any kind or none). A lab, sample or receipt number with another
 * prefix ("Lab No: HM-2026-004512") is not a UHID.
 */
export function printedUhids(text: string, uhid: string): string[] {
  const found: string[] = [];
  const parts = uhid.toUpperCase().match(/[A-Z]+|\d+/g) ?? [];
  // A labelled identifier is a UHID only in the UHID's shape (any letters, the same digit groups): a
  // facility's own MRN, IP or OP number ("MRN: 48213", "IP No 2024/5512") is not, and must not refuse the document.
  const uhidShape = new RegExp(`^${parts.map((p) => (/^\d/.test(p) ? `\\d{${p.length}}` : `[A-Z]{${p.length}}`)).join("")}$`);
  for (const m of text.matchAll(PATIENT_ID_LABEL)) {
    const id = m.groups?.id ?? "";
    // "UHID: UG 2024 000001": the sent UHID written with spaces is the sent UHID.
    if (normaliseId(text.slice(m.index! + m[0].length - id.length).slice(0, uhid.length + 8)).startsWith(normaliseId(uhid))) found.push(uhid);
    else if (parts.length > 1 ? uhidShape.test(normaliseId(id)) : /\d/.test(id)) found.push(id);
  }
  if (parts.length > 1 && /^[A-Z]/.test(parts[0] ?? "")) {
    const shape = parts.map((p) => (/^\d/.test(p) ? `\\d{${p.length}}` : p)).join(`[${DASH}\\s]{0,3}`);
    for (const m of text.matchAll(new RegExp(`(?<![A-Za-z0-9])${shape}(?![0-9])`, "gi"))) found.push(m[0]);
  }
  const byNormal = new Map(found.map((f) => [normaliseId(f), f.trim()] as const));
  return [...byNormal.values()];
}

/** The patient and encounter the document belongs to: both must exist, and agree. */
async function resolveOwner(db: Db, input: DocumentDigitizationInput): Promise<{ uhid: string | null; encounterId: string | null }> {
  let uhid = input.uhid?.trim() || null;
  if (uhid) await getPatient(db, uhid);
  const encounterId = input.encounterId ?? null;
  if (encounterId) {
    if (!isUuid(encounterId)) throw fieldError("encounter_id", "must be a UUID");
    const [encounter] = await db.select({ patientUhid: encounters.patientUhid }).from(encounters).where(eq(encounters.id, encounterId));
    if (!encounter) throw notFound("Encounter", encounterId);
    if (uhid && encounter.patientUhid !== uhid) throw badRequest("The encounter belongs to another patient", { encounter_id: ["is not an encounter of this patient"] });
    uhid = encounter.patientUhid;
  }
  return { uhid, encounterId };
}

/** One stored document by id (404 when unknown or not a UUID). */
export async function getDigitizedDocument(db: Db, id: string): Promise<DigitizedDocument> {
  if (!isUuid(id)) throw notFound("Document", id);
  const [row] = await db.select().from(digitizedDocuments).where(eq(digitizedDocuments.id, id));
  if (!row) throw notFound("Document", id);
  return { ...fromRow(row), content: row.content };
}

/**
 * The patient's digitized documents dated inside a timeline window, newest first: a small function of
 * its own so the timeline can list them beside other clinical documents.
 */
export async function digitizedDocumentsForTimeline(db: Db, uhid: string, since: Date): Promise<{ id: string; createdAt: Date; documentClass: string; filename: string | null; encounterId: string | null }[]> {
  const rows = await db
    .select({ id: digitizedDocuments.id, createdAt: digitizedDocuments.createdAt, documentClass: digitizedDocuments.documentClass, filename: digitizedDocuments.filename, encounterId: digitizedDocuments.encounterId })
    .from(digitizedDocuments)
    .where(and(eq(digitizedDocuments.patientUhid, uhid), gte(digitizedDocuments.createdAt, since)))
    .orderBy(desc(digitizedDocuments.createdAt));
  return rows.map((r) => ({ ...r, createdAt: new Date(r.createdAt), filename: r.filename || null }));
}

function rowShape(id: string, patientUhid: string | null, encounterId: string | null, filename: string, contentType: string, sizeBytes: number, sha256: string, extractedText: string, result: StoredResult, fhirBundle: Record<string, unknown>, auditId: string, createdAt: Date) {
  return { id, patientUhid, encounterId, filename: filename || null, contentType, sizeBytes, sha256, extractedText, result, fhirBundle, auditId, createdAt } as Pick<Row, "id" | "patientUhid" | "encounterId" | "filename" | "contentType" | "sizeBytes" | "sha256" | "extractedText" | "result" | "fhirBundle" | "auditId" | "createdAt">;
}

function fromRow(row: Pick<Row, "id" | "patientUhid" | "encounterId" | "filename" | "contentType" | "sizeBytes" | "sha256" | "extractedText" | "result" | "fhirBundle" | "auditId" | "createdAt">): DigitizedDocument {
  const r = row.result as StoredResult;
  return {
    documentId: row.id,
    patientUhid: row.patientUhid,
    encounterId: row.encounterId,
    classification: r.classification,
    ocrResult: { text: row.extractedText, ...r.ocr },
    // Documents stored before findings existed (engine < 1.7.0) have none.
    extractedData: { ...r.extractedData, findings: r.extractedData.findings ?? [] },
    fhirResources: r.fhirResources,
    fhirBundle: row.fhirBundle as Record<string, unknown>,
    file: { filename: row.filename, contentType: row.contentType, sizeBytes: row.sizeBytes, sha256: row.sha256 },
    warnings: r.warnings,
    requiresReview: true,
    auditId: row.auditId,
    rulesetVersion: r.rulesetVersion,
    createdAt: new Date(row.createdAt),
    processingTimeMs: null,
  };
}
