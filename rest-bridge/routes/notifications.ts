import type { RouteDef } from "../route.js";

const triggers = "/api/v1/triggers";
const notifications = "/api/v1/notifications";
const tag = "notifications";

export const notificationRoutes: RouteDef[] = [
  { method: "POST", path: `${triggers}/appointment-reminder/`, operation: "TriggerAppointmentReminder", result: "triggerAppointmentReminder", body: { variable: "input" }, tag, summary: "Appointment reminder to a patient via preferred channels", idempotent: true },
  { method: "POST", path: `${triggers}/lab-result/`, operation: "TriggerLabResult", result: "triggerLabResult", body: { variable: "input" }, tag, summary: "Tell a patient that lab results are ready", idempotent: true },
  { method: "POST", path: `${triggers}/critical-alert/`, operation: "TriggerCriticalAlert", result: "triggerCriticalAlert", body: { variable: "input" }, tag, summary: "Urgent critical lab value alert to both patient and provider (bypasses quiet hours and consent)", idempotent: true },
  { method: "POST", path: `${triggers}/prescription-ready/`, operation: "TriggerPrescriptionReady", result: "triggerPrescriptionReady", body: { variable: "input" }, tag, summary: "Tell a patient that a prescription is ready", idempotent: true },
  { method: "POST", path: `${triggers}/delivery-status/`, operation: "TriggerDeliveryStatus", result: "triggerDeliveryStatus", body: { variable: "input" }, tag, summary: "Delivery status update to a patient", idempotent: true },
  { method: "POST", path: `${triggers}/care-plan-update/`, operation: "TriggerCarePlanUpdate", result: "triggerCarePlanUpdate", body: { variable: "input" }, tag, summary: "Care plan update notification", idempotent: true },
  { method: "POST", path: `${triggers}/payment-reminder/`, operation: "TriggerPaymentReminder", result: "triggerPaymentReminder", body: { variable: "input" }, tag, summary: "Payment reminder", idempotent: true },
  { method: "POST", path: `${notifications}/send/`, operation: "SendNotification", result: "sendNotification", body: { variable: "input" }, tag, summary: "Send a templated message to a phone number or e-mail address (used by the pharmacy)", idempotent: true },
  { method: "GET", path: `${notifications}/`, operation: "ListNotifications", result: "notifications", paginated: true, envelopeExtras: ["next_cursor"], query: { patient_uhid: "patientUhid", status: "status", channel: "channel", recipient_type: "recipientType", date_from: "dateFrom", date_to: "dateTo", after: "after" }, tag, summary: "List notifications, newest first; filters status, channel, patient, date" },
  { method: "GET", path: `${notifications}/costs/`, operation: "NotificationCostSummary", result: "notificationCostSummary", query: { patient_uhid: "patientUhid", date_from: "dateFrom", date_to: "dateTo" }, tag, summary: "Cost per channel of messages handed to a provider" },
  { method: "GET", path: `${notifications}/templates/`, operation: "ListNotificationTemplates", result: "notificationTemplates", paginated: true, query: { category: "category", channel: "channel", search: "search" }, tag, summary: "Message templates with their channels, languages and required/optional parameters (generic sends a free message)" },
  { method: "GET", path: `${notifications}/preferences/{patient_uhid}/`, operation: "GetNotificationPreferences", result: "notificationPreferences", tag, summary: "A patient's notification preferences" },
  { method: "PUT", path: `${notifications}/preferences/{patient_uhid}/`, operation: "SetNotificationPreferences", result: "setNotificationPreferences", body: { variable: "input" }, tag, summary: "Set channels, contact points, language, consent and quiet hours" },
  { method: "GET", path: `${notifications}/providers/{provider_id}/`, operation: "GetProviderContact", result: "providerContact", tag, summary: "Where a provider receives alerts" },
  { method: "PUT", path: `${notifications}/providers/{provider_id}/`, operation: "SetProviderContact", result: "setProviderContact", body: { variable: "input" }, tag, summary: "Set where a provider receives alerts" },
  { method: "GET", path: `${notifications}/{notification_id}/`, operation: "GetNotification", result: "notification", params: { notification_id: "id" }, tag, summary: "Notification detail with its delivery events" },
  { method: "POST", path: `${notifications}/{notification_id}/cancel/`, operation: "CancelNotification", result: "cancelNotification", params: { notification_id: "id" }, query: { reason: "reason" }, tag, summary: "Cancel a PENDING notification (`reason` optional)", errors: [409] },
];
