import { IsIn, IsOptional, Matches, MaxLength } from "class-validator";
import { Field, ID, InputType, Int, ObjectType } from "type-graphql";
import { JSONObjectScalar, LocalDateScalar } from "../../../lib/federation.js";
import { Decimal } from "../../../lib/money.js";

/** Required strings must hold something other than blanks. */
const NotBlank = () => Matches(/\S/, { message: "must not be empty" });
const Short = () => MaxLength(200, { message: "must be at most 200 characters" });
const Long = () => MaxLength(1000, { message: "must be at most 1000 characters" });

/** Spec, delivery-status request: delivery_type is one of these. */
export const DELIVERY_TYPES = ["medication", "specimen", "equipment"] as const;

/** Spec: appointment-reminder request. */
@InputType({ description: "Spec, appointment-reminder request. Required strings must not be blank; strings are at most 200 characters (notes 1000)." })
export class AppointmentReminderInput {
  @Field(() => String, { description: "UHID of the patient to notify (404 when not registered)." }) @NotBlank() @Short() patientUhid!: string;
  @Field(() => String, { description: "Id of the appointment, shown as the reference in the message; the notification's referenceId." }) @NotBlank() @Short() appointmentId!: string;
  @Field(() => String, { description: "Who the appointment is with, as shown in the message." }) @NotBlank() @Short() providerName!: string;
  @Field(() => String, { description: "Where the appointment is, as shown in the message." }) @NotBlank() @Short() facilityName!: string;
  @Field(() => Date, { description: "ISO 8601 date-time; shown in the patient's time zone." }) appointmentDate!: Date;
  @Field(() => String, { nullable: true, description: "Kind of appointment, shown in the message when given." }) @IsOptional() @Short() appointmentType?: string;
  @Field(() => String, { nullable: true, description: "Additional notes for the patient." }) @IsOptional() @Long() notes?: string;
}

/** Spec: lab-result request. */
@InputType({ description: "Spec, lab-result request: all fields are required, non-blank strings of at most 200 characters." })
export class LabResultInput {
  @Field(() => String, { description: "UHID of the patient to notify (404 when not registered)." }) @NotBlank() @Short() patientUhid!: string;
  @Field(() => String, { description: "Id of the result (observation); the notification's referenceId." }) @NotBlank() @Short() observationId!: string;
  @Field(() => String, { description: "Name of the test, as shown to the patient." }) @NotBlank() @Short() testName!: string;
  @Field(() => String, { description: "Ordering provider name." }) @NotBlank() @Short() orderedBy!: string;
  @Field(() => String, { description: "Lab facility." }) @NotBlank() @Short() facilityName!: string;
}

/** Spec: critical-alert request (all fields required strings). */
@InputType({ description: "Spec, critical-alert request: required non-blank strings of at most 200 characters; facilityId is ours and optional." })
export class CriticalAlertInput {
  @Field(() => String, { description: "UHID of the patient (404 when not registered; the alert still goes out when the registry cannot be asked)." }) @NotBlank() @Short() patientUhid!: string;
  @Field(() => String, { description: "Provider to notify." }) @NotBlank() @Short() providerId!: string;
  @Field(() => String, { description: "Id of the critical result (observation), shown to the provider; the notifications' referenceId." }) @NotBlank() @Short() observationId!: string;
  @Field(() => String, { description: "Name of the test, shown to the patient and the provider." }) @NotBlank() @Short() testName!: string;
  @Field(() => String, { description: "The critical value, as a string." }) @NotBlank() @Short() value!: string;
  @Field(() => String, { description: "Unit of the value, shown to the provider." }) @NotBlank() @Short() unit!: string;
  @Field(() => String, { description: "Reference range as text, shown to the provider." }) @NotBlank() @Short() referenceRange!: string;
  @Field(() => String, { description: "Used for the provider message." }) @NotBlank() @Short() patientName!: string;
  @Field(() => String, { nullable: true, description: "Facility whose on-call contact (provider id on-call:<facility_id>) is alerted when the provider has no contact on file; the default on-call contact otherwise." }) @IsOptional() @Short() facilityId?: string;
}

/** Spec: prescription-ready request. */
@InputType({ description: "Spec, prescription-ready request. Required strings must not be blank; strings are at most 200 characters (instructions 1000)." })
export class PrescriptionReadyInput {
  @Field(() => String, { description: "UHID of the patient to notify (404 when not registered)." }) @NotBlank() @Short() patientUhid!: string;
  @Field(() => String, { description: "Id of the prescription; the notification's referenceId." }) @NotBlank() @Short() prescriptionId!: string;
  @Field(() => String, { description: "Name of the medication, as shown in the message." }) @NotBlank() @Short() medicationName!: string;
  @Field(() => String, { description: "Who prescribed it, as shown in the message." }) @NotBlank() @Short() prescriberName!: string;
  @Field(() => String, { description: "Where to collect it, as shown in the message." }) @NotBlank() @Short() facilityName!: string;
  @Field(() => String, { nullable: true, description: "Dosage instructions." }) @IsOptional() @Long() instructions?: string;
}

/** Spec: delivery-status request. */
@InputType({ description: "Spec, delivery-status request. Required strings must not be blank; strings are at most 200 characters." })
export class DeliveryStatusInput {
  @Field(() => String, { description: "UHID of the patient to notify (404 when not registered)." }) @NotBlank() @Short() patientUhid!: string;
  @Field(() => String, { description: "Delivery order id." }) @NotBlank() @Short() deliveryId!: string;
  @Field(() => String, { description: "Delivery status, e.g. out_for_delivery." }) @NotBlank() @Short() status!: string;
  @Field(() => String, { description: "medication, specimen or equipment." })
  @IsIn(DELIVERY_TYPES, { message: `must be one of ${DELIVERY_TYPES.join(", ")}` })
  deliveryType!: string;
  @Field(() => String, { nullable: true, description: "Expected delivery time as text, shown in the message when given." }) @IsOptional() @Short() estimatedTime?: string;
  @Field(() => String, { nullable: true, description: "Courier's name, shown in the message when given." }) @IsOptional() @Short() courierName?: string;
  @Field(() => String, { nullable: true, description: "Courier's phone number, shown in the message when given, in E.164 (a number without country code is read in DEFAULT_PHONE_REGION)." }) @IsOptional() @Short() courierPhone?: string;
}

/**
 * Our design (the spec shows no payload): a care plan changed. Only the patient is required; the
 * message reads naturally with any subset of the rest (docs/decisions/notifications.md).
 */
@InputType({ description: "Care-plan-update request (our design: the spec shows no payload). Only patientUhid is required; strings are at most 200 characters (updateSummary 1000)." })
export class CarePlanUpdateInput {
  @Field(() => String, { description: "UHID of the patient to notify (404 when not registered)." }) @NotBlank() @Short() patientUhid!: string;
  @Field(() => String, { nullable: true, description: "Id of the care plan; the notification's referenceId." }) @IsOptional() @Short() carePlanId?: string;
  @Field(() => String, { nullable: true, description: "Who changed the plan." }) @IsOptional() @Short() providerName?: string;
  @Field(() => String, { nullable: true, description: "What changed, in words for the patient; without it the patient is asked to contact the care team." }) @IsOptional() @Long() updateSummary?: string;
  @Field(() => String, { nullable: true, description: "Facility of the care team, shown in the message when given." }) @IsOptional() @Short() facilityName?: string;
  @Field(() => LocalDateScalar, { nullable: true, description: "YYYY-MM-DD." }) @IsOptional() nextReviewDate?: string;
}

/**
 * Our design (the spec shows no payload): an amount owed is due. Only the patient is required; the
 * message reads naturally with any subset of invoice, amount, currency and due date.
 */
@InputType({ description: "Payment-reminder request (our design: the spec shows no payload). Only patientUhid is required; strings are at most 200 characters (paymentInstructions 1000)." })
export class PaymentReminderInput {
  @Field(() => String, { description: "UHID of the patient to notify (404 when not registered)." }) @NotBlank() @Short() patientUhid!: string;
  @Field(() => String, { nullable: true, description: "Invoice or charge id." }) @IsOptional() @Short() invoiceId?: string;
  @Field(() => Decimal, { nullable: true, description: 'Amount due, e.g. "15000.00" (or amount_due).' }) @IsOptional() amount?: Decimal;
  @Field(() => Decimal, { nullable: true, description: "The same as amount, under the name billing systems often use; give one of them." }) @IsOptional() amountDue?: Decimal;
  @Field(() => String, { nullable: true, description: "ISO 4217 code of the amount; UGX when an amount is given without it." })
  @IsOptional()
  @Matches(/^[A-Z]{3}$/, { message: "must be an ISO 4217 code such as UGX" })
  currency?: string;
  @Field(() => LocalDateScalar, { nullable: true, description: "YYYY-MM-DD." }) @IsOptional() dueDate?: string;
  @Field(() => String, { nullable: true, description: "Where the amount is owed; left out of the message when absent." }) @IsOptional() @Short() facilityName?: string;
  @Field(() => String, { nullable: true, description: "How to pay, e.g. a mobile-money number." }) @IsOptional() @Long() paymentInstructions?: string;
}

/** Spec: notification send request, plus optional fields of ours. */
@InputType({ description: "Spec, notification send request (recipient, template, parameters), plus optional fields of ours." })
export class SendNotificationInput {
  @Field(() => String, { description: "A phone number (SMS) or an e-mail address (EMAIL)." }) @NotBlank() @Short() recipient!: string;
  @Field(() => String, { description: "Template name, e.g. follow_up_reminder, pickup_ready, receipt_email." }) @NotBlank() @Short() template!: string;
  @Field(() => JSONObjectScalar, { nullable: true, description: "String values used by the template." }) @IsOptional() parameters?: Record<string, unknown>;
  @Field(() => String, { nullable: true, description: "Send over this channel instead of the one the address implies (e.g. MESSAGING_APP for a WhatsApp number)." })
  @IsOptional()
  channel?: string;
  @Field(() => String, { nullable: true, description: "The patient concerned: their language, consent and quiet hours apply." }) @IsOptional() @Short() patientUhid?: string;
  @Field(() => String, { nullable: true, description: "en, lg or sw; default the patient's preference, else en." }) @IsOptional() language?: string;
}

@ObjectType({ description: "Answer of a trigger that creates one notification." })
export class TriggerResult {
  @Field(() => Boolean, { description: "True when the message is queued or sent; false when it was recorded but will not be sent (see status_reason)." })
  success!: boolean;
  @Field(() => ID, { description: "Id of the notification (UUID)." }) notificationId!: string;
  @Field(() => String, { description: "NOTIF-<yyyymmdd>-<sequence> (Africa/Kampala business day)." }) notificationNumber!: string;
  @Field(() => String, { description: "Its status (NotificationStatus): PENDING when queued, FAILED without a contact point, CANCELLED without consent; a repeat with the same Idempotency-Key returns the status at that time." }) status!: string;
  @Field(() => String, { nullable: true, description: "Why it has that status when that is not obvious (no consent, no contact point, quiet hours); null otherwise." }) statusReason!: string | null;
  @Field(() => String, { description: "Channel of the first attempt: SMS, EMAIL, PUSH or MESSAGING_APP (SMS when no contact point was found)." }) channel!: string;
}

@ObjectType({ description: "Answer of the critical-alert trigger: one notification to the patient, one to the provider." })
export class CriticalAlertResult {
  @Field(() => Boolean, { description: "True when a clinician alert (to the provider or, failing that, the on-call contact) is queued or sent." }) success!: boolean;
  @Field(() => String, { description: "How the clinician was reached: provider, on_call (the provider had no usable contact) or none." }) clinicianAlert!: string;
  @Field(() => String, { nullable: true, description: "Provider id the clinician alert went to." }) clinicianRecipient!: string | null;
  @Field(() => [String], { description: "What went wrong on the way to the clinician, in words." }) warnings!: string[];
  @Field(() => Int, { description: "Notifications created: 2 (patient, provider), or 3 when the on-call contact was alerted too." }) notificationsCreated!: number;
  @Field(() => [ID], { description: "Their ids (UUID): the patient's first, then the provider's, then the on-call contact's when there is one." }) notificationIds!: string[];
  @Field(() => [String], { description: "Their numbers, in the order of notificationIds." }) notificationNumbers!: string[];
  @Field(() => [String], { description: "Status of each notification, in the order of notificationIds." }) statuses!: string[];
}

@ObjectType({ description: "Answer of the send call." })
export class SendNotificationResult extends TriggerResult {
  @Field(() => Decimal, { description: "What the message costs on its first channel (spec channel table), as a decimal string." }) cost!: string;
  @Field(() => String, { description: "Currency of cost: UGX." }) currency!: string;
}
