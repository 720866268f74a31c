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
);

export const INCIDENT_SEVERITIES = ["low", "moderate", "high", "critical"] as const;
export const QualityIncidentSeverity = valueEnum(
  "QualityIncidentSeverity",
  INCIDENT_SEVERITIES,
  "Platform policy: low (no patient or product affected), moderate (reached a patient without harm, or stock affected and withheld), high (temporary harm, or affected stock sold), critical (permanent harm or death, or many patients at risk).",
);

export const INCIDENT_CATEGORIES = ["dispensing_error", "near_miss", "product_quality", "cold_chain", "controlled_substance", "other"] as const;
export const QualityIncidentCategory = valueEnum("QualityIncidentCategory", INCIDENT_CATEGORIES, "What kind of incident it is.");

/** NCC MERP Index for Categorizing Medication Errors (https://www.nccmerp.org/types-medication-errors). */
export const NCC_MERP_CATEGORIES = ["A", "B", "C", "D", "E", "F", "G", "H", "I"] as const;
export const NccMerpCategory = valueEnum(
  "NccMerpCategory",
  NCC_MERP_CATEGORIES,
  "NCC MERP Index for Categorizing Medication Errors (nccmerp.org): A capacity to cause error; B error, did not reach the patient; C reached the patient, no harm; D reached the patient, monitoring needed; E temporary harm, intervention; F temporary harm, hospitalization; G permanent harm; H intervention to sustain life; I death.",
);

@ObjectType({ description: "A quality incident of one pharmacy (spec, \"Quality incident create request\", and what follows it)." })
export class QualityIncident {
  @Field(() => ID)
  id!: string;

  @Field(() => String, { description: "QI-<pharmacy code>-<yyyymmdd>-<sequence>." })
  incidentNumber!: string;

  @Field(() => ID)
  pharmacyId!: string;

  @Field(() => String, { description: "Who reported it, as written by the reporter." })
  reportedBy!: string;

  @Field(() => String)
  summary!: string;

  @Field(() => String)
  details!: string;

  @Field(() => QualityIncidentSeverity)
  severity!: string;

  @Field(() => QualityIncidentCategory)
  category!: string;

  @Field(() => NccMerpCategory, { nullable: true })
  nccMerpCategory!: string | null;

  @Field(() => Date, { nullable: true })
  occurredAt!: Date | null;

  @Field(() => String, { nullable: true })
  medicationCode!: string | null;

  @Field(() => String, { nullable: true })
  lotNumber!: string | null;

  @Field(() => ID, { nullable: true })
  dispenseId!: string | null;

  @Field(() => ID, { nullable: true, description: "A sales transaction of the pharmacy." })
  transactionId!: string | null;

  @Field(() => [Attachment])
  attachments!: Attachment[];

  @Field(() => QualityIncidentStatus)
  status!: string;

  @Field(() => String, { nullable: true })
  investigator!: string | null;

  @Field(() => Date, { nullable: true })
  investigationStartedAt!: Date | null;

  @Field(() => String, { nullable: true })
  rootCause!: string | null;

  @Field(() => String, { nullable: true })
  outcome!: string | null;

  @Field(() => String, { nullable: true })
  closedBy!: string | null;

  @Field(() => Date, { nullable: true })
  closedAt!: Date | null;

  @Field(() => Int)
  reopenCount!: number;

  @Field(() => String, { nullable: true })
  reopenReason!: string | null;

  @Field(() => [ID], { description: "CAPAs raised against this incident." })
  capaIds!: string[];

  @Field(() => String, { description: "The token subject that reported it." })
  createdBy!: string;

  @Field(() => Date)
  createdAt!: Date;

  @Field(() => Date)
  updatedAt!: Date;
}

@ObjectType()
export class QualityIncidentPage extends PageOf(QualityIncident) {}

/** Spec, "Quality incident create request": reported_by, summary, details, severity, attachments; plus where, what kind and what it concerns. */
@InputType()
export class ReportQualityIncidentInput {
  @Field(() => String)
  @Length(1, 200)
  reportedBy!: string;

  @Field(() => String)
  @Length(1, 300)
  summary!: string;

  @Field(() => String, { nullable: true })
  @IsOptional()
  @Length(0, 10000)
  details?: string;

  @Field(() => QualityIncidentSeverity)
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

  @Field(() => String, { nullable: true })
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
