import { Arg, Authorized, Ctx, Mutation, Resolver, UseMiddleware } from "type-graphql";
import type { SubgraphContext } from "../../../lib/context.js";
import { RateLimit } from "../../../lib/rate-limit.js";
import { extractClinicalEntities } from "./extraction.service.js";
import { EntityExtractionInput, EntityExtractionResult } from "./extraction.type.js";

@Resolver()
export class EntityExtractionResolver {
  @Authorized("documentation:extract-entities")
  @UseMiddleware(RateLimit("entity_extraction"))
  @Mutation(() => EntityExtractionResult, {
    nullable: true,
    description: "Extracts and codes diagnoses (ICD-10-CM), medications (RxNorm), symptoms and procedures (SNOMED CT), lab tests (LOINC) and demographics from clinical free text. Advisory; audited.",
  })
  extractEntities(@Arg("input", () => EntityExtractionInput, { description: "The clinical text." }) input: EntityExtractionInput, @Ctx() ctx: SubgraphContext): Promise<EntityExtractionResult> {
    const startedAt = performance.now();
    return extractClinicalEntities({ db: ctx.db, principal: ctx.principal, requestId: ctx.requestId }, input, startedAt);
  }
}
