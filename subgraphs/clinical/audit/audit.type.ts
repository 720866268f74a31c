import { Field, ID, InputType, Int, ObjectType } from "type-graphql";
import { valueEnum } from "../../../lib/enums.js";
import { DateTimeScalar, JSONObjectScalar } from "../../../lib/federation.js";
import { PageOf } from "../../../lib/pagination.js";
import { OVERRIDE_ACTIONS } from "./audit.service.js";

const OverrideAction = valueEnum("OverrideAction", OVERRIDE_ACTIONS, "A professional's decision on an AI output.");

@ObjectType({ description: "One append-only, hash-chained record of a clinical AI call or a professional override." })
export class ClinicalAuditRecord {
  @Field(() => ID)
  id!: string;

  @Field(() => Int, { description: "Position in the chain, from 1." })
  seq!: number;

  @Field(() => DateTimeScalar)
  occurredAt!: Date;

  @Field(() => String, { description: "The caller's `sub`." })
  actorSub!: string;

  @Field(() => String, { description: "The caller's roles, comma-separated." })
  actorRoles!: string;

  @Field(() => String)
  operation!: string;

  @Field(() => String, { nullable: true })
  patientUhid!: string | null;

  @Field(() => String, { description: "SHA-256 of the canonical JSON request." })
  inputDigest!: string;

  @Field(() => JSONObjectScalar, { description: "What the engine answered (or the override decided)." })
  output!: Record<string, unknown>;

  @Field(() => String, { description: "Engine and knowledge-file versions that produced the output." })
  rulesetVersion!: string;

  @Field(() => ID, { nullable: true, description: "The record this one follows up (override, notification outcome)." })
  parentId!: string | null;

  @Field(() => String, { nullable: true })
  requestId!: string | null;

  @Field(() => String)
  prevHash!: string;

  @Field(() => String)
  hash!: string;
}

@ObjectType()
export class ClinicalAuditRecordPage extends PageOf(ClinicalAuditRecord) {}

@ObjectType({ description: "Result of recomputing the audit hash chain." })
export class AuditChainVerification {
  @Field(() => Boolean)
  valid!: boolean;

  @Field(() => Int)
  recordsChecked!: number;

  @Field(() => Int, { nullable: true })
  firstInvalidSeq!: number | null;

  @Field(() => String, { nullable: true })
  problem!: string | null;

  @Field(() => String)
  lastHash!: string;
}

@InputType()
export class ClinicalOverrideInput {
  @Field(() => ID, { description: "The audit record of the AI output being accepted, rejected or modified." })
  auditId!: string;

  @Field(() => OverrideAction, { description: "accept, reject or modify." })
  action!: string;

  @Field(() => String, { nullable: true, description: "Required to reject or modify." })
  reason?: string | null;

  @Field(() => JSONObjectScalar, { nullable: true, description: "The professional's corrected output (modify only)." })
  modifiedOutput?: Record<string, unknown> | null;
}

@ObjectType({ description: "A professional's recorded decision on an AI output." })
export class ClinicalOverride {
  @Field(() => ID)
  id!: string;

  @Field(() => ID)
  auditId!: string;

  @Field(() => OverrideAction)
  action!: string;

  @Field(() => String, { nullable: true })
  reason!: string | null;

  @Field(() => JSONObjectScalar, { nullable: true })
  modifiedOutput!: Record<string, unknown> | null;

  @Field(() => String)
  actorSub!: string;

  @Field(() => DateTimeScalar)
  createdAt!: Date;

  @Field(() => ID, { description: "The audit record that logs this override." })
  overrideAuditId!: string;
}
