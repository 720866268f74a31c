import type { Principal } from "../../../lib/auth.js";
import type { Db } from "../../../lib/db.js";
import { fieldError, payloadTooLarge } from "../../../lib/errors.js";
import { appendAudit } from "../audit/audit.service.js";
import { EXTRACTION_ENGINE_VERSION, extractEntities, type ExtractedEntity } from "./extraction.engine.js";
import type { CodedEntity, EntityExtractionInput, EntityExtractionResult, ExcludedEntity, MedicationEntity, SymptomEntity } from "./extraction.type.js";
import { loadVocabulary } from "./vocabulary.js";

/** Longest note accepted: a long discharge summary is ~20,000 characters; beyond 50,000 is 413. */
export const MAX_TEXT_CHARS = 50_000;

export interface CallContext {
  db: Db;
  principal: Principal;
  requestId?: string;
}

const span = (e: ExtractedEntity) => ({ text: e.text, start: e.start, end: e.end, code: e.code, system: e.system, display: e.display, assertion: e.assertion, confidence: e.confidence });
const coded = (e: ExtractedEntity): CodedEntity => ({ ...span(e), validated: e.validated });

/**
 * Checks the text, runs the engine and appends the audit record. The audit keeps the input's digest
 * (as for every clinical AI call) and, of the output, only codes, offsets and assertions: never the
 * words of the note (docs/decisions/clinical.md, "Entity extraction").
 */
export async function extractClinicalEntities(ctx: CallContext, input: EntityExtractionInput, startedAt = performance.now()): Promise<EntityExtractionResult> {
  const text = input.text;
  if (text.length > MAX_TEXT_CHARS) throw payloadTooLarge(`text is ${text.length} characters; at most ${MAX_TEXT_CHARS} are accepted`, { text: [`must be at most ${MAX_TEXT_CHARS} characters`] });
  if (!text.trim()) throw fieldError("text", "must not be empty");
  const v = loadVocabulary();
  const r = extractEntities(v, text);
  const of = (t: ExtractedEntity["type"]) => r.entities.filter((e) => e.type === t);
  const medications: MedicationEntity[] = of("medication").map((e) => ({ ...coded(e), instructions: e.sig ?? { dose: null, route: null, frequency: null, duration: null } }));
  const symptoms: SymptomEntity[] = of("symptom").map(span);
  const excluded: ExcludedEntity[] = r.excluded.map((e) => ({ ...span(e), type: e.type }));
  const entities = {
    diagnoses: of("diagnosis").map(coded),
    medications,
    symptoms,
    procedures: of("procedure").map(coded),
    labTests: of("lab_test").map(coded),
    demographics: { age: r.demographics.age, ageMonths: r.demographics.ageMonths, gender: r.demographics.gender },
    excluded,
  };
  const rulesetVersion = `${EXTRACTION_ENGINE_VERSION}; ${v.version}`;
  const auditOutput = {
    textLength: text.length,
    entities: [...r.entities, ...r.excluded].map((e) => ({ type: e.type, code: e.code, system: e.system, start: e.start, end: e.end, assertion: e.assertion })),
    demographics: entities.demographics,
    confidence: r.confidence,
    requiresReview: true,
  };
  const audit = await ctx.db.transaction((tx) =>
    appendAudit(tx as unknown as Db, { actor: ctx.principal, operation: "entity_extraction", patientUhid: null, input, output: auditOutput, rulesetVersion, requestId: ctx.requestId }),
  );
  return { entities, confidence: r.confidence, processingTimeMs: Math.round(performance.now() - startedAt), requiresReview: true, auditId: audit.id, rulesetVersion };
}
