import { Arg, Args, Authorized, Ctx, FieldResolver, ID, Mutation, Query, Resolver, Root } from "type-graphql";
import type { SubgraphContext } from "../../../../lib/context.js";
import { PageArgs } from "../../../../lib/pagination.js";
import { getPharmacy, listPharmacies, listPharmacyChanges, maySeeAlertPhone, updatePharmacy } from "./pharmacy-location.service.js";
import { PharmacyChangePage, PharmacyLocation, PharmacyLocationPage, UpdatePharmacyInput } from "./pharmacy-location.type.js";

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

  @Authorized("pharmacies:write")
  @Mutation(() => PharmacyLocation, {
    nullable: true,
    description: "Change a pharmacy's name, address, phone or alert phone (admins: any pharmacy; pharmacists: their own, else 403; 404 for an unknown id). Each changed field is recorded.",
  })
  updatePharmacy(@Arg("id", () => ID, { description: "Pharmacy id (UUID)." }) id: string, @Arg("input", () => UpdatePharmacyInput, { description: "What to change." }) input: UpdatePharmacyInput, @Ctx() ctx: SubgraphContext): Promise<PharmacyLocation> {
    return updatePharmacy(ctx.db, ctx.principal, id, input, ctx.config.DEFAULT_PHONE_REGION);
  }

  @Authorized("pharmacies:changes")
  @Query(() => PharmacyChangePage, { description: "Changes made to a pharmacy's details, newest first: field, before, after, who, when (auditors and admins: any pharmacy; pharmacists: their own, else 403)." })
  pharmacyChanges(
    @Arg("pharmacyId", () => ID, { description: "Pharmacy id (UUID)." }) pharmacyId: string,
    @Args(() => PageArgs) page: PageArgs,
    @Ctx() ctx: SubgraphContext,
  ): Promise<PharmacyChangePage> {
    return listPharmacyChanges(ctx.db, ctx.principal, pharmacyId, page);
  }

  // No @Authorized: the pharmacy stays readable by every role that reads pharmacies; the number is
  // null to callers who may not see it (so a REST GET is never refused because of this field).
  @FieldResolver(() => String, {
    nullable: true,
    description: "Mobile number that takes the pharmacy's urgent messages (cold-chain excursions, silent loggers) instead of phone; null when not set, and to callers other than admins, auditors and the pharmacy's own pharmacists.",
  })
  alertPhone(@Root() pharmacy: PharmacyLocation, @Ctx() ctx: SubgraphContext): string | null {
    return maySeeAlertPhone(ctx.principal, pharmacy.id) ? (pharmacy.alertPhone ?? null) : null;
  }
}
