import { bigint, date, index, jsonb, pgSchema, primaryKey, smallint, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { idempotencyKeysTable } from "../../../lib/idempotency.js";

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
  },
  (t) => [index("patients_family_name_idx").on(t.familyName, t.givenName)],
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
  },
  (t) => [uniqueIndex("ai_audit_log_seq_idx").on(t.seq), index("ai_audit_log_patient_idx").on(t.patientUhid, t.seq)],
);

/** One row: the end of the audit chain, locked (FOR UPDATE) while a record is appended. */
export const aiAuditChainHead = clinical.table("ai_audit_chain_head", {
  id: smallint("id").primaryKey(),
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
