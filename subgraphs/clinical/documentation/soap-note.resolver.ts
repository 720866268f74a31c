import { Arg, Authorized, Ctx, ID, Mutation, Query, Resolver, UseMiddleware } from "type-graphql";
import type { SubgraphContext } from "../../../lib/context.js";
import { RateLimit } from "../../../lib/rate-limit.js";
import { generateSoapNote, readSoapNote, recordEncounterNote } from "./soap-note.service.js";
import { EncounterNote, EncounterNoteInput, SoapNoteInput, SoapNoteResult } from "./soap-note.type.js";

/** Documentation (spec: automated documentation, SOAP notes): encounter notes in, SOAP notes out. Audited. */
@Resolver()
export class SoapNoteResolver {
  @Authorized("documentation:soap-note")
  @UseMiddleware(RateLimit("documentation"))
  @Mutation(() => SoapNoteResult, { nullable: true, description: "Generates a SOAP note for a stored encounter from the record (template; an optional LLM may polish the narrative only). Stored, audited, requires review." })
  generateSoapNote(@Arg("input", () => SoapNoteInput, { description: "The encounter, the patient and the clinician." }) input: SoapNoteInput, @Ctx() ctx: SubgraphContext): Promise<SoapNoteResult> {
    return generateSoapNote(ctx, input);
  }

  @Authorized("documentation:notes")
  @UseMiddleware(RateLimit("patient_timeline"))
  @Query(() => SoapNoteResult, { description: "A generated SOAP note by its document id. The read is audited." })
  soapNote(@Arg("documentId", () => ID, { description: "documentId of the note (UUID)." }) documentId: string, @Ctx() ctx: SubgraphContext): Promise<SoapNoteResult> {
    return readSoapNote(ctx, documentId);
  }

  @Authorized("documentation:notes")
  @UseMiddleware(RateLimit("documentation"))
  @Mutation(() => EncounterNote, { nullable: true, description: "Records a free-text note on an encounter (the history a SOAP note quotes). Audited." })
  recordEncounterNote(@Arg("input", () => EncounterNoteInput, { description: "The encounter, the patient and the note." }) input: EncounterNoteInput, @Ctx() ctx: SubgraphContext): Promise<EncounterNote> {
    return recordEncounterNote(ctx, input);
  }
}
