import { Arg, Args, Authorized, Ctx, ID, Mutation, Query, Resolver, UseMiddleware } from "type-graphql";
import { BoundStaff, type SubgraphContext } from "../../../../lib/context.js";
import { PageArgs } from "../../../../lib/pagination.js";
import { RateLimit } from "../../../../lib/rate-limit.js";
import { createSupplierMedication, getSupplierMedication, listSupplierMedications, updateSupplierMedication } from "./supplier-medication.service.js";
import { CreateSupplierMedicationInput, SupplierMedication, SupplierMedicationPage, UpdateSupplierMedicationInput } from "./supplier-medication.type.js";

@Resolver(() => SupplierMedication)
@UseMiddleware(RateLimit("pharmacy"), BoundStaff)
export class SupplierMedicationResolver {
  @Authorized("procurement:read")
  @Query(() => SupplierMedicationPage, { description: "Supplier catalog: by medication code, cheapest first (filters: supplier, medication_code, is_active; search over product and supplier names)." })
  supplierMedications(
    @Args(() => PageArgs) page: PageArgs,
    @Arg("supplier", () => ID, { nullable: true, description: "Only this supplier's rows (its id, a UUID; anything else is 400)." }) supplier: string | null,
    @Arg("medicationCode", () => String, { nullable: true, description: "Only rows of this medication code." }) medicationCode: string | null,
    @Arg("search", () => String, { nullable: true, description: "Part of the product name or the supplier's name, any case." }) search: string | null,
    @Arg("isActive", () => Boolean, { nullable: true, description: "Only current (true) or withdrawn (false) offers." }) isActive: boolean | null,
    @Ctx() ctx: SubgraphContext,
  ): Promise<SupplierMedicationPage> {
    return listSupplierMedications(ctx.db, { ...page, supplier, medicationCode, search, isActive });
  }

  @Authorized("procurement:read")
  @Query(() => SupplierMedication, { description: "One supplier catalog row (404 for an unknown id). Pharmacists, auditors and admins." })
  supplierMedication(@Arg("id", () => ID, { description: "Catalog row id (UUID)." }) id: string, @Ctx() ctx: SubgraphContext): Promise<SupplierMedication> {
    return getSupplierMedication(ctx.db, id);
  }

  @Authorized("procurement:write")
  @Mutation(() => SupplierMedication, { nullable: true, description: "Add a medication to a supplier's catalog (409 when the supplier already lists it)." })
  createSupplierMedication(@Arg("input", () => CreateSupplierMedicationInput, { description: "The catalog row." }) input: CreateSupplierMedicationInput, @Ctx() ctx: SubgraphContext): Promise<SupplierMedication> {
    return createSupplierMedication(ctx.db, input);
  }

  @Authorized("procurement:write")
  @Mutation(() => SupplierMedication, { nullable: true, description: "Change a catalog row's price or terms, or deactivate it." })
  updateSupplierMedication(
    @Arg("id", () => ID, { description: "Catalog row id (UUID)." }) id: string,
    @Arg("input", () => UpdateSupplierMedicationInput, { description: "What to change." }) input: UpdateSupplierMedicationInput,
    @Ctx() ctx: SubgraphContext,
  ): Promise<SupplierMedication> {
    return updateSupplierMedication(ctx.db, id, input);
  }
}
