import { eq } from "drizzle-orm";
import { Arg, Authorized, Ctx, ID, Query, Resolver } from "type-graphql";
import { assertPatientAccess, type SubgraphContext } from "../../../lib/context.js";
import { patients } from "../db/tables.js";

/**
 * Whether a UHID is registered, and nothing else about the patient: the notifications subgraph asks
 * it (through the gateway, with the caller's token) before it stores preferences or sends to a UHID,
 * so an unknown patient is a 404 there too. Open to the roles that address patients by UHID in
 * notifications, who may not read the registry itself; a patient may ask only about their own UHID.
 */
@Resolver()
export class PatientExistsResolver {
  @Authorized("patients:read", "notifications:read", "notifications:preferences", "notifications:trigger", "notifications:trigger-lab", "notifications:send")
  @Query(() => Boolean, { description: "Whether a patient with this UHID is registered (no other detail)." })
  async patientExists(@Arg("uhid", () => ID, { description: "UHID to look up (a patient may ask only about their own)." }) uhid: string, @Ctx() ctx: SubgraphContext): Promise<boolean> {
    assertPatientAccess(ctx.principal, uhid, "patients:read", "notifications:read", "notifications:preferences", "notifications:trigger", "notifications:trigger-lab", "notifications:send");
    const [row] = await ctx.db.select({ uhid: patients.uhid }).from(patients).where(eq(patients.uhid, uhid));
    return Boolean(row);
  }
}
