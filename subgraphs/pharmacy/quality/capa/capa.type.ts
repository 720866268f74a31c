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
);
export const CapaType = valueEnum("CapaType", ["corrective", "preventive"] as const, "Corrective (removes the cause of a problem that happened) or preventive (of one that could).");
export const EffectivenessResult = valueEnum("EffectivenessResult", ["effective", "ineffective"] as const, "Outcome of a CAPA's effectiveness check.");

@ObjectType({ description: "One action of a CAPA." })
export class CapaAction {
  @Field(() => ID)
  id!: string;

  @Field(() => Int)
  position!: number;

  @Field(() => String)
  description!: string;

  @Field(() => Boolean)
  done!: boolean;

  @Field(() => Date, { nullable: true })
  doneAt!: Date | null;

  @Field(() => String, { nullable: true })
  doneBy!: string | null;

  @Field(() => String, { nullable: true })
  notes!: string | null;
}

@ObjectType({ description: "A corrective or preventive action, raised against an incident or an audit finding." })
export class Capa {
  @Field(() => ID)
  id!: string;

  @Field(() => String, { description: "CAPA-<pharmacy code>-<yyyymmdd>-<sequence>." })
  capaNumber!: string;

  @Field(() => ID)
  pharmacyId!: string;

  @Field(() => ID, { nullable: true })
  incidentId!: string | null;

  @Field(() => ID, { nullable: true, description: "The audit of the finding." })
  auditId!: string | null;

  @Field(() => ID, { nullable: true, description: "The audit checklist item whose finding raised it." })
  auditFindingId!: string | null;

  @Field(() => CapaType)
  capaType!: string;

  @Field(() => String)
  description!: string;

  @Field(() => String)
  owner!: string;

  @Field(() => LocalDateScalar)
  dueDate!: string;

  @Field(() => CapaStatus)
  status!: string;

  @Field(() => Boolean, { description: "Open or in progress past its due date, or implemented past its effectiveness check date (Kampala)." })
  overdue!: boolean;

  @Field(() => [CapaAction])
  actions!: CapaAction[];

  @Field(() => LocalDateScalar, { nullable: true, description: "When effectiveness is to be checked." })
  effectivenessCheckDate!: string | null;

  @Field(() => EffectivenessResult, { nullable: true, description: "The latest check's result." })
  effectivenessResult!: string | null;

  @Field(() => String, { nullable: true })
  effectivenessNotes!: string | null;

  @Field(() => String, { nullable: true })
  effectivenessVerifiedBy!: string | null;

  @Field(() => Date, { nullable: true })
  effectivenessVerifiedAt!: Date | null;

  @Field(() => Int)
  ineffectiveChecks!: number;

  @Field(() => String)
  createdBy!: string;

  @Field(() => Date)
  createdAt!: Date;

  @Field(() => Date)
  updatedAt!: Date;

  @Field(() => Date, { nullable: true })
  startedAt!: Date | null;

  @Field(() => Date, { nullable: true })
  implementedAt!: Date | null;

  @Field(() => Date, { nullable: true })
  closedAt!: Date | null;
}

@ObjectType()
export class CapaPage extends PageOf(Capa) {}

@InputType()
export class CapaActionInput {
  @Field(() => String)
  @Length(1, 2000)
  description!: string;
}

@InputType({ description: "A CAPA answers exactly one incident or one non-compliant audit finding; its pharmacy is theirs." })
export class CreateCapaInput {
  @Field(() => ID, { nullable: true })
  @IsOptional()
  incidentId?: string;

  @Field(() => ID, { nullable: true, description: "An audit checklist item whose finding is non_compliant." })
  @IsOptional()
  auditFindingId?: string;

  @Field(() => CapaType)
  capaType!: string;

  @Field(() => String)
  @Length(1, 5000)
  description!: string;

  @Field(() => String, { description: "Who is responsible (name or staff id)." })
  @Length(1, 200)
  owner!: string;

  @Field(() => LocalDateScalar, { description: "YYYY-MM-DD, today (Kampala) or later." })
  dueDate!: string;

  @Field(() => [CapaActionInput], { nullable: true })
  @IsOptional()
  actions?: CapaActionInput[];

  @Field(() => LocalDateScalar, { nullable: true, description: "Planned effectiveness check, on or after the due date." })
  @IsOptional()
  effectivenessCheckDate?: string;
}
