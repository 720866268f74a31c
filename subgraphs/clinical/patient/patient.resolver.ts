import type { GraphQLResolveInfo } from "graphql";
import { Arg, Args, Authorized, Ctx, ID, Info, Mutation, Query, Resolver } from "type-graphql";
import { assertPatientAccess, type SubgraphContext } from "../../../lib/context.js";
import { listSelection } from "../../../lib/page-query.js";
import { PageArgs } from "../../../lib/pagination.js";
import { getPatient, listPatients, registerPatient } from "./patient.service.js";
import { Patient, PatientPage, RegisterPatientInput } from "./patient.type.js";
import { checkUhidArg } from "./uhid-arg.js";

@Resolver(() => Patient)
export class PatientResolver {
  @Authorized("patients:read")
  @Query(() => PatientPage, { description: "The patient registry, page by page (clinical roles; contact details read are audited)." })
  patients(
    @Args(() => PageArgs) page: PageArgs,
    @Arg("search", () => String, { nullable: true, description: "Matches UHID or name." }) search: string | null,
    @Arg("after", () => String, { nullable: true, description: "nextCursor of the previous page: the patients after it, without OFFSET (deep walks)." }) after: string | null,
    @Ctx() ctx: SubgraphContext,
    @Info() info: GraphQLResolveInfo,
  ): Promise<PatientPage> {
    return listPatients(ctx.db, { ...page, search, after, total: listSelection(info).total });
  }

  // timeline:read lets a patient read their own record; assertPatientAccess keeps them to it.
  @Authorized("patients:read", "timeline:read")
  @Query(() => Patient, { description: "One patient by UHID (clinical roles, or the patient themself)." })
  async patient(@Arg("uhid", () => ID, { description: "UHID of the patient (404 when not registered)." }) uhid: string, @Ctx() ctx: SubgraphContext): Promise<Patient> {
    checkUhidArg(uhid);
    assertPatientAccess(ctx.principal, uhid, "patients:read", "timeline:read");
    return getPatient(ctx.db, uhid);
  }

  @Authorized("patients:write")
  @Mutation(() => Patient, { nullable: true, description: "Registers a patient; the UHID is minted when not given." })
  registerPatient(@Arg("input", () => RegisterPatientInput, { description: "The new patient's identity and contact details." }) input: RegisterPatientInput, @Ctx() ctx: SubgraphContext): Promise<Patient> {
    return registerPatient(ctx.db, input, ctx.config.DEFAULT_PHONE_REGION);
  }
}
