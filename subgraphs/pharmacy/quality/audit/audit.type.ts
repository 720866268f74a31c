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
  {
    scheduled: "Planned; may be started or cancelled. Overdue once its date has passed (Kampala).",
    in_progress: "Started: findings are recorded; completed once every item is assessed. Still overdue past its date.",
    completed: "Every item assessed; score and result set. Final.",
    cancelled: "Cancelled with a reason. Final.",
  },
);
export const QualityAuditType = valueEnum(
  "QualityAuditType",
  ["self_inspection", "internal", "external", "regulatory"] as const,
  "self_inspection (by the pharmacy's own pharmacist), internal (by the organisation's auditor), external (a client or certifier), regulatory (the authority's inspection, recorded here).",
  {
    self_inspection: "By the pharmacy's own pharmacist.",
    internal: "By the organisation's auditor.",
    external: "By a client or certifier.",
    regulatory: "The authority's inspection, recorded here.",
  },
);
export const AuditFinding = valueEnum("AuditFinding", ["compliant", "non_compliant", "observation"] as const, "Finding on one checklist item; an observation is a remark that is not a non-compliance.", {
  compliant: "Meets the requirement; counts for the score.",
  non_compliant: "Does not meet it (notes required); counts against the score, fails the audit and may raise a CAPA.",
  observation: "A remark that is not a non-compliance (notes required); not scored.",
});
export const AuditResult = valueEnum("AuditResult", ["pass", "fail"] as const, "fail when any finding is non-compliant (platform policy).", {
  pass: "No finding is non-compliant.",
  fail: "At least one finding is non-compliant, whatever the score.",
});

@ObjectType({ description: "One checklist item of an audit and its finding." })
export class QualityAuditItem {
  @Field(() => ID, { description: "Also the audit finding id a CAPA names." })
  id!: string;

  @Field(() => Int, { description: "Order in the checklist, from 1." })
  position!: number;

  @Field(() => String, { description: "Short code, unique within the audit (the item's number by default)." })
  code!: string;

  @Field(() => String, { description: "What the auditor checks." })
  question!: string;

  @Field(() => AuditFinding, { nullable: true, description: "Null while not assessed." })
  finding!: string | null;

  @Field(() => String, { nullable: true, description: "What was seen; null for a compliant finding without notes, or before assessment." })
  notes!: string | null;

  @Field(() => String, { nullable: true, description: "Subject of the caller who recorded the finding; null before." })
  recordedBy!: string | null;

  @Field(() => Date, { nullable: true, description: "When the finding was recorded; null before." })
  recordedAt!: Date | null;

  @Field(() => [ID], { description: "CAPAs raised by this finding." })
  capaIds!: string[];
}

@ObjectType({ description: "A quality audit of one pharmacy against a checklist." })
export class QualityAudit {
  @Field(() => ID, { description: "Audit id (UUID)." })
  id!: string;

  @Field(() => String, { description: "QA-<pharmacy code>-<yyyymmdd>-<sequence>." })
  auditNumber!: string;

  @Field(() => ID, { description: "The audited pharmacy." })
  pharmacyId!: string;

  @Field(() => QualityAuditType, { description: "Who performs it and why." })
  auditType!: string;

  @Field(() => String, { description: "What the audit covers." })
  scope!: string;

  @Field(() => LocalDateScalar, { description: "Date it is scheduled for (YYYY-MM-DD)." })
  scheduledDate!: string;

  @Field(() => String, { description: "Who performs it, as written." })
  auditor!: string;

  @Field(() => QualityAuditStatus, { description: "Where the audit is in its life." })
  status!: string;

  @Field(() => Boolean, { description: "Scheduled date past (Kampala) and neither completed nor cancelled." })
  overdue!: boolean;

  @Field(() => String, { description: "The default checklist's version, or custom." })
  checklistSource!: string;

  @Field(() => [QualityAuditItem], { description: "The checklist items, in order, with their findings." })
  items!: QualityAuditItem[];

  @Field(() => Int, { nullable: true, description: "Compliant ÷ (compliant + non-compliant), percent, rounded down; set on completion." })
  scorePercent!: number | null;

  @Field(() => AuditResult, { nullable: true, description: "pass or fail, set on completion; null before." })
  result!: string | null;

  @Field(() => String, { nullable: true, description: "The auditor's summary given at completion; null when none." })
  summary!: string | null;

  @Field(() => Date, { nullable: true, description: "When it started; null before." })
  startedAt!: Date | null;

  @Field(() => Date, { nullable: true, description: "When it was completed; null before." })
  completedAt!: Date | null;

  @Field(() => Date, { nullable: true, description: "When it was cancelled; null unless cancelled." })
  cancelledAt!: Date | null;

  @Field(() => String, { nullable: true, description: "Why it was cancelled; null unless cancelled." })
  cancelReason!: string | null;

  @Field(() => String, { description: "Subject of the caller who scheduled it." })
  createdBy!: string;

  @Field(() => Date, { description: "When it was scheduled." })
  createdAt!: Date;

  @Field(() => Date, { description: "When it last changed." })
  updatedAt!: Date;
}

@ObjectType({ description: "A page of quality audits, latest scheduled date first." })
export class QualityAuditPage extends PageOf(QualityAudit) {}

@InputType({ description: "One item of a custom checklist." })
export class AuditChecklistItemInput {
  @Field(() => String, { nullable: true, description: "Short code; defaults to the item's number." })
  @IsOptional()
  @Length(1, 32)
  code?: string;

  @Field(() => String, { description: "What the auditor checks (1 to 1,000 characters)." })
  @Length(1, 1000)
  question!: string;
}

@InputType({ description: "A quality audit to schedule." })
export class ScheduleQualityAuditInput {
  @Field(() => ID, { nullable: true, description: "Defaults to the caller's pharmacy; staff may not name another (403); auditors and admins must name one." })
  @IsOptional()
  pharmacyId?: string;

  @Field(() => QualityAuditType, { description: "Who performs it and why." })
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

@InputType({ description: "The finding on one checklist item." })
export class AuditFindingInput {
  @Field(() => ID, { description: "The checklist item." })
  item!: string;

  @Field(() => AuditFinding, { description: "The finding." })
  finding!: string;

  @Field(() => String, { nullable: true, description: "Required for non_compliant and observation: what was seen." })
  @IsOptional()
  @Length(0, 5000)
  notes?: string;
}
