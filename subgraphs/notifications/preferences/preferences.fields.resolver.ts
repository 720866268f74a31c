import type { GraphQLResolveInfo } from "graphql";
import { Ctx, FieldResolver, Info, Resolver, Root } from "type-graphql";
import type { SubgraphContext } from "../../../lib/context.js";
import { auditPreferencesRead, type PreferenceContactField } from "./preferences-read-audit.js";
import { NotificationPreferences } from "./preferences.type.js";

/**
 * The contact details of a patient's preferences. They are resolved here, on the fields, so every path
 * that returns preferences (`notificationPreferences`, the echo of `setNotificationPreferences`,
 * `Patient.notificationPreferences`) audits a staff read of them, as the registry does its own; a
 * selection without them (`notificationPreferences { channels }`) reads no contact and records nothing.
 * No rate limit here: the query or field that reached the preferences took one unit.
 */
@Resolver(() => NotificationPreferences)
export class PreferencesFieldsResolver {
  @FieldResolver(() => String, { nullable: true, description: "Phone number for SMS, international form (e.g. +256772000111); null when none: SMS then goes to the phone of the patient's registration, if any. A staff read is audited." })
  phone(@Root() p: NotificationPreferences, @Ctx() ctx: SubgraphContext, @Info() info: GraphQLResolveInfo): Promise<string | null> {
    return readContact(p, "phone", ctx, info);
  }

  @FieldResolver(() => String, { nullable: true, description: "E-mail address; null when none: EMAIL then goes to the e-mail of the patient's registration, if any. A staff read is audited." })
  email(@Root() p: NotificationPreferences, @Ctx() ctx: SubgraphContext, @Info() info: GraphQLResolveInfo): Promise<string | null> {
    return readContact(p, "email", ctx, info);
  }

  @FieldResolver(() => String, { nullable: true, description: "Device token for push notifications; null when none (PUSH is then skipped). A staff read is audited." })
  pushToken(@Root() p: NotificationPreferences, @Ctx() ctx: SubgraphContext, @Info() info: GraphQLResolveInfo): Promise<string | null> {
    return readContact(p, "pushToken", ctx, info);
  }

  @FieldResolver(() => String, { nullable: true, description: "Messaging-app (WhatsApp) phone number. A staff read is audited." })
  messagingAppId(@Root() p: NotificationPreferences, @Ctx() ctx: SubgraphContext, @Info() info: GraphQLResolveInfo): Promise<string | null> {
    return readContact(p, "messagingAppId", ctx, info);
  }
}

/** The value, once its read is recorded (a patient's read of their own is not). */
async function readContact(p: NotificationPreferences, field: PreferenceContactField, ctx: SubgraphContext, info: GraphQLResolveInfo): Promise<string | null> {
  await auditPreferencesRead(ctx, p.patientUhid, field, info);
  return p[field];
}
