import { Arg, Args, Authorized, Ctx, Mutation, Query, Resolver, UseMiddleware } from "type-graphql";
import type { SubgraphContext } from "../../../lib/context.js";
import { PageArgs } from "../../../lib/pagination.js";
import { RateLimit } from "../../../lib/rate-limit.js";
import { listAuditRecords, recordOverride, verifyAuditChain } from "./audit.service.js";
import { AuditChainVerification, ClinicalAuditRecordPage, ClinicalOverride, ClinicalOverrideInput } from "./audit.type.js";

@Resolver()
export class ClinicalAuditResolver {
  @Authorized("clinical-audit:read")
  @Query(() => ClinicalAuditRecordPage, { description: "The clinical AI audit log, newest first." })
  clinicalAuditRecords(
    @Args(() => PageArgs) page: PageArgs,
    @Arg("operation", () => String, { nullable: true }) operation: string | null,
    @Arg("patientUhid", () => String, { nullable: true }) patientUhid: string | null,
    @Ctx() ctx: SubgraphContext,
  ): Promise<ClinicalAuditRecordPage> {
    return listAuditRecords(ctx.db, { ...page, operation, patientUhid }) as Promise<ClinicalAuditRecordPage>;
  }

  @Authorized("clinical-audit:read")
  @Query(() => AuditChainVerification, { description: "Recomputes the hash chain and reports the first broken record, if any." })
  verifyClinicalAuditChain(@Ctx() ctx: SubgraphContext): Promise<AuditChainVerification> {
    return verifyAuditChain(ctx.db);
  }

  @Authorized("clinical-override:write")
  @UseMiddleware(RateLimit("clinical_decision_support"))
  @Mutation(() => ClinicalOverride, { nullable: true, description: "Accept, reject or modify (with a reason) an AI output recorded in the audit log." })
  recordClinicalOverride(@Arg("input", () => ClinicalOverrideInput) input: ClinicalOverrideInput, @Ctx() ctx: SubgraphContext): Promise<ClinicalOverride> {
    return recordOverride(ctx.db, ctx.principal, input, ctx.requestId) as Promise<ClinicalOverride>;
  }
}
