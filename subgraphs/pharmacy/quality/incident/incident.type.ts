import { IsOptional, Length } from "class-validator";
import { Field, ID, InputType, Int, ObjectType } from "type-graphql";
import { valueEnum } from "../../../../lib/enums.js";
import { PageOf } from "../../../../lib/pagination.js";
import { Attachment, AttachmentInput } from "./attachment.js";

export const INCIDENT_STATUSES = ["open", "investigating", "closed"] as const;
export const QualityIncidentStatus = valueEnum(
  "QualityIncidentStatus",
  INCIDENT_STATUSES,
  "Life of a quality incident: open → investigating → closed (with a root cause and an outcome); closed → investigating (reopen, with a reason).",
  {
    open: "Reported, not yet investigated.",
    investigating: "Under investigation (again, after a reopen).",
    closed: "Closed with a root cause and an outcome; may be reopened with a reason. Takes no new CAPA.",
  },
);

export const INCIDENT_SEVERITIES = ["low", "moderate", "high", "critical"] as const;
export const QualityIncidentSeverity = valueEnum(
  "QualityIncidentSeverity",
  INCIDENT_SEVERITIES,
  "Platform policy: low (no patient or product affected), moderate (reached a patient without harm, or stock affected and withheld), high (temporary harm, or affected stock sold), critical (permanent harm or death, or many patients at risk).",
  {
    low: "No patient or product affected.",
    moderate: "Reached a patient without harm, or stock affected and withheld.",
    high: "Temporary harm, or affected stock sold.",
    critical: "Permanent harm or death, or many patients at risk.",
  },
);

export const INCIDENT_CATEGORIES = ["dispensing_error", "near_miss", "product_quality", "cold_chain", "controlled_substance", "other"] as const;
export const QualityIncidentCategory = valueEnum("QualityIncidentCategory", INCIDENT_CATEGORIES, "What kind of incident it is.", {
  dispensing_error: "A medication error in dispensing; may carry an NCC MERP category.",
  near_miss: "A medication error that did not reach the patient; NCC MERP category A or B only.",
  product_quality: "A problem with a product's quality.",
  cold_chain: "A cold-chain problem.",
  controlled_substance: "An incident involving a controlled medicine.",
  other: "Anything else (the default).",
});

/** NCC MERP Index for Categorizing Medication Errors (https://www.nccmerp.org/types-medication-errors). */
export const NCC_MERP_CATEGORIES = ["A", "B", "C", "D", "E", "F", "G", "H", "I"] as const;
export const NccMerpCategory = valueEnum(
  "NccMerpCategory",
  NCC_MERP_CATEGORIES,
  "NCC MERP Index for Categorizing Medication Errors (nccmerp.org): A capacity to cause error; B error, did not reach the patient; C reached the patient, no harm; D reached the patient, monitoring needed; E temporary harm, intervention; F temporary harm, hospitalization; G permanent harm; H intervention to sustain life; I death.",
  {
    A: "Circumstances or events that have the capacity to cause error.",
    B: "An error occurred but did not reach the patient.",
    C: "An error reached the patient but caused no harm.",
    D: "An error reached the patient and needed monitoring to confirm no harm, or intervention to preclude it.",
    E: "Temporary harm needing intervention.",
    F: "Temporary harm needing initial or prolonged hospitalization.",
    G: "Permanent harm.",
    H: "Intervention needed to sustain life.",
    I: "The patient's death.",
  },
);

@ObjectType({ description: "A quality incident of one pharmacy (spec, \"Quality incident create request\", and what follows it)." })
export class QualityIncident {
  @Field(() => ID, { description: "Incident id (UUID)." })
  id!: string;

  @Field(() => String, { description: "QI-<pharmacy code>-<yyyymmdd>-<sequence>." })
  incidentNumber!: string;

  @Field(() => ID, { description: "The pharmacy where it happened." })
  pharmacyId!: string;

  @Field(() => String, { description: "Who reported it, as written by the reporter." })
  reportedBy!: string;

  @Field(() => String, { description: "One-line summary." })
  summary!: string;

  @Field(() => String, { description: "What happened, in full; empty when the reporter gave none." })
  details!: string;

  @Field(() => QualityIncidentSeverity, { description: "How serious it is." })
  severity!: string;

  @Field(() => QualityIncidentCategory, { description: "What kind of incident it is." })
  category!: string;

  @Field(() => NccMerpCategory, { nullable: true, description: "NCC MERP category of a medication error; null when none was given (only dispensing_error and near_miss take one)." })
  nccMerpCategory!: string | null;

  @Field(() => Date, { nullable: true, description: "When it happened, as reported; null when not given." })
  occurredAt!: Date | null;

  @Field(() => String, { nullable: true, description: "Medication catalog code concerned; null when none." })
  medicationCode!: string | null;

  @Field(() => String, { nullable: true, description: "Lot concerned; null when none." })
  lotNumber!: string | null;

  @Field(() => ID, { nullable: true, description: "The dispense concerned (of the same pharmacy); null when none." })
  dispenseId!: string | null;

  @Field(() => ID, { nullable: true, description: "A sales transaction of the pharmacy." })
  transactionId!: string | null;

  @Field(() => [Attachment], { description: "Files kept with it, by reference." })
  attachments!: Attachment[];

  @Field(() => QualityIncidentStatus, { description: "Where the incident is in its life." })
  status!: string;

  @Field(() => String, { nullable: true, description: "Subject of the caller who started the investigation; null before." })
  investigator!: string | null;

  @Field(() => Date, { nullable: true, description: "When the investigation started; null before." })
  investigationStartedAt!: Date | null;

  @Field(() => String, { nullable: true, description: "Root cause recorded at closing; null before the first close (kept when reopened)." })
  rootCause!: string | null;

  @Field(() => String, { nullable: true, description: "Outcome recorded at closing; null before the first close (kept when reopened)." })
  outcome!: string | null;

  @Field(() => String, { nullable: true, description: "Subject of the caller who closed it; null while not closed." })
  closedBy!: string | null;

  @Field(() => Date, { nullable: true, description: "When it was closed; null while not closed." })
  closedAt!: Date | null;

  @Field(() => Int, { description: "Times it was reopened after being closed." })
  reopenCount!: number;

  @Field(() => String, { nullable: true, description: "Reason given at the latest reopening; null if never reopened." })
  reopenReason!: string | null;

  @Field(() => [ID], { description: "CAPAs raised against this incident." })
  capaIds!: string[];

  @Field(() => String, { description: "The token subject that reported it." })
  createdBy!: string;

  @Field(() => Date, { description: "When it was reported." })
  createdAt!: Date;

  @Field(() => Date, { description: "When it last changed." })
  updatedAt!: Date;
}

@ObjectType({ description: "A page of quality incidents, newest first." })
export class QualityIncidentPage extends PageOf(QualityIncident) {}

/** Spec, "Quality incident create request": reported_by, summary, details, severity, attachments; plus where, what kind and what it concerns. */
@InputType({ description: "A quality incident to report (spec, \"Quality incident create request\"), with what kind it is and what it concerns." })
export class ReportQualityIncidentInput {
  @Field(() => String, { description: "Who reports it, as they write it (1 to 200 characters)." })
  @Length(1, 200)
  reportedBy!: string;

  @Field(() => String, { description: "One-line summary (1 to 300 characters)." })
  @Length(1, 300)
  summary!: string;

  @Field(() => String, { nullable: true, description: "What happened (at most 10,000 characters)." })
  @IsOptional()
  @Length(0, 10000)
  details?: string;

  @Field(() => QualityIncidentSeverity, { description: "How serious it is." })
  severity!: string;

  @Field(() => QualityIncidentCategory, { nullable: true, description: "Default other." })
  @IsOptional()
  category?: string;

  @Field(() => NccMerpCategory, { nullable: true, description: "Medication errors only (dispensing_error, near_miss: A or B)." })
  @IsOptional()
  nccMerpCategory?: string;

  @Field(() => Date, { nullable: true, description: "When it happened; not in the future." })
  @IsOptional()
  occurredAt?: Date;

  @Field(() => String, { nullable: true, description: "Medication catalog code." })
  @IsOptional()
  @Length(1, 64)
  medicationCode?: string;

  @Field(() => String, { nullable: true, description: "Lot concerned (1 to 64 characters)." })
  @IsOptional()
  @Length(1, 64)
  lotNumber?: string;

  @Field(() => ID, { nullable: true, description: "A dispense of this pharmacy." })
  @IsOptional()
  dispenseId?: string;

  @Field(() => ID, { nullable: true, description: "A sales transaction of this pharmacy." })
  @IsOptional()
  transactionId?: string;

  @Field(() => [AttachmentInput], { nullable: true, description: "File references (uploads come later)." })
  @IsOptional()
  attachments?: AttachmentInput[];

  @Field(() => ID, { nullable: true, description: "Defaults to the caller's pharmacy; staff may not name another (403)." })
  @IsOptional()
  pharmacyId?: string;
}
