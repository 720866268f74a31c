import { Directive, Field, ID, Int, ObjectType } from "type-graphql";
import { valueEnum } from "../../../lib/enums.js";
import { Decimal } from "../../../lib/money.js";
import { KeysetPageOf } from "../../../lib/pagination.js";
import { CHANNELS } from "../channels.js";
import { LANGUAGES } from "../templates/templates.js";
import { STATUSES } from "./notification.service.js";

export const Channel = valueEnum("Channel", CHANNELS, "Spec, \"Notification channels\": SMS, e-mail, push, messaging app (WhatsApp).");
export const NotificationStatus = valueEnum("NotificationStatus", STATUSES, "Delivery state of a notification.");
export const RECIPIENT_TYPES = ["patient", "provider", "recipient"] as const;
export const RecipientType = valueEnum("RecipientType", RECIPIENT_TYPES, "Who a notification is for: a patient, a provider, or an address given to the send call.");
export const Language = valueEnum("Language", LANGUAGES, "Template language: English, Luganda, Swahili.");

@ObjectType({ description: "One step of a notification's delivery: a status change, an attempt, a provider answer." })
export class NotificationEvent {
  @Field(() => NotificationStatus, { nullable: true })
  fromStatus!: string | null;

  @Field(() => NotificationStatus)
  toStatus!: string;

  @Field(() => Channel, { nullable: true })
  channel!: string | null;

  @Field(() => Int, { nullable: true })
  attempt!: number | null;

  @Field(() => String, { nullable: true })
  detail!: string | null;

  @Field(() => Date)
  createdAt!: Date;
}

@ObjectType({ description: "A message to a patient, a provider or an address, and its delivery state." })
export class Notification {
  @Field(() => ID)
  id!: string;

  @Field(() => String, { description: "NOTIF-<yyyymmdd>-<sequence> (Africa/Kampala business day)." })
  notificationNumber!: string;

  @Field(() => String, { nullable: true })
  patientUhid!: string | null;

  @Field(() => RecipientType, { description: "patient, provider, or recipient (an address given to the send call)." })
  recipientType!: string;

  @Field(() => String, { nullable: true, description: "Provider notified (critical alerts)." })
  providerId!: string | null;

  @Field(() => String, { description: "Address on the channel: phone number, e-mail address, push token or messaging-app id." })
  recipient!: string;

  @Field(() => Channel, { description: "SMS, EMAIL, PUSH or MESSAGING_APP." })
  channel!: string;

  @Field(() => [Channel], { description: "Channels still to try, in order, if this one fails." })
  fallbackChannels!: string[];

  @Field(() => String)
  template!: string;

  @Field(() => String, { description: "Consent category: appointment, lab_result, critical_alert, prescription, delivery, care_plan, payment, follow_up, receipt." })
  category!: string;

  @Field(() => Boolean, { description: "Critical messages bypass quiet hours and consent." })
  critical!: boolean;

  @Field(() => Language, { description: "Template language used: en, lg or sw." })
  language!: string;

  @Field(() => String, { nullable: true })
  subject!: string | null;

  @Field(() => String)
  body!: string;

  @Field(() => String, { description: "What caused it: a trigger name (critical-alert, ...) or send." })
  source!: string;

  @Field(() => String, { nullable: true, description: "Id of the record it is about (observation, appointment, delivery, ...)." })
  referenceId!: string | null;

  @Field(() => NotificationStatus, { description: "PENDING, PROCESSING, SENT, DELIVERED, FAILED or CANCELLED." })
  status!: string;

  @Field(() => String, { nullable: true, description: "Why it is in this status (no consent, quiet hours, provider error, ...)." })
  statusReason!: string | null;

  @Field(() => Int, { description: "Delivery attempts on the current channel." })
  attempts!: number;

  @Field(() => Date, { description: "Earliest next delivery attempt (end of quiet hours, next retry)." })
  availableAt!: Date;

  @Field(() => String, { nullable: true })
  provider!: string | null;

  @Field(() => String, { nullable: true })
  providerMessageId!: string | null;

  @Field(() => String, { nullable: true })
  lastError!: string | null;

  @Field(() => Decimal, { description: "What the channel charges for this message (spec channel table)." })
  cost!: string;

  @Field(() => String)
  currency!: string;

  @Field(() => Date, { nullable: true })
  sentAt!: Date | null;

  @Field(() => Date, { nullable: true })
  deliveredAt!: Date | null;

  @Field(() => Date)
  createdAt!: Date;

  @Field(() => Date)
  updatedAt!: Date;
}

@ObjectType()
export class NotificationPage extends KeysetPageOf(Notification) {}

@ObjectType()
export class ChannelCost {
  @Field(() => Channel)
  channel!: string;

  @Field(() => Int, { description: "Messages handed to the provider (SENT or DELIVERED)." })
  count!: number;

  @Field(() => Decimal)
  unitCost!: string;

  @Field(() => Decimal)
  total!: string;
}

@ObjectType({ description: "What messages cost, per channel; only messages handed to a provider are charged." })
export class NotificationCostSummary {
  @Field(() => [ChannelCost])
  channels!: ChannelCost[];

  @Field(() => Int)
  count!: number;

  @Field(() => Decimal)
  total!: string;

  @Field(() => String)
  currency!: string;
}

/** The clinical subgraph owns Patient; notifications adds the patient's messages and preferences. */
@ObjectType()
@Directive('@key(fields: "uhid")')
export class Patient {
  @Field(() => ID)
  uhid!: string;
}
