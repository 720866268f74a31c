import { eq } from "drizzle-orm";
import type { Principal } from "../../../lib/auth.js";
import type { Db } from "../../../lib/db.js";
import { mayUse } from "../../../lib/access.js";
import { fieldError, FieldErrorCollector, forbidden } from "../../../lib/errors.js";
import { formatMoney } from "../../../lib/money.js";
import { defaultPhoneRegion, phoneField } from "../../../lib/phone.js";
import { channelForAddress, isChannel, normalizeMobile, normalizePhone, isEmail, NOT_A_MOBILE, type ContactPoints } from "../channels.js";
import { Counter } from "prom-client";
import { metrics } from "../../../lib/observability.js";
import { preferences, providerContacts } from "../db/tables.js";
import { canonical, deliveryTargets, enqueueNotifications, patientsNeedingRegistryContacts, type EnqueueRequest, type MessageSpec, type NotificationRow } from "../notification/enqueue.js";
import { assertPatientKnown } from "../notification/patient-known.js";
import type { RegistryContactLookup, RegistryPatientExists } from "../notification/registry-contact.js";
import { checkTemplate, isLanguage, label, type Language } from "../templates/templates.js";
import type {
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
import { dateTimeFormat } from "../../../lib/calendar.js";

export interface TriggerCall {
  db: Db;
  principal: Principal;
  idempotencyKey?: string;
  /** Contact points from the patient registry, for channels the patient's preferences have no address on. */
  registryContact?: RegistryContactLookup;
  /** Whether the registry knows a UHID: an unknown patient is a 404 (notification/patient-known.ts). */
  patientExists?: RegistryPatientExists;
}

/** Writes the request's notifications, first looking up registered contacts of patients whose preferences lack a phone or e-mail. */
async function enqueue(call: TriggerCall, r: Omit<EnqueueRequest, "callerSub" | "idempotencyKey">): Promise<NotificationRow[]> {
  const registryContacts: Record<string, ContactPoints> = {};
  if (call.registryContact) {
    for (const uhid of await patientsNeedingRegistryContacts(call.db, r.messages)) {
      const contact = await call.registryContact(uhid);
      if (contact) registryContacts[uhid] = contact;
    }
  }
  return enqueueNotifications(call.db, { ...r, callerSub: call.principal.sub, idempotencyKey: call.idempotencyKey, registryContacts });
}

/** Whether a notification is on its way (queued or sent) rather than recorded as not sendable. */
const onItsWay = (n: NotificationRow) => n.status !== "FAILED" && n.status !== "CANCELLED";

function toTriggerResult(n: NotificationRow): TriggerResult {
  return { success: onItsWay(n), notificationId: n.id, notificationNumber: n.notificationNumber, status: n.status, statusReason: n.statusReason, channel: n.channel };
}

/** The patient's language and time zone, for values formatted before rendering (dates, labels). */
async function patientLocale(db: Db, uhid: string): Promise<{ language: Language; timeZone: string }> {
  const [p] = await db.select({ language: preferences.language, timeZone: preferences.timeZone }).from(preferences).where(eq(preferences.patientUhid, uhid));
  return { language: p && isLanguage(p.language) ? p.language : "en", timeZone: p?.timeZone ?? "Africa/Kampala" };
}

/** Currency of an amount given without one (payment reminders). */
const DEFAULT_CURRENCY = "UGX";

const INTL_LOCALE: Record<Language, string> = { en: "en-GB", sw: "sw", lg: "lg" };

function formatDateTime(at: Date, language: Language, timeZone: string): string {
  const options: Intl.DateTimeFormatOptions = { timeZone, weekday: "short", day: "numeric", month: "short", year: "numeric", hour: "2-digit", minute: "2-digit", hourCycle: "h23" };
  try {
    return dateTimeFormat(INTL_LOCALE[language], options).format(at);
  } catch {
    return dateTimeFormat("en-GB", options).format(at);
  }
}

/** Drops absent optional values so template sections hide them. */
function defined(values: Record<string, string | null | undefined>): Record<string, string> {
  return Object.fromEntries(Object.entries(values).filter((e): e is [string, string] => typeof e[1] === "string" && e[1].trim() !== ""));
}

/**
 * A caller's free text as a sentence of the message: trimmed, a trailing comma, colon or semicolon dropped, and
 * a full stop added when it ends without one, so the template's next words start a new sentence ("Come
 * fasting Ref APT-1" read as one). A text ending in a web address keeps it clean for the phone to link.
 */
export function asSentence(text: string | null | undefined): string | undefined {
  const t = text?.trim().replace(/[\s,;:]+$/u, "");
  if (!t) return undefined;
  return /[.!?…)"'”’]$/u.test(t) || /https?:\/\/\S+$/iu.test(t) ? t : `${t}.`;
}

/**
 * What an Idempotency-Key fingerprints: the caller's request as sent (JSON, so a date is its ISO
 * instant and an amount its decimal string), never the parameters formatted for the patient's
 * language and time zone, which change when the patient's preferences do (decisions: a repeat
 * returns the first call's notifications). Marked, to tell it from payloads stored before.
 */
export function requestFingerprint(input: object): Record<string, unknown> {
  return { fingerprint: "request", request: JSON.parse(JSON.stringify(input)) };
}

/** Parameters derived, in the patient's language, from fields the old payload also holds (status, delivery_type): not compared. */
const DERIVED_LABELS = ["status_text", "delivery_type_text"];

/**
 * Requests stored before the fingerprint was the request as sent held `{ patientUhid, ...parameters }`
 * as formatted then: compare them the same way (minus the derived labels), so their retries still
 * answer with the first call's notifications.
 */
function legacyPayloadMatcher(uhid: string, parameters: Record<string, string>): (stored: Record<string, unknown>) => boolean {
  const withoutLabels = (p: Record<string, unknown>) => Object.fromEntries(Object.entries(p).filter(([k]) => !DERIVED_LABELS.includes(k)));
  const expected = canonical(withoutLabels({ patientUhid: uhid, ...parameters }));
  return (stored) => !("fingerprint" in stored) && canonical(withoutLabels(stored)) === expected;
}

async function triggerOne(call: TriggerCall, kind: string, request: object, uhid: string, templateName: string, parameters: Record<string, string>, referenceId: string | undefined): Promise<TriggerResult> {
  const { template, parameters: checked } = checkTemplate(templateName, parameters);
  await assertPatientKnown(call.patientExists, uhid);
  const [n] = await enqueue(call, {
    kind,
    payload: requestFingerprint(request),
    matchesLegacyPayload: legacyPayloadMatcher(uhid, parameters),
    messages: [{ audience: { kind: "patient", uhid }, template, parameters: checked, referenceId }],
  });
  return toTriggerResult(n);
}

export async function triggerAppointmentReminder(call: TriggerCall, i: AppointmentReminderInput): Promise<TriggerResult> {
  // A reminder of an appointment that has already begun misleads the patient (and is paid for): refused.
  if (!(i.appointmentDate.getTime() > Date.now())) throw fieldError("appointmentDate", "must be in the future: the appointment this reminds of has already begun");
  const { language, timeZone } = await patientLocale(call.db, i.patientUhid);
  const parameters = defined({
    appointment_id: i.appointmentId,
    provider_name: i.providerName,
    facility_name: i.facilityName,
    appointment_date: formatDateTime(i.appointmentDate, language, timeZone),
    appointment_type: i.appointmentType,
    notes: asSentence(i.notes),
  });
  return triggerOne(call, "appointment-reminder", i, i.patientUhid, "appointment_reminder", parameters, i.appointmentId);
}

export function triggerLabResult(call: TriggerCall, i: LabResultInput): Promise<TriggerResult> {
  const parameters = defined({ test_name: i.testName, ordered_by: i.orderedBy, facility_name: i.facilityName, observation_id: i.observationId });
  return triggerOne(call, "lab-result", i, i.patientUhid, "lab_result_ready", parameters, i.observationId);
}

export function triggerPrescriptionReady(call: TriggerCall, i: PrescriptionReadyInput): Promise<TriggerResult> {
  const parameters = defined({
    prescription_id: i.prescriptionId,
    medication_name: i.medicationName,
    prescriber_name: i.prescriberName,
    facility_name: i.facilityName,
    instructions: asSentence(i.instructions),
  });
  return triggerOne(call, "prescription-ready", i, i.patientUhid, "prescription_ready", parameters, i.prescriptionId);
}

export async function triggerDeliveryStatus(call: TriggerCall, i: DeliveryStatusInput): Promise<TriggerResult> {
  const { language } = await patientLocale(call.db, i.patientUhid);
  const status = i.status.trim().toLowerCase();
  // The patient calls this number from the message: one that cannot be dialled is refused, not sent.
  const courierPhone = phoneField(i.courierPhone, "courierPhone", { defaultRegion: defaultPhoneRegion() });
  const parameters = defined({
    delivery_id: i.deliveryId,
    status,
    status_text: label("delivery_status", status, language),
    delivery_type: i.deliveryType,
    delivery_type_text: label("delivery_type", i.deliveryType, language),
    estimated_time: i.estimatedTime,
    courier_name: i.courierName,
    courier_phone: courierPhone,
  });
  return triggerOne(call, "delivery-status", i, i.patientUhid, "delivery_status", parameters, i.deliveryId);
}

export function triggerCarePlanUpdate(call: TriggerCall, i: CarePlanUpdateInput): Promise<TriggerResult> {
  const parameters = defined({
    care_plan_id: i.carePlanId,
    provider_name: i.providerName,
    update_summary: asSentence(i.updateSummary),
    facility_name: i.facilityName,
    next_review_date: i.nextReviewDate,
  });
  return triggerOne(call, "care-plan-update", i, i.patientUhid, "care_plan_update", parameters, i.carePlanId);
}

export function triggerPaymentReminder(call: TriggerCall, i: PaymentReminderInput): Promise<TriggerResult> {
  const errors = new FieldErrorCollector();
  if (i.amount && i.amountDue && !i.amount.eq(i.amountDue)) errors.add("amountDue", "must equal amount when both are given (they are the same value)");
  const amount = i.amount ?? i.amountDue;
  const field = i.amount ? "amount" : "amountDue";
  if (amount?.lte(0)) errors.add(field, "must be greater than zero");
  if (amount && amount.decimalPlaces() > 2) errors.add(field, "must have at most two decimal places");
  errors.throwIfAny("Invalid payment reminder");
  const parameters = defined({
    invoice_id: i.invoiceId,
    amount: amount && formatMoney(amount),
    // A currency without an amount says nothing; an amount without a currency is in the default one.
    currency: amount ? (i.currency ?? DEFAULT_CURRENCY) : undefined,
    due_date: i.dueDate,
    facility_name: i.facilityName,
    payment_instructions: asSentence(i.paymentInstructions),
  });
  return triggerOne(call, "payment-reminder", i, i.patientUhid, "payment_reminder", parameters, i.invoiceId);
}

/**
 * Spec: one notification to the patient and one to the provider; both critical (no quiet hours, no
 * consent check). A provider with no contact on file is recorded as FAILED and the alert goes to the
 * facility's on-call contact instead (provider id `on-call:<facility_id>`, else `on-call`); the answer
 * says which clinician route was taken, and `success` is true only when a clinician alert is on its way.
 */
export async function triggerCriticalAlert(call: TriggerCall, i: CriticalAlertInput): Promise<CriticalAlertResult> {
  await assertPatientKnown(call.patientExists, i.patientUhid, { critical: true });
  const patientMsg = checkTemplate("critical_alert_patient", { test_name: i.testName, observation_id: i.observationId });
  const providerMsg = checkTemplate("critical_alert_provider", {
    patient_name: i.patientName,
    patient_uhid: i.patientUhid,
    test_name: i.testName,
    value: i.value,
    unit: i.unit,
    reference_range: i.referenceRange,
    observation_id: i.observationId,
  });
  const providerId = i.providerId.trim();
  const onCall = (await providerReachable(call.db, providerId)) ? null : await onCallContact(call.db, i.facilityId);
  const messages: MessageSpec[] = [
    { audience: { kind: "patient", uhid: i.patientUhid }, ...patientMsg, referenceId: i.observationId },
    { audience: { kind: "provider", providerId, uhid: i.patientUhid }, ...providerMsg, referenceId: i.observationId },
  ];
  if (onCall) messages.push({ audience: { kind: "provider", providerId: onCall, uhid: i.patientUhid }, ...providerMsg, referenceId: i.observationId });
  const rows = await enqueue(call, { kind: "critical-alert", payload: { ...i }, messages });
  const [, direct, fallback] = rows;
  const route: ClinicianRoute = onItsWay(direct) ? "provider" : fallback && onItsWay(fallback) ? "on_call" : "none";
  const warnings: string[] = [];
  if (route !== "provider") {
    const why = direct.statusReason ?? "not deliverable";
    warnings.push(
      route === "on_call"
        ? `Provider ${providerId} could not be alerted (${why}); the on-call contact ${onCall} was alerted instead`
        : `No clinician was alerted: provider ${providerId} could not be alerted (${why}) and ${onCall ? `the on-call contact ${onCall} failed too` : "no on-call contact is on file (set one with PUT /api/v1/notifications/providers/on-call/)"}`,
    );
  }
  criticalAlertClinicianRoutes.inc({ route });
  return {
    success: route !== "none",
    clinicianAlert: route,
    clinicianRecipient: route === "provider" ? providerId : route === "on_call" ? onCall : null,
    warnings,
    notificationsCreated: rows.length,
    notificationIds: rows.map((n) => n.id),
    notificationNumbers: rows.map((n) => n.notificationNumber),
    statuses: rows.map((n) => n.status),
  };
}

type ClinicianRoute = "provider" | "on_call" | "none";

/** Critical alerts by the clinician route they took: the provider, the facility's on-call contact, or nobody. */
const criticalAlertClinicianRoutes = new Counter({
  name: "critical_alert_clinician_total",
  help: "Critical-value alerts by how the clinician was reached (provider, on_call, none)",
  labelNames: ["route"] as const,
  registers: [metrics],
});

/** Provider id of the on-call contact: the facility's when it has one on file, else the default `on-call`. */
export const ON_CALL_PROVIDER_ID = "on-call";

async function providerReachable(db: Db, providerId: string): Promise<boolean> {
  const [contact] = await db.select().from(providerContacts).where(eq(providerContacts.providerId, providerId));
  return !!contact && deliveryTargets(contact.channels, contact).length > 0;
}

async function onCallContact(db: Db, facilityId: string | undefined): Promise<string | null> {
  const candidates = [...(facilityId?.trim() ? [`${ON_CALL_PROVIDER_ID}:${facilityId.trim()}`] : []), ON_CALL_PROVIDER_ID];
  for (const id of candidates) if (await providerReachable(db, id)) return id;
  return null;
}

/** Spec: POST {notifications_url}/api/v1/notifications/send/ (recipient, template, parameters). */
export async function sendNotification(call: TriggerCall, i: SendNotificationInput): Promise<SendNotificationResult> {
  const errors = new FieldErrorCollector();
  let target = channelForAddress(i.recipient);
  if (i.channel) {
    if (!isChannel(i.channel)) errors.add("channel", "must be one of SMS, EMAIL, PUSH, MESSAGING_APP");
    else if (i.channel === "EMAIL" && !isEmail(i.recipient.trim())) errors.add("recipient", "must be an e-mail address for the EMAIL channel");
    else if ((i.channel === "SMS" || i.channel === "MESSAGING_APP") && !normalizeMobile(i.recipient)) errors.add("recipient", NOT_A_MOBILE);
    else target = { channel: i.channel, recipient: i.channel === "PUSH" ? i.recipient.trim() : (normalizeMobile(i.recipient) ?? i.recipient.trim()) };
  } else if (!target) {
    errors.add("recipient", normalizePhone(i.recipient) ? NOT_A_MOBILE : "must be a mobile phone number such as +256772000111 or an e-mail address");
  }
  if (i.language && !isLanguage(i.language)) errors.add("language", "must be one of en, lg, sw");
  errors.throwIfAny("Invalid send request");
  const { template, parameters } = checkTemplate(i.template, i.parameters ?? {});
  if (i.patientUhid) await assertPatientKnown(call.patientExists, i.patientUhid);
  // Critical templates skip consent and quiet hours; only those who may raise critical alerts may use
  // them (else a till could send "critical lab value" messages past a patient's opt-out).
  if (template.critical && !mayUse(call.principal.roles, ["notifications:trigger-lab"])) {
    throw forbidden(`The ${template.name} template is for critical alerts; send it through the critical-alert trigger`);
  }
  const [n] = await enqueue(call, {
    kind: "send",
    payload: { recipient: i.recipient, template: i.template, parameters: i.parameters ?? {}, channel: i.channel, patientUhid: i.patientUhid },
    messages: [{ audience: { kind: "address", target: target!, uhid: i.patientUhid }, template, parameters, language: i.language ?? undefined }],
  });
  return { ...toTriggerResult(n), cost: n.cost, currency: n.currency };
}
