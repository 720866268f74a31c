import { sql } from "drizzle-orm";
import { bigint, boolean, customType, date, doublePrecision, index, integer, jsonb, pgSchema, primaryKey, real, smallint, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { idempotencyKeysTable } from "../../../lib/idempotency.js";
import { listDeparturesTable } from "../../../lib/list-departures.js";

/** PostgreSQL full-text search vector (generated columns below; searched with websearch_to_tsquery). */
const tsvector = customType<{ data: string }>({
  dataType() {
    return "tsvector";
  },
});

/** The clinical subgraph owns the `clinical` Postgres schema; no other subgraph reads it. */
export const clinical = pgSchema("clinical");

export const patients = clinical.table(
  "patients",
  {
    uhid: text("uhid").primaryKey(),
    givenName: text("given_name").notNull(),
    familyName: text("family_name").notNull(),
    sex: text("sex").notNull(), // administrative gender: female | male | other | unknown (FHIR)
    birthDate: date("birth_date").notNull(),
    phone: text("phone"),
    email: text("email"),
    district: text("district"),
    /** Where the record came from (the spec's `source` on the patient list). */
    source: text("source").notNull().default("local_registry"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /** Stamped from the table's write version on insert and when a column its lists order or filter by changes (migrations *_insert_version, *_list_departures): cached deep-page bookmarks shift by the rows that came in since (lib/page-bookmarks.ts). */
    insertVersion: bigint("insert_version", { mode: "number" }),
  },
  (t) => [
    index("patients_family_name_idx").on(t.familyName, t.givenName),
    index("patients_insert_version_idx").on(t.insertVersion),
    // `search` is ilike '%term%' on these three (pg_trgm, migration 0008): no scan of the registry.
    index("patients_uhid_trgm_idx").using("gin", t.uhid.op("gin_trgm_ops")),
    index("patients_given_name_trgm_idx").using("gin", t.givenName.op("gin_trgm_ops")),
    index("patients_family_name_trgm_idx").using("gin", t.familyName.op("gin_trgm_ops")),
  ],
);

export const encounters = clinical.table(
  "encounters",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    patientUhid: text("patient_uhid").notNull().references(() => patients.uhid),
    date: date("date").notNull(),
    /** outpatient | inpatient | emergency | telehealth */
    type: text("type").notNull(),
    chiefComplaint: text("chief_complaint").notNull(),
    facility: text("facility"),
    /** Inpatient stays: discharge date, for length of stay. */
    dischargeDate: date("discharge_date"),
  },
  (t) => [index("encounters_patient_date_idx").on(t.patientUhid, t.date)],
);

export const diagnoses = clinical.table(
  "diagnoses",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    patientUhid: text("patient_uhid").notNull().references(() => patients.uhid),
    encounterId: uuid("encounter_id").references(() => encounters.id),
    /** ICD-10 code. */
    code: text("code").notNull(),
    display: text("display").notNull(),
    date: date("date").notNull(),
    /** chronic | acute | resolved */
    status: text("status").notNull().default("acute"),
  },
  (t) => [index("diagnoses_patient_date_idx").on(t.patientUhid, t.date)],
);

export const medications = clinical.table(
  "medications",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    patientUhid: text("patient_uhid").notNull().references(() => patients.uhid),
    /** RxNorm ingredient RxCUI when known (never guessed). */
    rxnormCode: text("rxnorm_code"),
    name: text("name").notNull(),
    dose: text("dose").notNull(),
    frequency: text("frequency").notNull(),
    /** active | completed | stopped */
    status: text("status").notNull(),
    startDate: date("start_date").notNull(),
  },
  (t) => [index("medications_patient_idx").on(t.patientUhid, t.startDate)],
);

export const observations = clinical.table(
  "observations",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    patientUhid: text("patient_uhid").notNull().references(() => patients.uhid),
    /** LOINC code. */
    code: text("code").notNull(),
    display: text("display").notNull(),
    value: text("value").notNull(),
    /** FHIR Quantity.comparator of a censored result ("<", "<=", ">=", ">": value is a bound, e.g. glucometer "HI" > 33.3); null for a measured value. */
    comparator: text("comparator"),
    unit: text("unit"),
    date: date("date").notNull(),
  },
  (t) => [index("observations_patient_date_idx").on(t.patientUhid, t.date)],
);

export const allergies = clinical.table("allergies", {
  id: uuid("id").primaryKey().defaultRandom(),
  patientUhid: text("patient_uhid").notNull().references(() => patients.uhid),
  substance: text("substance").notNull(),
  reaction: text("reaction"),
  /** mild | moderate | severe */
  severity: text("severity"),
  recordedOn: date("recorded_on").notNull(),
});


/**
 * Versioned clinical knowledge (drug rules, lab limits, scoring tables), loaded from
 * subgraphs/clinical/knowledge/*.json at start. A (name, version) pair is immutable: a changed file
 * needs a new version.
 */
export const knowledgeSets = clinical.table(
  "knowledge_sets",
  {
    name: text("name").notNull(),
    version: text("version").notNull(),
    /** SHA-256 of the file's canonical JSON: detects edits without a version bump. */
    sha256: text("sha256").notNull(),
    content: jsonb("content").notNull(),
    loadedAt: timestamp("loaded_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.name, t.version] })],
);

/**
 * Append-only, hash-chained record of every clinical AI call and every professional override
 * (DESIGN.md, "Audit and override"). `hash` = SHA-256 over the previous hash and this record's
 * canonical content; rows are never updated or deleted.
 */
export const aiAuditLog = clinical.table(
  "ai_audit_log",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    seq: bigint("seq", { mode: "number" }).notNull(),
    occurredAt: timestamp("occurred_at", { withTimezone: true }).notNull(),
    actorSub: text("actor_sub").notNull(),
    actorRoles: text("actor_roles").notNull(),
    operation: text("operation").notNull(),
    patientUhid: text("patient_uhid"),
    /** SHA-256 of the canonical JSON input (the input itself is not kept here). */
    inputDigest: text("input_digest").notNull(),
    output: jsonb("output").notNull(),
    rulesetVersion: text("ruleset_version").notNull(),
    /** The record this one follows up (an override, a notification outcome). */
    parentId: uuid("parent_id"),
    requestId: text("request_id"),
    prevHash: text("prev_hash").notNull(),
    hash: text("hash").notNull(),
    /** The chain this record extends: 0 is the single chain written before issue 14, 1–16 the streams. */
    stream: smallint("stream").notNull().default(0),
    /** Position in its stream, from 1 (null in stream 0, where `seq` is the position). */
    streamSeq: bigint("stream_seq", { mode: "number" }),
  },
  (t) => [
    uniqueIndex("ai_audit_log_seq_idx").on(t.seq),
    index("ai_audit_log_patient_idx").on(t.patientUhid, t.seq),
    uniqueIndex("ai_audit_log_stream_seq_idx").on(t.stream, t.streamSeq),
    index("ai_audit_log_stream_idx").on(t.stream, t.seq),
  ],
);

/** `seq` of records appended to the streams: unique and increasing, not gap-free (a rolled-back append uses one up). */
export const aiAuditLogSeq = clinical.sequence("ai_audit_log_seq");

/**
 * The end of the single chain written before issue 14 (stream 0): one row, frozen since, checked
 * by the verifier and the checkpoints.
 */
export const aiAuditChainHead = clinical.table("ai_audit_chain_head", {
  id: smallint("id").primaryKey(),
  lastSeq: bigint("last_seq", { mode: "number" }).notNull(),
  lastHash: text("last_hash").notNull(),
});

/** The end of each audit stream (1–16), locked (FOR UPDATE) while a record is appended to that stream only. */
export const aiAuditStreamHeads = clinical.table("ai_audit_stream_heads", {
  stream: smallint("stream").primaryKey(),
  lastStreamSeq: bigint("last_stream_seq", { mode: "number" }).notNull(),
  lastSeq: bigint("last_seq", { mode: "number" }).notNull(),
  lastHash: text("last_hash").notNull(),
});

/** A professional's decision on an AI output: accept, reject or modify, with a reason. */
export const clinicalOverrides = clinical.table(
  "clinical_overrides",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    auditId: uuid("audit_id").notNull().references(() => aiAuditLog.id),
    action: text("action").notNull(),
    reason: text("reason"),
    modifiedOutput: jsonb("modified_output"),
    actorSub: text("actor_sub").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /** The audit record that logs this override. */
    overrideAuditId: uuid("override_audit_id").notNull(),
  },
  (t) => [index("clinical_overrides_audit_idx").on(t.auditId)],
);

/** Encounter copilot sessions: the context built at start and each symptom analysis. */
export const copilotSessions = clinical.table(
  "copilot_sessions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    encounterId: uuid("encounter_id").notNull(),
    patientUhid: text("patient_uhid").notNull().references(() => patients.uhid),
    providerId: text("provider_id").notNull(),
    startedBy: text("started_by").notNull(),
    context: jsonb("context").notNull(),
    analyses: jsonb("analyses").notNull().default([]),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("copilot_sessions_patient_idx").on(t.patientUhid)],
);

/** Idempotency-Key records of the storing, alerting mutations (checkCriticalValue, assessSepsisRisk). */
export const idempotencyKeys = idempotencyKeysTable(clinical);

/** Patients' states that left the registry's lists (deleted, renamed): deep-page bookmarks shift by them. */
export const listDepartures = listDeparturesTable(clinical);

/**
 * Free-text notes written during an encounter (history, examination, progress): the subjective
 * history of a SOAP note and passages for patient-message retrieval. Searchable (`search`).
 */
export const encounterNotes = clinical.table(
  "encounter_notes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    encounterId: uuid("encounter_id").notNull().references(() => encounters.id),
    patientUhid: text("patient_uhid").notNull().references(() => patients.uhid),
    authorSub: text("author_sub").notNull(),
    text: text("text").notNull(),
    recordedAt: timestamp("recorded_at", { withTimezone: true }).notNull().defaultNow(),
    search: tsvector("search").generatedAlwaysAs(sql`to_tsvector('english', "text")`),
  },
  (t) => [index("encounter_notes_encounter_idx").on(t.encounterId), index("encounter_notes_patient_idx").on(t.patientUhid), index("encounter_notes_search_idx").using("gin", t.search)],
);

/** Generated SOAP notes (spec: SOAP note result): the stored document behind `document_id`. */
export const soapNotes = clinical.table(
  "soap_notes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    encounterId: uuid("encounter_id").notNull().references(() => encounters.id),
    patientUhid: text("patient_uhid").notNull().references(() => patients.uhid),
    providerId: text("provider_id").notNull(),
    createdBy: text("created_by").notNull(),
    subjective: text("subjective").notNull(),
    objective: text("objective").notNull(),
    assessment: text("assessment").notNull(),
    plan: text("plan").notNull(),
    confidence: doublePrecision("confidence").notNull(),
    entitiesExtracted: integer("entities_extracted").notNull(),
    /** template | llm (the subjective narrative was polished by LLM_BASE_URL). */
    narrativeSource: text("narrative_source").notNull(),
    /** What each section was built from, warnings, decision-support findings (no free text of the notes). */
    details: jsonb("details").notNull(),
    includeHistory: boolean("include_history").notNull(),
    auditId: uuid("audit_id").notNull(),
    rulesetVersion: text("ruleset_version").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    search: tsvector("search").generatedAlwaysAs(sql`to_tsvector('english', "subjective" || ' ' || "objective" || ' ' || "assessment" || ' ' || "plan")`),
  },
  (t) => [index("soap_notes_patient_idx").on(t.patientUhid, t.createdAt), index("soap_notes_encounter_idx").on(t.encounterId), index("soap_notes_search_idx").using("gin", t.search)],
);

/** Patient messages processed by /api/v1/ai/process/: triage, retrieved passages and the draft reply for staff review. */
export const patientMessages = clinical.table(
  "patient_messages",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    patientUhid: text("patient_uhid").notNull().references(() => patients.uhid),
    channel: text("channel").notNull(),
    language: text("language").notNull(),
    message: text("message").notNull(),
    intent: text("intent").notNull(),
    urgency: text("urgency").notNull(),
    /** Red flags, intent scores, passages, draft reply, notification outcome. */
    result: jsonb("result").notNull(),
    receivedBy: text("received_by").notNull(),
    auditId: uuid("audit_id").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("patient_messages_patient_idx").on(t.patientUhid, t.createdAt)],
);

/** PostgreSQL bytea as a Buffer (postgres.js answers Buffer, PGlite Uint8Array). */
const bytea = customType<{ data: Buffer; driverData: Uint8Array }>({
  dataType: () => "bytea",
  fromDriver: (value) => Buffer.from(value),
});

/**
 * Digitized documents (document digitization, issue 12): the original file (bytea: at most
 * DIGITIZATION_MAX_BYTES, 10 MiB by default), its hash, the text read from it, the classification,
 * the lab results and the FHIR resources produced. Linked to the patient when a uhid was given.
 */
export const digitizedDocuments = clinical.table(
  "digitized_documents",
  {
    id: uuid("id").primaryKey(),
    patientUhid: text("patient_uhid").references(() => patients.uhid),
    encounterId: uuid("encounter_id").references(() => encounters.id),
    /** The document_type the sender declared. */
    declaredType: text("declared_type").notNull(),
    /** lab_report | prescription | discharge_summary | referral | radiology_report | invoice | other */
    documentClass: text("document_class").notNull(),
    classConfidence: real("class_confidence").notNull(),
    filename: text("filename"),
    /** From the file's magic bytes, not from the client. */
    contentType: text("content_type").notNull(),
    sizeBytes: integer("size_bytes").notNull(),
    sha256: text("sha256").notNull(),
    /** text_layer | ocr | text_layer+ocr */
    extractionMethod: text("extraction_method").notNull(),
    ocrConfidence: real("ocr_confidence").notNull(),
    pageCount: integer("page_count").notNull(),
    extractedText: text("extracted_text").notNull(),
    /** The answer's classification, extracted data and warnings. */
    result: jsonb("result").notNull(),
    /** The FHIR R4 collection Bundle (DocumentReference, DiagnosticReport, Observations). */
    fhirBundle: jsonb("fhir_bundle").notNull(),
    content: bytea("content").notNull(),
    createdBy: text("created_by").notNull(),
    auditId: uuid("audit_id").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("digitized_documents_patient_idx").on(t.patientUhid, t.createdAt), index("digitized_documents_sha256_idx").on(t.sha256)],
);
/**
 * The researcher literature search corpus (knowledge/literature/guideline-abstracts.json), loaded on
 * first use and at start; the file is the source of truth and `literature_corpus.sha256` decides
 * whether to reload (researcher-assistant/literature-corpus.ts). Title weighs above the statement,
 * the statement above its details.
 */
export const literatureAbstracts = clinical.table(
  "literature_abstracts",
  {
    id: text("id").primaryKey(),
    title: text("title").notNull(),
    issuingBody: text("issuing_body").notNull(),
    /** Null when the source gives none. */
    year: smallint("year"),
    grade: text("grade"),
    topics: text("topics").array().notNull(),
    summary: text("summary").notNull(),
    /** The source's further passages, labelled, joined as plain text. */
    details: text("details").notNull().default(""),
    sourceUrl: text("source_url").notNull(),
    statementUrl: text("statement_url"),
    licence: text("licence").notNull(),
    search: tsvector("search").generatedAlwaysAs(
      sql`setweight(to_tsvector('english', "title"), 'A') || setweight(to_tsvector('english', "summary"), 'B') || setweight(to_tsvector('english', "details"), 'C')`,
    ),
  },
  (t) => [index("literature_abstracts_search_idx").using("gin", t.search), index("literature_abstracts_topics_idx").using("gin", t.topics), index("literature_abstracts_year_idx").on(t.year)],
);

/** Which corpus file is loaded: one row per corpus name, with the file's SHA-256. */
export const literatureCorpus = clinical.table("literature_corpus", {
  name: text("name").primaryKey(),
  version: text("version").notNull(),
  sha256: text("sha256").notNull(),
  entries: integer("entries").notNull(),
  loadedAt: timestamp("loaded_at", { withTimezone: true }).notNull().defaultNow(),
});
