import { eq } from "drizzle-orm";
import { Arg, Authorized, Ctx, ID, Query, Resolver } from "type-graphql";
import type { SubgraphContext } from "../../../lib/context.js";
import { notFound } from "../../../lib/errors.js";
import { isUuid } from "../../../lib/ids.js";
import { charges } from "../db/tables.js";
import { Charge } from "./charge.type.js";

@Resolver(() => Charge)
export class ChargeResolver {
  @Authorized("billing:read")
  @Query(() => Charge, { description: "One billing charge." })
  async charge(@Arg("id", () => ID) id: string, @Ctx() ctx: SubgraphContext): Promise<Charge> {
    if (!isUuid(id)) throw notFound("Charge", id);
    const [row] = await ctx.db.select().from(charges).where(eq(charges.id, id));
    const principal = ctx.principal;
    if (!row || (principal.pharmacyId && row.pharmacyId !== principal.pharmacyId)) throw notFound("Charge", id);
    return row;
  }
}
