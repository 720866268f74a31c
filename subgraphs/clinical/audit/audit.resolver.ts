import { Arg, Args, Authorized, Ctx, Mutation, Query, Resolver, UseMiddleware } from "type-graphql";
import type { SubgraphContext } from "../../../lib/context.js";
import { PageArgs } from "../../../lib/pagination.js";
import { RateLimit } from "../../../lib/rate-limit.js";
import { listAuditRecords, recordOverride, verifyAuditChain } from "./audit.service.js";
import { issueCheckpoint, verifyCheckpoint } from "./audit-checkpoint.js";
import { AuditChainVerification, AuditCheckpoint, AuditCheckpointInput, AuditCheckpointVerification, ClinicalAuditRecordPage, ClinicalOverride, ClinicalOverrideInput } from "./audit.type.js";

@Resolver()
export class ClinicalAuditResolver {
  @Authorized("clinical-audit:read")
  @Query(() => ClinicalAuditRecordPage, { description: "The clinical AI audit log, newest first." })
  clinicalAuditRecords(
    @Args(() => PageArgs) page: PageArgs,
    @Arg("operation", () => String, { nullable: true, description: "Only records of this operation, e.g. critical_value_check." }) operation: string | null,
    @Arg("patientUhid", () => String, { nullable: true, description: "Only records about this patient (UHID)." }) patientUhid: string | null,
    @Ctx() ctx: SubgraphContext,
  ): Promise<ClinicalAuditRecordPage> {
    return listAuditRecords(ctx.db, { ...page, operation, patientUhid }) as Promise<ClinicalAuditRecordPage>;
  }

  @Authorized("clinical-audit:read")
  @Query(() => AuditChainVerification, { description: "Recomputes the hash chain and reports the first broken record, if any." })
  verifyClinicalAuditChain(@Ctx() ctx: SubgraphContext): Promise<AuditChainVerification> {
    return verifyAuditChain(ctx.db);
  }

  @Authorized("clinical-audit:read")
  @Query(() => AuditCheckpoint, { description: "Signs the chain head (sequence, hash, time) for an auditor to keep outside the database." })
  clinicalAuditCheckpoint(@Ctx() ctx: SubgraphContext): Promise<AuditCheckpoint> {
    return issueCheckpoint(ctx.db, ctx.config) as Promise<AuditCheckpoint>;
  }

  @Authorized("clinical-audit:read")
  @Query(() => AuditCheckpointVerification, { description: "Checks a stored checkpoint: the signature is ours and the chain still holds that record with that hash." })
  verifyClinicalAuditCheckpoint(
    @Arg("checkpoint", () => AuditCheckpointInput, { description: "The checkpoint as clinicalAuditCheckpoint issued it (it may be posted back whole)." }) checkpoint: AuditCheckpointInput,
    @Ctx() ctx: SubgraphContext,
  ): Promise<AuditCheckpointVerification> {
    return verifyCheckpoint(ctx.db, ctx.config, checkpoint);
  }

  @Authorized("clinical-override:write")
  @UseMiddleware(RateLimit("clinical_decision_support"))
  @Mutation(() => ClinicalOverride, { nullable: true, description: "Accept, reject or modify (with a reason) an AI output recorded in the audit log." })
  recordClinicalOverride(@Arg("input", () => ClinicalOverrideInput, { description: "The audit record decided on, the decision and its reason." }) input: ClinicalOverrideInput, @Ctx() ctx: SubgraphContext): Promise<ClinicalOverride> {
    return recordOverride(ctx.db, ctx.principal, input, ctx.requestId) as Promise<ClinicalOverride>;
  }
}
