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
    @Arg("district", () => String, { nullable: true }) district: string | null,
    @Ctx() ctx: SubgraphContext,
  ): Promise<PharmacyLocationPage> {
    return listPharmacies(ctx.db, { ...page, district });
  }

  @Authorized("pharmacies:read")
  @Query(() => PharmacyLocation)
  pharmacy(@Arg("id", () => ID) id: string, @Ctx() ctx: SubgraphContext): Promise<PharmacyLocation> {
    return getPharmacy(ctx.db, id);
  }
}
