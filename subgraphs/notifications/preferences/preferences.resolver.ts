import { Arg, Authorized, Ctx, Mutation, Query, Resolver, UseMiddleware } from "type-graphql";
import { assertPatientAccess, type SubgraphContext } from "../../../lib/context.js";
import { RateLimit } from "../../../lib/rate-limit.js";
import { assertPatientKnown } from "../notification/patient-known.js";
import { registryPatientExists } from "../notification/registry-contact.js";
import { getPreferences, setPreferences } from "./preferences.service.js";
import { NotificationPreferences, NotificationPreferencesInput } from "./preferences.type.js";

@Resolver(() => NotificationPreferences)
@UseMiddleware(RateLimit("notifications"))
export class PreferencesResolver {
  // Preferences hold the patient's phone and e-mail: for those who may set them, not every notifications reader (auditors).
  @Authorized("notifications:preferences")
  @Query(() => NotificationPreferences, { description: "A patient's notification preferences (defaults when none are stored); holds contact details, so physicians, nurses, services and the patient themself." })
  async notificationPreferences(@Arg("patientUhid", () => String, { description: "UHID of the patient (404 when unknown; a patient may ask only for their own)." }) patientUhid: string, @Ctx() ctx: SubgraphContext): Promise<NotificationPreferences> {
    assertPatientAccess(ctx.principal, patientUhid, "notifications:preferences");
    await assertPatientKnown(registryPatientExists(ctx), patientUhid);
    return getPreferences(ctx.db, patientUhid);
  }

  @Authorized("notifications:preferences")
  @Mutation(() => NotificationPreferences, { nullable: true, description: "Sets channels, contact points, language, consent, quiet hours; patients set their own." })
  async setNotificationPreferences(
    @Arg("patientUhid", () => String, { description: "UHID of the patient (404 when unknown; a patient may set only their own)." }) patientUhid: string,
    @Arg("input", () => NotificationPreferencesInput, { description: "The changes: fields left out keep their value." }) input: NotificationPreferencesInput,
    @Ctx() ctx: SubgraphContext,
  ): Promise<NotificationPreferences> {
    assertPatientAccess(ctx.principal, patientUhid, "notifications:preferences");
    await assertPatientKnown(registryPatientExists(ctx), patientUhid);
    return setPreferences(ctx.db, patientUhid, input);
  }
}
