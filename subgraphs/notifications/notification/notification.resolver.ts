import { Arg, Args, Authorized, Ctx, FieldResolver, ID, Query, Resolver, Root } from "type-graphql";
import { assertPatientAccess, type SubgraphContext } from "../../../lib/context.js";
import { forbidden } from "../../../lib/errors.js";
import { PageArgs } from "../../../lib/pagination.js";
import { getNotification, getPreferences, listNotifications } from "./notification.service.js";
import { Notification, NotificationPage, NotificationPreferences, Patient } from "./notification.type.js";

@Resolver(() => Notification)
export class NotificationResolver {
  @Authorized("notifications:read")
  @Query(() => NotificationPage, { description: "Notifications, newest first." })
  notifications(
    @Args(() => PageArgs) page: PageArgs,
    @Arg("patientUhid", () => String, { nullable: true }) patientUhid: string | null,
    @Arg("status", () => String, { nullable: true }) status: string | null,
    @Arg("channel", () => String, { nullable: true }) channel: string | null,
    @Ctx() ctx: SubgraphContext,
  ): Promise<NotificationPage> {
    const onlyPatient = ctx.principal.roles.every((r) => r === "patient");
    if (onlyPatient && patientUhid !== ctx.principal.sub) {
      if (patientUhid) throw forbidden("Patients may read only their own notifications");
      patientUhid = ctx.principal.sub;
    }
    return listNotifications(ctx.db, { ...page, patientUhid, status, channel });
  }

  @Authorized("notifications:read")
  @Query(() => Notification)
  async notification(@Arg("id", () => ID) id: string, @Ctx() ctx: SubgraphContext): Promise<Notification> {
    const n = await getNotification(ctx.db, id);
    if (n.patientUhid) assertPatientAccess(ctx.principal, n.patientUhid);
    return n;
  }
}

@Resolver(() => Patient)
export class PatientNotificationsResolver {
  @Authorized("notifications:read")
  @FieldResolver(() => NotificationPage, { description: "Messages sent to this patient, newest first." })
  notifications(@Root() patient: Patient, @Args(() => PageArgs) page: PageArgs, @Ctx() ctx: SubgraphContext): Promise<NotificationPage> {
    assertPatientAccess(ctx.principal, patient.uhid);
    return listNotifications(ctx.db, { ...page, patientUhid: patient.uhid });
  }

  @Authorized("notifications:read")
  @FieldResolver(() => NotificationPreferences)
  notificationPreferences(@Root() patient: Patient, @Ctx() ctx: SubgraphContext): Promise<NotificationPreferences> {
    assertPatientAccess(ctx.principal, patient.uhid);
    return getPreferences(ctx.db, patient.uhid);
  }
}

export const notificationsPatientReference = {
  Patient: { __resolveReference: (ref: { uhid: string }) => ({ uhid: ref.uhid }) },
};
