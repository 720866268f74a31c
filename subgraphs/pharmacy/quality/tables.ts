import { boolean, date, index, integer, jsonb, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { pharmacy } from "../db/pg-schema.js";
import { pharmacies } from "../inventory/tables.js";

/**
 * Quality management (spec workflow 4, second half): incidents, CAPAs, audits of one pharmacy.
 * docs/decisions/pharmacy.md, "Quality management".
 */

/** A file kept with an incident, by reference (uploads come later: see the decisions page). */
export interface AttachmentRef {
  fileName: string;
  contentType: string;
  sizeBytes: number;
  sha256: string;
  url: string | null;
  documentId: string | null;
}

/** open → investigating → closed; closed → investigating (reopen). */
export const qualityIncidents = pharmacy.table(
  "quality_incidents",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** QI-<pharmacy code>-<yyyymmdd>-<4-digit sequence>, gap-free per pharmacy and Kampala day. */
    incidentNumber: text("incident_number").notNull().unique(),
    pharmacyId: uuid("pharmacy_id")
      .notNull()
      .references(() => pharmacies.id),
    /** The spec's free-text reporter; `createdBy` is the token's `sub`. */
    reportedBy: text("reported_by").notNull(),
    summary: text("summary").notNull(),
    details: text("details").notNull().default(""),
    severity: text("severity").notNull(),
    category: text("category").notNull(),
    /** NCC MERP Index for Categorizing Medication Errors, A–I (medication errors only). */
    nccMerpCategory: text("ncc_merp_category"),
    occurredAt: timestamp("occurred_at", { withTimezone: true }),
    medicationCode: text("medication_code"),
    lotNumber: text("lot_number"),
    dispenseId: uuid("dispense_id"),
    transactionId: uuid("transaction_id"),
    attachments: jsonb("attachments").$type<AttachmentRef[]>().notNull().default([]),
    status: text("status").notNull().default("open"),
    investigator: text("investigator"),
    investigationStartedAt: timestamp("investigation_started_at", { withTimezone: true }),
    rootCause: text("root_cause"),
    outcome: text("outcome"),
    closedBy: text("closed_by"),
    closedAt: timestamp("closed_at", { withTimezone: true }),
    reopenCount: integer("reopen_count").notNull().default(0),
    reopenReason: text("reopen_reason"),
    createdBy: text("created_by").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("quality_incidents_pharmacy_created_idx").on(t.pharmacyId, t.createdAt), index("quality_incidents_status_idx").on(t.status)],
);

/** scheduled → in_progress → completed; scheduled | in_progress → cancelled. */
export const qualityAudits = pharmacy.table(
  "quality_audits",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** QA-<pharmacy code>-<yyyymmdd>-<4-digit sequence>. */
    auditNumber: text("audit_number").notNull().unique(),
    pharmacyId: uuid("pharmacy_id")
      .notNull()
      .references(() => pharmacies.id),
    auditType: text("audit_type").notNull(),
    scope: text("scope").notNull(),
    scheduledDate: date("scheduled_date", { mode: "string" }).notNull(),
    auditor: text("auditor").notNull(),
    status: text("status").notNull().default("scheduled"),
    /** Where the checklist came from: the default checklist's version, or `custom`. */
    checklistSource: text("checklist_source").notNull(),
    /** Compliant ÷ (compliant + non-compliant), in percent, set on completion. */
    scorePercent: integer("score_percent"),
    /** pass | fail, set on completion: fail when any finding is non-compliant. */
    result: text("result"),
    summary: text("summary"),
    startedAt: timestamp("started_at", { withTimezone: true }),
    completedAt: timestamp("completed_at", { withTimezone: true }),
    cancelledAt: timestamp("cancelled_at", { withTimezone: true }),
    cancelReason: text("cancel_reason"),
    createdBy: text("created_by").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("quality_audits_pharmacy_date_idx").on(t.pharmacyId, t.scheduledDate)],
);

/** One checklist item of an audit and its finding (null until assessed). */
export const qualityAuditItems = pharmacy.table(
  "quality_audit_items",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    auditId: uuid("audit_id")
      .notNull()
      .references(() => qualityAudits.id),
    position: integer("position").notNull(),
    code: text("code").notNull(),
    question: text("question").notNull(),
    /** compliant | non_compliant | observation; null while not assessed. */
    finding: text("finding"),
    notes: text("notes"),
    recordedBy: text("recorded_by"),
    recordedAt: timestamp("recorded_at", { withTimezone: true }),
  },
  (t) => [index("quality_audit_items_audit_idx").on(t.auditId, t.position)],
);

/** open → in_progress → implemented → closed (effective); implemented → in_progress (ineffective). */
export const capas = pharmacy.table(
  "capas",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** CAPA-<pharmacy code>-<yyyymmdd>-<4-digit sequence>. */
    capaNumber: text("capa_number").notNull().unique(),
    pharmacyId: uuid("pharmacy_id")
      .notNull()
      .references(() => pharmacies.id),
    /** Exactly one of the incident or the audit finding it answers. */
    incidentId: uuid("incident_id").references(() => qualityIncidents.id),
    auditItemId: uuid("audit_item_id").references(() => qualityAuditItems.id),
    capaType: text("capa_type").notNull(),
    description: text("description").notNull(),
    owner: text("owner").notNull(),
    dueDate: date("due_date", { mode: "string" }).notNull(),
    status: text("status").notNull().default("open"),
    effectivenessCheckDate: date("effectiveness_check_date", { mode: "string" }),
    effectivenessResult: text("effectiveness_result"),
    effectivenessNotes: text("effectiveness_notes"),
    effectivenessVerifiedBy: text("effectiveness_verified_by"),
    effectivenessVerifiedAt: timestamp("effectiveness_verified_at", { withTimezone: true }),
    /** Ineffective checks so far (each sends the CAPA back to in_progress). */
    ineffectiveChecks: integer("ineffective_checks").notNull().default(0),
    createdBy: text("created_by").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp("started_at", { withTimezone: true }),
    implementedAt: timestamp("implemented_at", { withTimezone: true }),
    closedAt: timestamp("closed_at", { withTimezone: true }),
  },
  (t) => [
    index("capas_pharmacy_due_idx").on(t.pharmacyId, t.dueDate),
    index("capas_incident_idx").on(t.incidentId),
    index("capas_audit_item_idx").on(t.auditItemId),
  ],
);

export const capaActions = pharmacy.table(
  "capa_actions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    capaId: uuid("capa_id")
      .notNull()
      .references(() => capas.id),
    position: integer("position").notNull(),
    description: text("description").notNull(),
    done: boolean("done").notNull().default(false),
    doneAt: timestamp("done_at", { withTimezone: true }),
    doneBy: text("done_by"),
    notes: text("notes"),
  },
  (t) => [index("capa_actions_capa_idx").on(t.capaId, t.position)],
);

/** Per pharmacy, document kind (qi | capa | qa) and Kampala day: the last number handed out. */
export const qualityCounters = pharmacy.table(
  "quality_counters",
  {
    pharmacyId: uuid("pharmacy_id").notNull(),
    kind: text("kind").notNull(),
    day: text("day").notNull(),
    lastValue: integer("last_value").notNull(),
  },
  (t) => [primaryKey({ columns: [t.pharmacyId, t.kind, t.day] })],
);
