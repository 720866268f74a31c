import { Field, ID, InputType, Int, ObjectType } from "type-graphql";
import { valueEnum } from "../../../lib/enums.js";
import { DateTimeScalar, JSONObjectScalar } from "../../../lib/federation.js";
import { PageOf } from "../../../lib/pagination.js";
import { OVERRIDE_ACTIONS } from "./audit.service.js";

const OverrideAction = valueEnum("OverrideAction", OVERRIDE_ACTIONS, "A professional's decision on an AI output.", {
  accept: "The output is accepted as it is (reason optional).",
  reject: "The output is rejected (reason required).",
  modify: "The output is replaced by a corrected one (reason and modifiedOutput required).",
});

@ObjectType({ description: "One append-only, hash-chained record of a clinical AI call or a professional override." })
export class ClinicalAuditRecord {
  @Field(() => ID, { description: "Record id (UUID): the auditId that answers and overrides name." })
  id!: string;

  @Field(() => Int, { description: "Order in the log, from 1: unique and increasing (gap-free in stream 0; in the streams a rolled-back call leaves a gap)." })
  seq!: number;

  @Field(() => DateTimeScalar, { description: "When the record was appended." })
  occurredAt!: Date;

  @Field(() => String, { description: "The caller's `sub`." })
  actorSub!: string;

  @Field(() => String, { description: "The caller's roles, comma-separated." })
  actorRoles!: string;

  @Field(() => String, { description: "What was recorded, e.g. drug_interaction_check, critical_value_check, soap_note_read, clinical_override, patient_contact_read." })
  operation!: string;

  @Field(() => String, { nullable: true, description: "UHID of the patient concerned; null for a call about no patient (e.g. lab QC, a literature search)." })
  patientUhid!: string | null;

  @Field(() => String, { description: "SHA-256 of the canonical JSON request." })
  inputDigest!: string;

  @Field(() => JSONObjectScalar, { description: "What the engine answered (or the override decided)." })
  output!: Record<string, unknown>;

  @Field(() => String, { description: "Engine and knowledge-file versions that produced the output." })
  rulesetVersion!: string;

  @Field(() => ID, { nullable: true, description: "The record this one follows up (override, notification outcome)." })
  parentId!: string | null;

  @Field(() => String, { nullable: true, description: "The request's x-request-id, to find it in the logs; null when none was recorded." })
  requestId!: string | null;

  @Field(() => String, { description: "Hash of the previous record of its stream (64 zeros for a stream's first record), SHA-256 hex." })
  prevHash!: string;

  @Field(() => String, { description: "SHA-256 (hex) of prevHash and this record's canonical JSON." })
  hash!: string;

  @Field(() => Int, { description: "The chain this record extends: 0 for records written before audit streams (one chain), else 1-16 (by patient, or by caller without one)." })
  stream!: number;

  @Field(() => Int, { nullable: true, description: "Position in its stream, from 1 (null in stream 0, where seq is the position)." })
  streamSeq!: number | null;
}

@ObjectType({ description: "A page of clinical audit records, newest first." })
export class ClinicalAuditRecordPage extends PageOf(ClinicalAuditRecord) {}

@ObjectType({ description: "Result of recomputing the audit hash chains (stream 0 and every stream)." })
export class AuditChainVerification {
  @Field(() => Boolean, { description: "True when every record and every stream head checks out." })
  valid!: boolean;

  @Field(() => Int, { description: "Records checked before the first problem (all of them when valid)." })
  recordsChecked!: number;

  @Field(() => Int, { nullable: true, description: "seq of the first record that fails (or where a missing one should be); null when valid." })
  firstInvalidSeq!: number | null;

  @Field(() => String, { nullable: true, description: "What is wrong at firstInvalidSeq, in words (a missing record, a prev_hash or content mismatch, a head behind its records); null when valid." })
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
  @Field(() => Int, { description: "seq as issued." })
  seq!: number;

  @Field(() => String, { description: "hash as issued." })
  hash!: string;

  @Field(() => String, { description: "issuedAt as issued, unchanged (the signature covers the exact text)." })
  issuedAt!: string;

  @Field(() => String, { description: "The compact JWS as issued." })
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

  @Field(() => Boolean, { description: "The signature was made with our key over exactly this seq, hash and issuedAt." })
  signatureValid!: boolean;

  @Field(() => Boolean, { description: "The chain still holds the checkpoint's record with its hash." })
  recordMatches!: boolean;

  @Field(() => Boolean, { description: "The chain recomputes from the genesis to the head." })
  chainValid!: boolean;

  @Field(() => Int, { description: "Sequence of the chain head now." })
  headSeq!: number;

  @Field(() => String, { nullable: true, description: "What failed, in words; null when valid." })
  problem!: string | null;
}

@InputType({ description: "A professional's decision on an AI output recorded in the audit log." })
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
  @Field(() => ID, { description: "Override id (UUID)." })
  id!: string;

  @Field(() => ID, { description: "The audit record of the AI output decided on." })
  auditId!: string;

  @Field(() => OverrideAction, { description: "accept, reject or modify." })
  action!: string;

  @Field(() => String, { nullable: true, description: "Why, as given; null when none was given (accept)." })
  reason!: string | null;

  @Field(() => JSONObjectScalar, { nullable: true, description: "The corrected output (modify only); null otherwise." })
  modifiedOutput!: Record<string, unknown> | null;

  @Field(() => String, { description: "Who decided (token subject)." })
  actorSub!: string;

  @Field(() => DateTimeScalar, { description: "When it was recorded." })
  createdAt!: Date;

  @Field(() => ID, { description: "The audit record that logs this override." })
  overrideAuditId!: string;
}
