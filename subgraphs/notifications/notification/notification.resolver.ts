import type { GraphQLResolveInfo } from "graphql";
import { Arg, Args, Authorized, Ctx, FieldResolver, ID, Info, Mutation, Query, Resolver, Root, UseMiddleware } from "type-graphql";
import { assertPatientAccess, type SubgraphContext } from "../../../lib/context.js";
import { listSelection } from "../../../lib/page-query.js";
import { PageArgs } from "../../../lib/pagination.js";
import { RateLimit } from "../../../lib/rate-limit.js";
import { requestLoader } from "../../../lib/request-loader.js";
import { preferencesOfPatients } from "../preferences/preferences.service.js";
import { NotificationPreferences } from "../preferences/preferences.type.js";
import { cancelNotification, costSummary, eventsOfNotifications, getNotification, listNotifications } from "./notification.service.js";
import { Channel, Notification, NotificationCostSummary, NotificationEvent, NotificationPage, NotificationStatus, Patient, RecipientType } from "./notification.type.js";

/** The `after` argument of both notification lists (top-level and `Patient.notifications`). */
const AFTER_ARG = { nullable: true, description: "nextCursor of the previous page: the notifications after it, without OFFSET (deep walks)." } as const;

/** The date filters of the list and of the cost summary (notification.service.ts, dateBounds). */
const DATE_FROM = "Created at or after: an ISO 8601 date (from 00:00 UTC) or date-time.";
const DATE_TO = "Created before: an ISO 8601 date includes that whole day (UTC); a date-time is the exclusive end.";

@Resolver(() => Notification)
@UseMiddleware(RateLimit("notifications"))
export class NotificationResolver {
  @Authorized("notifications:read")
  @Query(() => NotificationPage, { description: "Notifications, newest first. Dates are ISO dates (whole day) or date-times." })
  notifications(
    @Args(() => PageArgs) page: PageArgs,
    @Arg("patientUhid", () => String, { nullable: true, description: "Only this patient's notifications (an unknown UHID gives an empty page). A patient caller sees only their own (another UHID is 403)." }) patientUhid: string | null,
    @Arg("status", () => NotificationStatus, { nullable: true, description: "Only notifications in this status." }) status: string | null,
    @Arg("channel", () => Channel, { nullable: true, description: "Only notifications on this channel (the channel currently tried)." }) channel: string | null,
    @Arg("recipientType", () => RecipientType, { nullable: true, description: "Only notifications to this kind of recipient." }) recipientType: string | null,
    @Arg("dateFrom", () => String, { nullable: true, description: DATE_FROM }) dateFrom: string | null,
    @Arg("dateTo", () => String, { nullable: true, description: DATE_TO }) dateTo: string | null,
    @Arg("after", () => String, AFTER_ARG) after: string | null,
    @Ctx() ctx: SubgraphContext,
    @Info() info: GraphQLResolveInfo,
  ): Promise<NotificationPage> {
    return listNotifications(ctx.db, ctx.principal, { ...page, patientUhid, status, channel, recipientType, dateFrom, dateTo, after, ...listSelection(info) });
  }

  @Authorized("notifications:read")
  @Query(() => Notification, { description: "One notification with its delivery events (404 for an unknown id). Physicians, nurses, services, auditors and admins; a patient only messages addressed to them." })
  notification(@Arg("id", () => ID, { description: "Notification id (UUID)." }) id: string, @Ctx() ctx: SubgraphContext): Promise<Notification> {
    return getNotification(ctx.db, ctx.principal, id);
  }

  @Authorized("notifications:costs")
  @Query(() => NotificationCostSummary, { description: "Cost per channel of messages handed to a provider (SENT or DELIVERED)." })
  notificationCostSummary(
    @Arg("patientUhid", () => String, { nullable: true, description: "Only this patient's messages." }) patientUhid: string | null,
    @Arg("dateFrom", () => String, { nullable: true, description: DATE_FROM }) dateFrom: string | null,
    @Arg("dateTo", () => String, { nullable: true, description: DATE_TO }) dateTo: string | null,
    @Ctx() ctx: SubgraphContext,
  ): Promise<NotificationCostSummary> {
    return costSummary(ctx.db, ctx.principal, { patientUhid, dateFrom, dateTo });
  }

  @Authorized("notifications:manage")
  @Mutation(() => Notification, { nullable: true, description: "Cancels a PENDING notification (409 in any other status)." })
  cancelNotification(
    @Arg("id", () => ID, { description: "Notification id (UUID)." }) id: string,
    @Arg("reason", () => String, { nullable: true, description: "Why; recorded as its status reason (default: cancelled by <caller>)." }) reason: string | null,
    @Ctx() ctx: SubgraphContext,
  ): Promise<Notification> {
    return cancelNotification(ctx.db, ctx.principal, id, reason);
  }

  @FieldResolver(() => [NotificationEvent], { description: "Delivery timeline: status changes, attempts, provider answers." })
  events(@Root() n: Notification, @Ctx() ctx: SubgraphContext): Promise<NotificationEvent[]> {
    // A list's events in one statement (lib/request-loader.ts), not one per notification.
    return requestLoader(ctx, eventsOfNotifications).load(n.id);
  }
}

@Resolver(() => Patient)
export class PatientNotificationsResolver {
  @Authorized("notifications:read")
  @FieldResolver(() => NotificationPage, { description: "Messages sent to this patient, newest first." })
  notifications(
    @Root() patient: Patient,
    @Args(() => PageArgs) page: PageArgs,
    @Arg("after", () => String, AFTER_ARG) after: string | null,
    @Ctx() ctx: SubgraphContext,
    @Info() info: GraphQLResolveInfo,
  ): Promise<NotificationPage> {
    assertPatientAccess(ctx.principal, patient.uhid, "notifications:read");
    return listNotifications(ctx.db, ctx.principal, { ...page, patientUhid: patient.uhid, recipientType: "patient", after, ...listSelection(info) });
  }

  // Preferences hold the patient's phone and e-mail: for those who may set them, not every notifications reader (auditors).
  @Authorized("notifications:preferences")
  @FieldResolver(() => NotificationPreferences, { description: "How and when the patient wants to be reached (the defaults when none are stored); holds contact details, so physicians, nurses, services and the patient themself." })
  notificationPreferences(@Root() patient: Patient, @Ctx() ctx: SubgraphContext): Promise<NotificationPreferences> {
    assertPatientAccess(ctx.principal, patient.uhid, "notifications:preferences");
    return requestLoader(ctx, preferencesOfPatients).load(patient.uhid);
  }
}

export const notificationsPatientReference = {
  Patient: { __resolveReference: (ref: { uhid: string }) => ({ uhid: ref.uhid }) },
};
