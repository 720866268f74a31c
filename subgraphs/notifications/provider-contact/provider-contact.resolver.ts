import { Arg, Authorized, Ctx, Mutation, Query, Resolver, UseMiddleware } from "type-graphql";
import type { SubgraphContext } from "../../../lib/context.js";
import { RateLimit } from "../../../lib/rate-limit.js";
import { getProviderContact, setProviderContact } from "./provider-contact.service.js";
import { ProviderContact, ProviderContactInput } from "./provider-contact.type.js";

@Resolver(() => ProviderContact)
@UseMiddleware(RateLimit("notifications"))
export class ProviderContactResolver {
  @Authorized("notifications:manage")
  @Query(() => ProviderContact)
  providerContact(@Arg("providerId", () => String) providerId: string, @Ctx() ctx: SubgraphContext): Promise<ProviderContact> {
    return getProviderContact(ctx.db, providerId);
  }

  @Authorized("notifications:manage")
  @Mutation(() => ProviderContact, { nullable: true, description: "Where a provider receives alerts (critical lab values go to the provider too)." })
  setProviderContact(
    @Arg("providerId", () => String) providerId: string,
    @Arg("input", () => ProviderContactInput) input: ProviderContactInput,
    @Ctx() ctx: SubgraphContext,
  ): Promise<ProviderContact> {
    return setProviderContact(ctx.db, providerId, input);
  }
}
