import { Arg, Authorized, Ctx, FieldResolver, ID, Mutation, Query, Resolver, Root, UseMiddleware } from "type-graphql";
import type { SubgraphContext } from "../../../lib/context.js";
import { RateLimit } from "../../../lib/rate-limit.js";
import { digitizeDocument, getDigitizedDocument } from "./digitization.service.js";
import { DigitizedDocument, DocumentDigitizationInput } from "./digitization.type.js";

@Resolver(() => DigitizedDocument)
export class DigitizationResolver {
  @Authorized("documents:digitize")
  @UseMiddleware(RateLimit("document_digitization"))
  @Mutation(() => DigitizedDocument, {
    nullable: true,
    description: "OCR, classify and convert a document (PDF, PNG, JPEG, TIFF; GraphQL multipart upload) into lab results and FHIR R4 resources; stored and linked to the patient. Advisory; audited.",
  })
  digitizeDocument(@Arg("input", () => DocumentDigitizationInput, { description: "The file, its declared type, and optionally the patient and encounter." }) input: DocumentDigitizationInput, @Ctx() ctx: SubgraphContext): Promise<DigitizedDocument> {
    return digitizeDocument(ctx, input, performance.now());
  }

  @Authorized("documents:read")
  @Query(() => DigitizedDocument, { nullable: true, description: "A digitized document by id (its results and FHIR resources)." })
  digitizedDocument(@Arg("id", () => ID, { description: "documentId of the stored document (UUID)." }) id: string, @Ctx() ctx: SubgraphContext): Promise<DigitizedDocument> {
    return getDigitizedDocument(ctx.db, id);
  }

  @FieldResolver(() => String, { nullable: true, description: "The original file, base64 (only on a read by id)." })
  contentBase64(@Root() doc: DigitizedDocument): string | null {
    return doc.content ? doc.content.toString("base64") : null;
  }
}
