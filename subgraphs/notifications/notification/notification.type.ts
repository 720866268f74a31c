import { Directive, Field, ID, Int, ObjectType } from "type-graphql";
import { Decimal } from "../../../lib/money.js";
import { PageOf } from "../../../lib/pagination.js";

@ObjectType()
export class Notification {
  @Field(() => ID)
  id!: string;

  @Field(() => String, { description: "NOTIF-<yyyymmdd>-<sequence>." })
  notificationNumber!: string;

  @Field(() => String, { nullable: true })
  patientUhid!: string | null;

  @Field(() => String, { description: "patient or provider." })
  recipientType!: string;

  @Field(() => String, { description: "SMS, EMAIL, PUSH or MESSAGING_APP." })
  channel!: string;

  @Field(() => String)
  template!: string;

  @Field(() => String, { description: "PENDING, PROCESSING, SENT, DELIVERED, FAILED or CANCELLED." })
  status!: string;

  @Field(() => Int)
  attempts!: number;

  @Field(() => Decimal, { description: "What the channel charges for this message." })
  cost!: string;

  @Field(() => String)
  currency!: string;

  @Field(() => Date)
  createdAt!: Date;
}

@ObjectType()
export class NotificationPage extends PageOf(Notification) {}

@ObjectType()
export class NotificationPreferences {
  @Field(() => [String], { description: "Preferred channels, most preferred first." })
  channels!: string[];

  @Field(() => String, { description: "Template language: en, lg or sw." })
  language!: string;

  @Field(() => String, { nullable: true, description: "Start of quiet hours, HH:MM local time." })
  quietHoursStart!: string | null;

  @Field(() => String, { nullable: true })
  quietHoursEnd!: string | null;

  @Field(() => String, { description: "IANA time zone, default Africa/Kampala." })
  timeZone!: string;
}

/** The clinical subgraph owns Patient; notifications adds the patient's messages and preferences. */
@ObjectType()
@Directive('@key(fields: "uhid")')
export class Patient {
  @Field(() => ID)
  uhid!: string;
}
