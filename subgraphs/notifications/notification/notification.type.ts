import { Directive, Field, ID, Int, ObjectType } from "type-graphql";
import { valueEnum } from "../../../lib/enums.js";
import { Decimal } from "../../../lib/money.js";
import { KeysetPageOf } from "../../../lib/pagination.js";
import { CHANNELS } from "../channels.js";
import { LANGUAGES } from "../templates/templates.js";
import { STATUSES } from "./notification.service.js";

export const Channel = valueEnum("Channel", CHANNELS, "Spec, \"Notification channels\": SMS, e-mail, push, messaging app (WhatsApp).", {
  SMS: "Text message to a phone number; 80 UGX a message.",
  EMAIL: "E-mail to an address; 20 UGX a message.",
  PUSH: "Mobile push notification to a device token; free.",
  MESSAGING_APP: "Message in a messaging app (WhatsApp) to its phone number; 200 UGX a message.",
});
export const NotificationStatus = valueEnum("NotificationStatus", STATUSES, "Delivery state of a notification.", {
  PENDING: "Queued for a delivery worker: new, waiting for the end of quiet hours, or waiting for a retry or a fallback channel.",
  PROCESSING: "Held by a delivery worker that is sending it.",
  SENT: "Handed to the delivery provider; no delivery receipt yet.",
  DELIVERED: "The provider confirmed delivery. Final.",
  FAILED: "Not delivered: no contact point, or every channel failed. Final.",
  CANCELLED: "Cancelled before it was sent (by a user, or recorded without the patient's consent). Final.",
});
export const RECIPIENT_TYPES = ["patient", "provider", "recipient"] as const;
export const RecipientType = valueEnum("RecipientType", RECIPIENT_TYPES, "Who a notification is for: a patient, a provider, or an address given to the send call.", {
  patient: "The patient named by patientUhid, at their preferred channels or their registered phone or e-mail (also a send call to one of those addresses).",
  provider: "A provider (clinician) named by providerId, at their provider contact: the clinician's copy of a critical alert.",
  recipient: "A phone number or e-mail address given to the send call that is not the patient's own (a carer's, say), or with no patient named.",
});
export const Language = valueEnum("Language", LANGUAGES, "Template language: English, Luganda, Swahili.", {
  en: "English: the reference text, and the fallback when a template has no text in the wanted language.",
  lg: "Luganda (draft texts, to be reviewed by native-speaking clinical staff).",
  sw: "Swahili (draft texts, to be reviewed by native-speaking clinical staff).",
});

@ObjectType({ description: "One step of a notification's delivery: a status change, an attempt, a provider answer." })
export class NotificationEvent {
  @Field(() => NotificationStatus, { nullable: true, description: "Status before the event; null for the event that created the notification." })
  fromStatus!: string | null;

  @Field(() => NotificationStatus, { description: "Status after the event (the same as fromStatus when a provider receipt changed nothing)." })
  toStatus!: string;

  @Field(() => Channel, { nullable: true, description: "The channel in use when the event happened." })
  channel!: string | null;

  @Field(() => Int, { nullable: true, description: "Delivery attempt on that channel, from 1, for events about an attempt; null for others (creation, cancellation, receipts)." })
  attempt!: number | null;

  @Field(() => String, { nullable: true, description: "What happened, in words: the worker that claimed it, the provider's answer or error, a retry or fallback, a cancellation reason." })
  detail!: string | null;

  @Field(() => Date, { description: "When the event was recorded." })
  createdAt!: Date;
}

@ObjectType({ description: "A message to a patient, a provider or an address, and its delivery state." })
export class Notification {
  @Field(() => ID, { description: "Notification id (UUID)." })
  id!: string;

  @Field(() => String, { description: "NOTIF-<yyyymmdd>-<sequence> (Africa/Kampala business day)." })
  notificationNumber!: string;

  @Field(() => String, { nullable: true, description: "UHID of the patient the message is to or about; null when a send call named no patient." })
  patientUhid!: string | null;

  @Field(() => RecipientType, { description: "patient (the patient at their own preferred or registered contact point, also when the send call named it), provider, or recipient (an address given to the send call that is not the patient's own)." })
  recipientType!: string;

  @Field(() => String, { nullable: true, description: "Provider notified (critical alerts)." })
  providerId!: string | null;

  @Field(() => String, { description: "Address on the channel: phone number, e-mail address, push token or messaging-app id." })
  recipient!: string;

  @Field(() => Channel, { description: "SMS, EMAIL, PUSH or MESSAGING_APP." })
  channel!: string;

  @Field(() => [Channel], { description: "Channels still to try, in order, if this one fails." })
  fallbackChannels!: string[];

  @Field(() => String, { description: "Name of the template it was rendered from (see notificationTemplates)." })
  template!: string;

  @Field(() => String, { description: "Consent category: appointment, lab_result, critical_alert, prescription, delivery, care_plan, payment, follow_up, receipt or general." })
  category!: string;

  @Field(() => Boolean, { description: "Critical messages bypass quiet hours and consent." })
  critical!: boolean;

  @Field(() => Language, { description: "Template language used: en, lg or sw." })
  language!: string;

  @Field(() => String, { nullable: true, description: "Subject line as rendered: the e-mail subject, the push title and the messaging app's bold first line (SMS sends the body only)." })
  subject!: string | null;

  @Field(() => String, { description: "The message text as rendered for its channel and language. Holds health data." })
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

  @Field(() => String, { nullable: true, description: "Delivery provider that last handled it: africastalking, smtp, fcm, whatsapp or development; null before the first attempt." })
  provider!: string | null;

  @Field(() => String, { nullable: true, description: "The provider's id for the message, set when it was handed over (SENT); delivery receipts are matched on it." })
  providerMessageId!: string | null;

  @Field(() => String, { nullable: true, description: "Last delivery error reported by the provider or the worker; null when there is none (cleared when the message is sent)." })
  lastError!: string | null;

  @Field(() => Decimal, { description: "What the channel charges for this message (spec channel table)." })
  cost!: string;

  @Field(() => String, { description: "Currency of cost: UGX." })
  currency!: string;

  @Field(() => Date, { nullable: true, description: "When it was handed to the provider; null until then." })
  sentAt!: Date | null;

  @Field(() => Date, { nullable: true, description: "When the provider confirmed delivery; null until then." })
  deliveredAt!: Date | null;

  @Field(() => Date, { description: "When it was created by a trigger or the send call." })
  createdAt!: Date;

  @Field(() => Date, { description: "When it last changed." })
  updatedAt!: Date;
}

@ObjectType({ description: "A page of notifications, newest first; nextCursor continues after its last row." })
export class NotificationPage extends KeysetPageOf(Notification) {}

@ObjectType({ description: "What one channel's charged messages cost." })
export class ChannelCost {
  @Field(() => Channel, { description: "The channel." })
  channel!: string;

  @Field(() => Int, { description: "Messages handed to the provider (SENT or DELIVERED)." })
  count!: number;

  @Field(() => Decimal, { description: "What one message on this channel costs, in UGX (spec channel table)." })
  unitCost!: string;

  @Field(() => Decimal, { description: "Cost of this channel's charged messages, in UGX." })
  total!: string;
}

@ObjectType({ description: "What messages cost, per channel; only messages handed to a provider are charged." })
export class NotificationCostSummary {
  @Field(() => [ChannelCost], { description: "One entry per channel, all four, with zero counts where nothing was charged." })
  channels!: ChannelCost[];

  @Field(() => Int, { description: "Charged messages (SENT or DELIVERED) over all channels." })
  count!: number;

  @Field(() => Decimal, { description: "Cost over all channels." })
  total!: string;

  @Field(() => String, { description: "Currency of every amount: UGX." })
  currency!: string;
}

/** The clinical subgraph owns Patient; notifications adds the patient's messages and preferences. */
@ObjectType({ description: "A patient, identified across the platform by the UHID." })
@Directive('@key(fields: "uhid")')
export class Patient {
  @Field(() => ID, { description: "Unique patient health identifier." })
  uhid!: string;
}
