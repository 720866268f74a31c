import { createHash, randomUUID } from "node:crypto";
import { and, asc, eq } from "drizzle-orm";
import type { SubgraphContext } from "../../../lib/context.js";
import type { Db } from "../../../lib/db.js";
import { fieldError, notFound, payloadTooLarge } from "../../../lib/errors.js";
import { appendAudit, appendAuditNow } from "../audit/audit.service.js";
import { encounterNotes, encounters, soapNotes } from "../db/tables.js";
import { EXTRACTION_ENGINE_VERSION, extractEntities } from "../extraction/extraction.engine.js";
import { MAX_TEXT_CHARS } from "../extraction/extraction.service.js";
import { loadVocabulary } from "../extraction/vocabulary.js";
import { getKnowledge } from "../knowledge/knowledge.js";
import { getPatient } from "../patient/patient.service.js";
import { loadPatientRecord } from "../patient/patient-record.js";
import { scoreRecord } from "../risk-scores/risk-scores.service.js";
import { polishNarrative } from "./llm-narrative.js";
import { buildSoapNote, SOAP_ENGINE_VERSION } from "./soap-note.engine.js";
import type { EncounterNote, EncounterNoteInput, SoapNoteInput, SoapNoteResult } from "./soap-note.type.js";

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const sha256 = (s: string) => createHash("sha256").update(s).digest("hex");

/** The encounter, when it is this patient's; 404 otherwise (an encounter of another patient is not revealed). */
async function patientEncounter(db: Db, uhid: string, encounterId: string) {
  if (!UUID.test(encounterId)) throw fieldError("encounterId", "must be a UUID");
  await getPatient(db, uhid);
  const [enc] = await db.select().from(encounters).where(and(eq(encounters.id, encounterId), eq(encounters.patientUhid, uhid)));
  if (!enc) throw notFound(`Encounter of patient ${uhid}`, encounterId);
  return enc;
}

/** Records a free-text encounter note (the history a SOAP note quotes), audited. */
export async function recordEncounterNote(ctx: SubgraphContext, input: EncounterNoteInput): Promise<EncounterNote> {
  if (input.text.length > MAX_TEXT_CHARS) throw payloadTooLarge(`text is ${input.text.length} characters; at most ${MAX_TEXT_CHARS} are accepted`, { text: [`must be at most ${MAX_TEXT_CHARS} characters`] });
  if (!input.text.trim()) throw fieldError("text", "must not be empty");
  await patientEncounter(ctx.db, input.patientUhid, input.encounterId);
  return ctx.db.transaction(async (t) => {
    const tx = t as unknown as Db;
    const [note] = await tx.insert(encounterNotes).values({ encounterId: input.encounterId, patientUhid: input.patientUhid, authorSub: ctx.principal.sub, text: input.text }).returning();
    // The note's words stay out of the audit chain (as for entity extraction): its id, length and digest.
    const audit = await appendAudit(tx, { actor: ctx.principal, operation: "encounter_note_recorded", patientUhid: input.patientUhid, input, output: { noteId: note.id, encounterId: note.encounterId, textLength: note.text.length, textSha256: sha256(note.text) }, rulesetVersion: "encounter-note@1.0.0", requestId: ctx.requestId });
    return { id: note.id, encounterId: note.encounterId, patientUhid: note.patientUhid, authorSub: note.authorSub, text: note.text, recordedAt: note.recordedAt.toISOString(), auditId: audit.id };
  });
}

/**
 * Generates a SOAP note for a stored encounter from the record (spec: SOAP note request and result),
 * stores it under a new `document_id` and audits it. The optional LLM only rephrases the subjective
 * narrative and never adds facts (llm-narrative.ts); any failure keeps the template text.
 */
export async function generateSoapNote(ctx: SubgraphContext, input: SoapNoteInput): Promise<SoapNoteResult> {
  const includeHistory = input.includeHistory ?? true;
  const enc = await patientEncounter(ctx.db, input.patientUhid, input.encounterId);
  const [k, record, notes] = await Promise.all([
    getKnowledge(ctx.db),
    loadPatientRecord(ctx.db, input.patientUhid),
    ctx.db.select().from(encounterNotes).where(eq(encounterNotes.encounterId, enc.id)).orderBy(asc(encounterNotes.recordedAt)),
  ]);
  const v = loadVocabulary();
  const extraction = notes.length ? extractEntities(v, notes.map((n) => n.text).join("\n")) : null;
  const draft = buildSoapNote(k, { record, encounter: enc, notes: notes.map((n) => n.text), includeHistory, extraction, riskScores: scoreRecord(k, record) });

  const polish = await polishNarrative(ctx.config, ctx.logger, draft.subjective);
  const warnings = polish.warning ? [polish.warning] : [];
  if (!notes.length) warnings.push("No notes are recorded for this encounter: the history is the chief complaint only");
  const narrativeSource = polish.polished ? "llm" : "template";
  const sections = { subjective: polish.text, objective: draft.objective, assessment: draft.assessment, plan: draft.plan };
  const sources = { encounterNoteIds: notes.map((n) => n.id), priorEncounterIds: draft.priorEncounterIds, sectionsWithData: draft.sectionsWithData };
  const details = { findings: draft.findings, sources, warnings };
  const rulesetVersion = [
    SOAP_ENGINE_VERSION,
    EXTRACTION_ENGINE_VERSION,
    v.version,
    ...(["drugs", "drug-interactions", "drug-conditions", "drug-allergies", "lab-limits", "risk-models", "reminders", "news2"] as const).map((n) => `${n}@${k.versions[n]}`),
    ...(polish.polished ? [`narrative:${ctx.config.LLM_MODEL}`] : []),
  ].join("; ");
  const documentId = randomUUID();
  return ctx.db.transaction(async (t) => {
    const tx = t as unknown as Db;
    // The audit keeps digests of the sections (their words may quote the notes), never the text.
    const audit = await appendAudit(tx, {
      actor: ctx.principal,
      operation: "soap_note",
      patientUhid: input.patientUhid,
      input,
      output: {
        documentId,
        encounterId: enc.id,
        confidence: draft.confidence,
        entitiesExtracted: draft.entitiesExtracted,
        sectionSha256: Object.fromEntries(Object.entries(sections).map(([name, text]) => [name, sha256(text)])),
        findings: draft.findings.map((f) => ({ type: f.type, severity: f.severity })),
        sources,
        narrativeSource,
        warnings,
        requiresReview: true,
      },
      rulesetVersion,
      requestId: ctx.requestId,
    });
    const [row] = await tx
      .insert(soapNotes)
      .values({ id: documentId, encounterId: enc.id, patientUhid: input.patientUhid, providerId: input.providerId, createdBy: ctx.principal.sub, ...sections, confidence: draft.confidence, entitiesExtracted: draft.entitiesExtracted, narrativeSource, details, includeHistory, auditId: audit.id, rulesetVersion })
      .returning();
    return toResult(row, audit.id);
  });
}

/** A stored SOAP note by its document id (404 for an unknown or malformed id); the read is audited. */
export async function readSoapNote(ctx: SubgraphContext, documentId: string): Promise<SoapNoteResult> {
  const [row] = UUID.test(documentId) ? await ctx.db.select().from(soapNotes).where(eq(soapNotes.id, documentId)) : [];
  if (!row) throw notFound("SOAP note", documentId);
  await appendAuditNow(ctx.db, { actor: ctx.principal, operation: "soap_note_read", patientUhid: row.patientUhid, input: { documentId }, output: { documentId, encounterId: row.encounterId }, rulesetVersion: row.rulesetVersion, parentId: row.auditId, requestId: ctx.requestId });
  return toResult(row, row.auditId);
}

function toResult(row: typeof soapNotes.$inferSelect, auditId: string): SoapNoteResult {
  const details = row.details as { findings: SoapNoteResult["findings"]; sources: SoapNoteResult["sources"]; warnings: string[] };
  return {
    documentId: row.id,
    soapNote: { subjective: row.subjective, objective: row.objective, assessment: row.assessment, plan: row.plan },
    confidence: row.confidence,
    entitiesExtracted: row.entitiesExtracted,
    requiresReview: true,
    encounterId: row.encounterId,
    patientUhid: row.patientUhid,
    providerId: row.providerId,
    includeHistory: row.includeHistory,
    narrativeSource: row.narrativeSource,
    findings: details.findings,
    sources: details.sources,
    warnings: details.warnings,
    createdAt: row.createdAt.toISOString(),
    auditId,
    rulesetVersion: row.rulesetVersion,
  };
}
