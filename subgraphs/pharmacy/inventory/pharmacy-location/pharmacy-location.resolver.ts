import { Arg, Args, Authorized, Ctx, ID, Query, Resolver } from "type-graphql";
import type { SubgraphContext } from "../../../../lib/context.js";
import { PageArgs } from "../../../../lib/pagination.js";
import { getPharmacy, listPharmacies } from "./pharmacy-location.service.js";
import { PharmacyLocation, PharmacyLocationPage } from "./pharmacy-location.type.js";

@Resolver(() => PharmacyLocation)
export class PharmacyLocationResolver {
  @Authorized("pharmacies:read")
  @Query(() => PharmacyLocationPage, { description: "Participating pharmacies." })
  pharmacies(
    @Args(() => PageArgs) page: PageArgs,
    @Arg("district", () => String, { nullable: true, description: "Only pharmacies in this district (exact match)." }) district: string | null,
    @Ctx() ctx: SubgraphContext,
  ): Promise<PharmacyLocationPage> {
    return listPharmacies(ctx.db, { ...page, district });
  }

  @Authorized("pharmacies:read")
  @Query(() => PharmacyLocation, { description: "One pharmacy (404 for an unknown id). Every role but researchers." })
  pharmacy(@Arg("id", () => ID, { description: "Pharmacy id (UUID)." }) id: string, @Ctx() ctx: SubgraphContext): Promise<PharmacyLocation> {
    return getPharmacy(ctx.db, id);
  }
}
