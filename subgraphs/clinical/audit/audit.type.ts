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

  @Field(() => Int, { description: "Order in the log, from 1: unique and increasing (gap-free in stream 0; in the streams a rolled-back call leaves a gap)." })
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

  @Field(() => Int, { description: "The chain this record extends: 0 for records written before audit streams (one chain), else 1-16 (by patient, or by caller without one)." })
  stream!: number;

  @Field(() => Int, { nullable: true, description: "Position in its stream, from 1 (null in stream 0, where seq is the position)." })
  streamSeq!: number | null;
}

@ObjectType()
export class ClinicalAuditRecordPage extends PageOf(ClinicalAuditRecord) {}

@ObjectType({ description: "Result of recomputing the audit hash chains (stream 0 and every stream)." })
export class AuditChainVerification {
  @Field(() => Boolean)
  valid!: boolean;

  @Field(() => Int)
  recordsChecked!: number;

  @Field(() => Int, { nullable: true })
  firstInvalidSeq!: number | null;

  @Field(() => String, { nullable: true })
  problem!: string | null;

  @Field(() => String, { description: "With stream 0 only, the last record's hash; with streams, the hash over every stream's end that a checkpoint signs." })
  lastHash!: string;

  @Field(() => Int, { description: "Streams holding records (stream 0 included); each was walked from its genesis." })
  streamsChecked!: number;
}

@ObjectType({ description: "A signed point of the audit chain (sequence, hash, time); keep it outside the database and verify it later." })
export class AuditCheckpoint {
  @Field(() => Int, { description: "Sequence of the newest record (0 for an empty chain)." })
  seq!: number;

  @Field(() => String, { description: "That record's hash." })
  hash!: string;

  @Field(() => String, { description: "When the checkpoint was signed (ISO 8601, as signed)." })
  issuedAt!: string;

  @Field(() => String, { description: "JWK thumbprint of the signing key." })
  keyId!: string;

  @Field(() => JSONObjectScalar, { description: "The Ed25519 public key (JWK) that verifies the signature." })
  publicKey!: Record<string, unknown>;

  @Field(() => String, { description: 'Compact JWS (EdDSA) over {"seq","hash","issued_at"}.' })
  signature!: string;
}

@InputType({ description: "A checkpoint as issued (its seq, hash, issuedAt and signature)." })
export class AuditCheckpointInput {
  @Field(() => Int)
  seq!: number;

  @Field(() => String)
  hash!: string;

  @Field(() => String)
  issuedAt!: string;

  @Field(() => String)
  signature!: string;

  // The rest of a checkpoint as issued, so the stored object can be posted back whole.
  @Field(() => String, { nullable: true, description: "As issued; the signature decides, this only names the key." })
  keyId?: string | null;

  @Field(() => JSONObjectScalar, { nullable: true, description: "As issued; ignored (only our own key verifies)." })
  publicKey?: Record<string, unknown> | null;
}

@ObjectType({ description: "Whether the chain still contains a checkpoint, and the checkpoint is ours." })
export class AuditCheckpointVerification {
  @Field(() => Boolean, { description: "Signature ours, record present with that hash, head not behind it, chain intact." })
  valid!: boolean;

  @Field(() => Boolean)
  signatureValid!: boolean;

  @Field(() => Boolean, { description: "The chain still holds the checkpoint's record with its hash." })
  recordMatches!: boolean;

  @Field(() => Boolean, { description: "The chain recomputes from the genesis to the head." })
  chainValid!: boolean;

  @Field(() => Int, { description: "Sequence of the chain head now." })
  headSeq!: number;

  @Field(() => String, { nullable: true })
  problem!: string | null;
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
