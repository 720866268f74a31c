import { Arg, Authorized, Ctx, Mutation, Query, Resolver, UseMiddleware } from "type-graphql";
import { assertPatientAccess, type SubgraphContext } from "../../../lib/context.js";
import { RateLimit } from "../../../lib/rate-limit.js";
import { getPreferences, setPreferences } from "./preferences.service.js";
import { NotificationPreferences, NotificationPreferencesInput } from "./preferences.type.js";

@Resolver(() => NotificationPreferences)
@UseMiddleware(RateLimit("notifications"))
export class PreferencesResolver {
  @Authorized("notifications:read", "notifications:preferences")
  @Query(() => NotificationPreferences, { description: "A patient's notification preferences (defaults when none are stored)." })
  notificationPreferences(@Arg("patientUhid", () => String) patientUhid: string, @Ctx() ctx: SubgraphContext): Promise<NotificationPreferences> {
    assertPatientAccess(ctx.principal, patientUhid);
    return getPreferences(ctx.db, patientUhid);
  }

  @Authorized("notifications:preferences")
  @Mutation(() => NotificationPreferences, { nullable: true, description: "Sets channels, contact points, language, consent, quiet hours; patients set their own." })
  setNotificationPreferences(
    @Arg("patientUhid", () => String) patientUhid: string,
    @Arg("input", () => NotificationPreferencesInput) input: NotificationPreferencesInput,
    @Ctx() ctx: SubgraphContext,
  ): Promise<NotificationPreferences> {
    assertPatientAccess(ctx.principal, patientUhid);
    return setPreferences(ctx.db, patientUhid, input);
  }
}
