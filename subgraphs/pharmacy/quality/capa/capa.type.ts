import { IsOptional, Length } from "class-validator";
import { Field, ID, InputType, Int, ObjectType } from "type-graphql";
import { valueEnum } from "../../../../lib/enums.js";
import { LocalDateScalar } from "../../../../lib/federation.js";
import { PageOf } from "../../../../lib/pagination.js";

export const CAPA_STATUSES = ["open", "in_progress", "implemented", "closed"] as const;
export const CapaStatus = valueEnum(
  "CapaStatus",
  CAPA_STATUSES,
  "Life of a CAPA: open → in_progress → implemented (every action done) → closed (effectiveness check: effective); an ineffective check sends it back to in_progress.",
  {
    open: "Raised; actions may be added. Overdue past its due date.",
    in_progress: "Being worked on: actions are completed and may be added. Overdue past its due date.",
    implemented: "Every action done; waiting for its effectiveness check (overdue past the check date).",
    closed: "The effectiveness check found it effective. Final.",
  },
);
export const CapaType = valueEnum("CapaType", ["corrective", "preventive"] as const, "Corrective (removes the cause of a problem that happened) or preventive (of one that could).", {
  corrective: "Removes the cause of a problem that happened.",
  preventive: "Removes the cause of a problem that could happen.",
});
export const EffectivenessResult = valueEnum("EffectivenessResult", ["effective", "ineffective"] as const, "Outcome of a CAPA's effectiveness check.", {
  effective: "The actions worked: the CAPA is closed.",
  ineffective: "They did not (notes required): the CAPA goes back to in_progress, its planned check cleared.",
});

@ObjectType({ description: "One action of a CAPA." })
export class CapaAction {
  @Field(() => ID, { description: "Action id (UUID)." })
  id!: string;

  @Field(() => Int, { description: "Order within the CAPA, from 1." })
  position!: number;

  @Field(() => String, { description: "What is to be done." })
  description!: string;

  @Field(() => Boolean, { description: "Whether it has been done." })
  done!: boolean;

  @Field(() => Date, { nullable: true, description: "When it was marked done; null before." })
  doneAt!: Date | null;

  @Field(() => String, { nullable: true, description: "Subject of the caller who marked it done; null before." })
  doneBy!: string | null;

  @Field(() => String, { nullable: true, description: "Notes given when it was marked done; null when none." })
  notes!: string | null;
}

@ObjectType({ description: "A corrective or preventive action, raised against an incident or an audit finding." })
export class Capa {
  @Field(() => ID, { description: "CAPA id (UUID)." })
  id!: string;

  @Field(() => String, { description: "CAPA-<pharmacy code>-<yyyymmdd>-<sequence>." })
  capaNumber!: string;

  @Field(() => ID, { description: "The pharmacy (that of its incident or audit)." })
  pharmacyId!: string;

  @Field(() => ID, { nullable: true, description: "The incident it answers; null when raised by an audit finding." })
  incidentId!: string | null;

  @Field(() => ID, { nullable: true, description: "The audit of the finding." })
  auditId!: string | null;

  @Field(() => ID, { nullable: true, description: "The audit checklist item whose finding raised it." })
  auditFindingId!: string | null;

  @Field(() => CapaType, { description: "Corrective or preventive." })
  capaType!: string;

  @Field(() => String, { description: "What the CAPA is to achieve." })
  description!: string;

  @Field(() => String, { description: "Who is responsible, as written (free text)." })
  owner!: string;

  @Field(() => LocalDateScalar, { description: "Date the actions are due (YYYY-MM-DD); an ineffective check may move it." })
  dueDate!: string;

  @Field(() => CapaStatus, { description: "Where the CAPA is in its life." })
  status!: string;

  @Field(() => Boolean, { description: "Open or in progress past its due date, or implemented past its effectiveness check date (Kampala)." })
  overdue!: boolean;

  @Field(() => [CapaAction], { description: "Its actions, in order." })
  actions!: CapaAction[];

  @Field(() => LocalDateScalar, { nullable: true, description: "When effectiveness is to be checked." })
  effectivenessCheckDate!: string | null;

  @Field(() => EffectivenessResult, { nullable: true, description: "The latest check's result." })
  effectivenessResult!: string | null;

  @Field(() => String, { nullable: true, description: "Notes of the latest effectiveness check; null when none." })
  effectivenessNotes!: string | null;

  @Field(() => String, { nullable: true, description: "Subject of the caller who recorded the latest check; null before." })
  effectivenessVerifiedBy!: string | null;

  @Field(() => Date, { nullable: true, description: "When the latest check was recorded; null before." })
  effectivenessVerifiedAt!: Date | null;

  @Field(() => Int, { description: "Checks that found it ineffective so far." })
  ineffectiveChecks!: number;

  @Field(() => String, { description: "Subject of the caller who raised it." })
  createdBy!: string;

  @Field(() => Date, { description: "When it was raised." })
  createdAt!: Date;

  @Field(() => Date, { description: "When it last changed." })
  updatedAt!: Date;

  @Field(() => Date, { nullable: true, description: "When work started; null before." })
  startedAt!: Date | null;

  @Field(() => Date, { nullable: true, description: "When it was last marked implemented; null before, and again after an ineffective check." })
  implementedAt!: Date | null;

  @Field(() => Date, { nullable: true, description: "When it was closed; null before." })
  closedAt!: Date | null;
}

@ObjectType({ description: "A page of CAPAs, by due date, soonest first." })
export class CapaPage extends PageOf(Capa) {}

@InputType({ description: "One action of a CAPA." })
export class CapaActionInput {
  @Field(() => String, { description: "What is to be done (1 to 2,000 characters)." })
  @Length(1, 2000)
  description!: string;
}

@InputType({ description: "A CAPA answers exactly one incident or one non-compliant audit finding; its pharmacy is theirs." })
export class CreateCapaInput {
  @Field(() => ID, { nullable: true, description: "The incident it answers (of the caller's pharmacy, not closed); give this or auditFindingId." })
  @IsOptional()
  incidentId?: string;

  @Field(() => ID, { nullable: true, description: "An audit checklist item whose finding is non_compliant." })
  @IsOptional()
  auditFindingId?: string;

  @Field(() => CapaType, { description: "Corrective or preventive." })
  capaType!: string;

  @Field(() => String, { description: "What the CAPA is to achieve (1 to 5,000 characters)." })
  @Length(1, 5000)
  description!: string;

  @Field(() => String, { description: "Who is responsible (name or staff id)." })
  @Length(1, 200)
  owner!: string;

  @Field(() => LocalDateScalar, { description: "YYYY-MM-DD, today (Kampala) or later." })
  dueDate!: string;

  @Field(() => [CapaActionInput], { nullable: true, description: "Its actions, at most 50; more may be added later while open or in progress." })
  @IsOptional()
  actions?: CapaActionInput[];

  @Field(() => LocalDateScalar, { nullable: true, description: "Planned effectiveness check, on or after the due date." })
  @IsOptional()
  effectivenessCheckDate?: string;
}
