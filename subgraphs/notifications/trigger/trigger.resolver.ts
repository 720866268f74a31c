import { Arg, Authorized, Ctx, Mutation, Resolver, UseMiddleware } from "type-graphql";
import type { SubgraphContext } from "../../../lib/context.js";
import { RateLimit } from "../../../lib/rate-limit.js";
import { registryContactLookup, registryPatientExists } from "../notification/registry-contact.js";
import * as triggers from "./trigger.service.js";
import {
  AppointmentReminderInput,
  CarePlanUpdateInput,
  CriticalAlertInput,
  CriticalAlertResult,
  DeliveryStatusInput,
  LabResultInput,
  PaymentReminderInput,
  PrescriptionReadyInput,
  SendNotificationInput,
  SendNotificationResult,
  TriggerResult,
} from "./trigger.type.js";

const call = (ctx: SubgraphContext): triggers.TriggerCall => ({
  db: ctx.db,
  principal: ctx.principal,
  idempotencyKey: ctx.idempotencyKey,
  registryContact: registryContactLookup(ctx),
  patientExists: registryPatientExists(ctx),
});

/** Spec, "Notification trigger endpoints" and the pharmacy's send call. Writes are mutations. */
@Resolver()
@UseMiddleware(RateLimit("notifications"))
export class TriggerResolver {
  @Authorized("notifications:trigger")
  @Mutation(() => TriggerResult, { nullable: true, description: "Appointment reminder to a patient via preferred channels." })
  triggerAppointmentReminder(@Arg("input", () => AppointmentReminderInput, { description: "The appointment and the patient to remind." }) input: AppointmentReminderInput, @Ctx() ctx: SubgraphContext): Promise<TriggerResult> {
    return triggers.triggerAppointmentReminder(call(ctx), input);
  }

  @Authorized("notifications:trigger-lab")
  @Mutation(() => TriggerResult, { nullable: true, description: "Tell a patient that lab results are ready." })
  triggerLabResult(@Arg("input", () => LabResultInput, { description: "The result and the patient to tell." }) input: LabResultInput, @Ctx() ctx: SubgraphContext): Promise<TriggerResult> {
    return triggers.triggerLabResult(call(ctx), input);
  }

  @Authorized("notifications:trigger-lab")
  @Mutation(() => CriticalAlertResult, { nullable: true, description: "Urgent critical lab value alert to the patient and the provider; bypasses quiet hours and consent." })
  triggerCriticalAlert(@Arg("input", () => CriticalAlertInput, { description: "The critical result, the patient and the provider to alert." }) input: CriticalAlertInput, @Ctx() ctx: SubgraphContext): Promise<CriticalAlertResult> {
    return triggers.triggerCriticalAlert(call(ctx), input);
  }

  @Authorized("notifications:trigger")
  @Mutation(() => TriggerResult, { nullable: true, description: "Tell a patient that a prescription is ready." })
  triggerPrescriptionReady(@Arg("input", () => PrescriptionReadyInput, { description: "The prescription and the patient to tell." }) input: PrescriptionReadyInput, @Ctx() ctx: SubgraphContext): Promise<TriggerResult> {
    return triggers.triggerPrescriptionReady(call(ctx), input);
  }

  @Authorized("notifications:trigger")
  @Mutation(() => TriggerResult, { nullable: true, description: "Delivery status update to a patient." })
  triggerDeliveryStatus(@Arg("input", () => DeliveryStatusInput, { description: "The delivery and the patient to tell." }) input: DeliveryStatusInput, @Ctx() ctx: SubgraphContext): Promise<TriggerResult> {
    return triggers.triggerDeliveryStatus(call(ctx), input);
  }

  @Authorized("notifications:trigger")
  @Mutation(() => TriggerResult, { nullable: true, description: "Care plan update notification to a patient." })
  triggerCarePlanUpdate(@Arg("input", () => CarePlanUpdateInput, { description: "The care plan change and the patient to tell." }) input: CarePlanUpdateInput, @Ctx() ctx: SubgraphContext): Promise<TriggerResult> {
    return triggers.triggerCarePlanUpdate(call(ctx), input);
  }

  @Authorized("notifications:trigger")
  @Mutation(() => TriggerResult, { nullable: true, description: "Payment reminder to a patient." })
  triggerPaymentReminder(@Arg("input", () => PaymentReminderInput, { description: "The amount owed and the patient to remind." }) input: PaymentReminderInput, @Ctx() ctx: SubgraphContext): Promise<TriggerResult> {
    return triggers.triggerPaymentReminder(call(ctx), input);
  }

  @Authorized("notifications:send")
  @Mutation(() => SendNotificationResult, { nullable: true, description: "Send a templated message to a phone number or e-mail address (used by the pharmacy)." })
  sendNotification(@Arg("input", () => SendNotificationInput, { description: "The address, the template and its parameters." }) input: SendNotificationInput, @Ctx() ctx: SubgraphContext): Promise<SendNotificationResult> {
    return triggers.sendNotification(call(ctx), input);
  }
}
