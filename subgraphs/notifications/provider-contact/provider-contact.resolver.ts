import { Arg, Authorized, Ctx, Mutation, Query, Resolver, UseMiddleware } from "type-graphql";
import type { SubgraphContext } from "../../../lib/context.js";
import { RateLimit } from "../../../lib/rate-limit.js";
import { getProviderContact, setProviderContact } from "./provider-contact.service.js";
import { ProviderContact, ProviderContactInput } from "./provider-contact.type.js";

const PROVIDER_ID = "Provider id as critical alerts name it (e.g. PRV-0001); on-call or on-call:<facility_id> for an on-call contact.";

@Resolver(() => ProviderContact)
@UseMiddleware(RateLimit("notifications"))
export class ProviderContactResolver {
  @Authorized("notifications:manage")
  @Query(() => ProviderContact, { description: "Where a provider receives alerts (404 when no contact is stored). Physicians, nurses, services and admins." })
  providerContact(@Arg("providerId", () => String, { description: PROVIDER_ID }) providerId: string, @Ctx() ctx: SubgraphContext): Promise<ProviderContact> {
    return getProviderContact(ctx.db, providerId);
  }

  @Authorized("notifications:manage")
  @Mutation(() => ProviderContact, { nullable: true, description: "Where a provider receives alerts (critical lab values go to the provider too)." })
  setProviderContact(
    @Arg("providerId", () => String, { description: PROVIDER_ID }) providerId: string,
    @Arg("input", () => ProviderContactInput, { description: "The changes: fields left out keep their value." }) input: ProviderContactInput,
    @Ctx() ctx: SubgraphContext,
  ): Promise<ProviderContact> {
    return setProviderContact(ctx.db, providerId, input);
  }
}
