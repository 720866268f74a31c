import { IsOptional, Length } from "class-validator";
import { Field, ID, InputType, Int, ObjectType } from "type-graphql";
import { valueEnum } from "../../../../lib/enums.js";
import { LocalDateScalar } from "../../../../lib/federation.js";
import { PageOf } from "../../../../lib/pagination.js";

export const AUDIT_STATUSES = ["scheduled", "in_progress", "completed", "cancelled"] as const;
export const QualityAuditStatus = valueEnum(
  "QualityAuditStatus",
  AUDIT_STATUSES,
  "Life of a quality audit: scheduled → in_progress (findings recorded) → completed (every item assessed); scheduled or in_progress → cancelled.",
);
export const QualityAuditType = valueEnum(
  "QualityAuditType",
  ["self_inspection", "internal", "external", "regulatory"] as const,
  "self_inspection (by the pharmacy's own pharmacist), internal (by the organisation's auditor), external (a client or certifier), regulatory (the authority's inspection, recorded here).",
);
export const AuditFinding = valueEnum("AuditFinding", ["compliant", "non_compliant", "observation"] as const, "Finding on one checklist item; an observation is a remark that is not a non-compliance.");
export const AuditResult = valueEnum("AuditResult", ["pass", "fail"] as const, "fail when any finding is non-compliant (platform policy).");

@ObjectType({ description: "One checklist item of an audit and its finding." })
export class QualityAuditItem {
  @Field(() => ID, { description: "Also the audit finding id a CAPA names." })
  id!: string;

  @Field(() => Int)
  position!: number;

  @Field(() => String)
  code!: string;

  @Field(() => String)
  question!: string;

  @Field(() => AuditFinding, { nullable: true, description: "Null while not assessed." })
  finding!: string | null;

  @Field(() => String, { nullable: true })
  notes!: string | null;

  @Field(() => String, { nullable: true })
  recordedBy!: string | null;

  @Field(() => Date, { nullable: true })
  recordedAt!: Date | null;

  @Field(() => [ID], { description: "CAPAs raised by this finding." })
  capaIds!: string[];
}

@ObjectType({ description: "A quality audit of one pharmacy against a checklist." })
export class QualityAudit {
  @Field(() => ID)
  id!: string;

  @Field(() => String, { description: "QA-<pharmacy code>-<yyyymmdd>-<sequence>." })
  auditNumber!: string;

  @Field(() => ID)
  pharmacyId!: string;

  @Field(() => QualityAuditType)
  auditType!: string;

  @Field(() => String)
  scope!: string;

  @Field(() => LocalDateScalar)
  scheduledDate!: string;

  @Field(() => String)
  auditor!: string;

  @Field(() => QualityAuditStatus)
  status!: string;

  @Field(() => Boolean, { description: "Scheduled date past (Kampala) and neither completed nor cancelled." })
  overdue!: boolean;

  @Field(() => String, { description: "The default checklist's version, or custom." })
  checklistSource!: string;

  @Field(() => [QualityAuditItem])
  items!: QualityAuditItem[];

  @Field(() => Int, { nullable: true, description: "Compliant ÷ (compliant + non-compliant), percent, rounded down; set on completion." })
  scorePercent!: number | null;

  @Field(() => AuditResult, { nullable: true })
  result!: string | null;

  @Field(() => String, { nullable: true })
  summary!: string | null;

  @Field(() => Date, { nullable: true })
  startedAt!: Date | null;

  @Field(() => Date, { nullable: true })
  completedAt!: Date | null;

  @Field(() => Date, { nullable: true })
  cancelledAt!: Date | null;

  @Field(() => String, { nullable: true })
  cancelReason!: string | null;

  @Field(() => String)
  createdBy!: string;

  @Field(() => Date)
  createdAt!: Date;

  @Field(() => Date)
  updatedAt!: Date;
}

@ObjectType()
export class QualityAuditPage extends PageOf(QualityAudit) {}

@InputType()
export class AuditChecklistItemInput {
  @Field(() => String, { nullable: true, description: "Short code; defaults to the item's number." })
  @IsOptional()
  @Length(1, 32)
  code?: string;

  @Field(() => String)
  @Length(1, 1000)
  question!: string;
}

@InputType()
export class ScheduleQualityAuditInput {
  @Field(() => ID, { nullable: true, description: "Defaults to the caller's pharmacy; staff may not name another (403); auditors and admins must name one." })
  @IsOptional()
  pharmacyId?: string;

  @Field(() => QualityAuditType)
  auditType!: string;

  @Field(() => String, { description: "What the audit covers, e.g. \"cold chain and storage\"." })
  @Length(1, 500)
  scope!: string;

  @Field(() => LocalDateScalar, { description: "YYYY-MM-DD, today (Kampala) or later." })
  scheduledDate!: string;

  @Field(() => String, { description: "Who performs it." })
  @Length(1, 200)
  auditor!: string;

  @Field(() => [AuditChecklistItemInput], { nullable: true, description: "Defaults to the platform's checklist (GET shows its items)." })
  @IsOptional()
  checklist?: AuditChecklistItemInput[];
}

@InputType()
export class AuditFindingInput {
  @Field(() => ID, { description: "The checklist item." })
  item!: string;

  @Field(() => AuditFinding)
  finding!: string;

  @Field(() => String, { nullable: true, description: "Required for non_compliant and observation: what was seen." })
  @IsOptional()
  @Length(0, 5000)
  notes?: string;
}
