import { LocalDateScalar } from "../../../lib/federation.js";
import type { GraphQLResolveInfo } from "graphql";
import { Ctx, FieldResolver, Info, Int, Resolver, Root } from "type-graphql";
import type { SubgraphContext } from "../../../lib/context.js";
import { auditContactRead } from "./contact-read-audit.js";
import { assertMayReadField, contactReadIsAudited, type ContactField } from "./patient-access.js";
import { Patient } from "./patient.type.js";

/**
 * The guarded fields of a patient. They are checked here, on the field, not on the query that
 * reached the patient, so every path (`patients`, `patient`, a Patient reference resolved for
 * another subgraph) follows the same rule.
 */
@Resolver(() => Patient)
export class PatientFieldsResolver {
  @FieldResolver(() => Int, { description: "Year of birth: enough to tell two patients of the same name apart at a counter." })
  birthYear(@Root() p: Patient): number {
    return Number(p.birthDate.slice(0, 4));
  }

  @FieldResolver(() => LocalDateScalar, { description: "Date of birth, ISO 8601 (YYYY-MM-DD). Registry roles and the patient only." })
  birthDate(@Root() p: Patient, @Ctx() ctx: SubgraphContext): string {
    assertMayReadField(ctx.principal, p.uhid, "birth date");
    return p.birthDate;
  }

  @FieldResolver(() => String, { nullable: true, description: "Contact detail: registry roles and the patient only; every staff read is audited." })
  phone(@Root() p: Patient, @Ctx() ctx: SubgraphContext, @Info() info: GraphQLResolveInfo): Promise<string | null> {
    return readContact(p, "phone", ctx, info);
  }

  @FieldResolver(() => String, { nullable: true, description: "Contact detail: registry roles and the patient only; every staff read is audited." })
  email(@Root() p: Patient, @Ctx() ctx: SubgraphContext, @Info() info: GraphQLResolveInfo): Promise<string | null> {
    return readContact(p, "email", ctx, info);
  }

  @FieldResolver(() => String, { nullable: true, description: "Address (district). Contact detail: registry roles and the patient only; every staff read is audited." })
  district(@Root() p: Patient, @Ctx() ctx: SubgraphContext, @Info() info: GraphQLResolveInfo): Promise<string | null> {
    return readContact(p, "district", ctx, info);
  }
}

async function readContact(p: Patient, field: ContactField, ctx: SubgraphContext, info: GraphQLResolveInfo): Promise<string | null> {
  assertMayReadField(ctx.principal, p.uhid, field);
  if (contactReadIsAudited(ctx.principal, p.uhid)) await auditContactRead(ctx, p.uhid, field, info);
  return p[field];
}
