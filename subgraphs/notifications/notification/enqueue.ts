import { and, eq, inArray } from "drizzle-orm";
import { conflict } from "../../../lib/errors.js";
import type { Db } from "../../../lib/db.js";
import { addressOn, CHANNEL_COSTS, CHANNEL_CURRENCY, isChannel, normalizePhone, type Channel, type ContactPoints } from "../channels.js";
import { notificationEvents, notificationRequests, notifications, preferences, providerContacts, type ChannelTarget } from "../db/tables.js";
import { defaultPreferences } from "../preferences/preferences.service.js";
import { quietHoursEnd } from "../preferences/quiet-hours.js";
import { renderTemplate, type TemplateDef } from "../templates/templates.js";
import { wakeWorkers } from "../delivery/wake.js";
import { reserveNotificationNumbers } from "./numbering.js";

export type NotificationRow = typeof notifications.$inferSelect;
type PreferencesRow = typeof preferences.$inferSelect;

/** Who a message is for. */
export type Audience =
  | { kind: "patient"; uhid: string }
  | { kind: "provider"; providerId: string; uhid?: string }
  /** A bare address (the send call); preferences of `uhid`, when given, still apply. */
  | { kind: "address"; target: ChannelTarget; uhid?: string };

export interface MessageSpec {
  audience: Audience;
  template: TemplateDef;
  parameters: Record<string, string>;
  /** Overrides the recipient's preferred language. */
  language?: string;
  referenceId?: string;
}

export interface EnqueueRequest {
  /** Trigger name or "send". */
  kind: string;
  callerSub: string;
  idempotencyKey?: string;
  /** The caller's request as sent: the Idempotency-Key's fingerprint. */
  payload: Record<string, unknown>;
  /** Whether a payload stored in an older format is this same request (requests written before the fingerprint was the request as sent). */
  matchesLegacyPayload?: (stored: Record<string, unknown>) => boolean;
  messages: MessageSpec[];
  /** Registered contact points of patients whose preferences lack a phone or e-mail (looked up before the transaction). */
  registryContacts?: Record<string, ContactPoints>;
}

interface Plan {
  targets: ChannelTarget[];
  language: string;
  prefs?: PreferencesRow;
  /** A bare address that is the patient's own (preferred or registered) contact point on its channel. */
  toPatient?: boolean;
}

/**
 * Writes one request and its notifications in one transaction (the outbox): each message gets a
 * gap-free number, a channel plan from the recipient's preferences, and its first status:
 * PENDING (due now, or at the end of quiet hours), CANCELLED (no consent) or FAILED (no contact
 * point). Critical messages skip quiet hours and consent (spec, critical-alert request).
 * With an Idempotency-Key, a repeated call returns the first call's notifications.
 */
export async function enqueueNotifications(db: Db, r: EnqueueRequest, now = new Date()): Promise<NotificationRow[]> {
  const rows = await db.transaction(async (tx) => {
    const [request] = await tx
      .insert(notificationRequests)
      .values({ kind: r.kind, callerSub: r.callerSub, idempotencyKey: r.idempotencyKey ?? null, payload: r.payload })
      .onConflictDoNothing()
      .returning({ id: notificationRequests.id });
    if (!request) return null;

    const plans: Plan[] = [];
    for (const m of r.messages) plans.push(await planDelivery(tx as unknown as Db, m.audience, r.registryContacts ?? {}));
    // Numbers last, right before the insert: the counter row stays locked until commit.
    const numbers = await reserveNotificationNumbers(tx as unknown as Db, r.messages.length, now);
    const values: (typeof notifications.$inferInsert)[] = [];
    for (const [i, m] of r.messages.entries()) {
      const plan = plans[i];
      const language = m.language ?? plan.language;
      const [first, ...fallback] = plan.targets;
      const channel = first?.channel ?? "SMS";
      const rendered = renderTemplate(m.template, m.parameters, channel, language);
      const decision = firstStatus(m.template, plan, now);
      values.push({
        notificationNumber: numbers[i],
        patientUhid: m.audience.kind === "patient" ? m.audience.uhid : (m.audience.uhid ?? null),
        // A send to the patient's own contact point is addressed to them (they may read it); to any other address it is not.
        recipientType: m.audience.kind === "address" ? (plan.toPatient ? "patient" : "recipient") : m.audience.kind,
        providerId: m.audience.kind === "provider" ? m.audience.providerId : null,
        recipient: first?.recipient ?? "",
        channel,
        fallbackPlan: fallback,
        template: m.template.name,
        category: m.template.category,
        critical: m.template.critical,
        language: rendered.language,
        parameters: m.parameters,
        subject: rendered.subject,
        body: rendered.body,
        source: r.kind,
        referenceId: m.referenceId ?? null,
        requestId: request.id,
        status: decision.status,
        statusReason: decision.reason,
        availableAt: decision.availableAt,
        cost: CHANNEL_COSTS[channel as Channel] ?? "0.00",
        currency: CHANNEL_CURRENCY,
        createdBy: r.callerSub,
        createdAt: now,
        updatedAt: now,
      });
    }
    const inserted = byNumber(await tx.insert(notifications).values(values).returning());
    await tx.insert(notificationEvents).values(
      inserted.map((n) => ({ notificationId: n.id, fromStatus: null, toStatus: n.status, channel: n.channel, detail: n.statusReason ?? "queued" })),
    );
    return inserted;
  });
  if (rows) {
    if (rows.some((n) => n.status === "PENDING")) wakeWorkers();
    return rows;
  }
  return firstCallNotifications(db, r);
}

/** Messages in the order they were given (their numbers were reserved in that order). */
const byNumber = (rows: NotificationRow[]) => rows.sort((a, b) => a.notificationNumber.localeCompare(b.notificationNumber));

/** JSON with object keys sorted (jsonb does not keep key order). */
export function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`;
  if (value && typeof value === "object") {
    return `{${Object.keys(value).filter((k) => (value as Record<string, unknown>)[k] !== undefined).sort().map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`).join(",")}}`;
  }
  return JSON.stringify(value ?? null);
}

/** A repeated Idempotency-Key: the first call's notifications, if the request is the same one. */
async function firstCallNotifications(db: Db, r: EnqueueRequest): Promise<NotificationRow[]> {
  const [request] = await db
    .select({ id: notificationRequests.id, payload: notificationRequests.payload })
    .from(notificationRequests)
    .where(and(eq(notificationRequests.callerSub, r.callerSub), eq(notificationRequests.kind, r.kind), eq(notificationRequests.idempotencyKey, r.idempotencyKey!)));
  const same = canonical(request.payload) === canonical(r.payload) || (r.matchesLegacyPayload?.(request.payload) ?? false);
  if (!same) throw conflict("This Idempotency-Key was already used for a different request");
  return byNumber(await db.select().from(notifications).where(eq(notifications.requestId, request.id)));
}

function firstStatus(template: TemplateDef, plan: Plan, now: Date): { status: string; reason: string | null; availableAt: Date } {
  if (!plan.targets.length) return { status: "FAILED", reason: "no contact point on file for the preferred channels", availableAt: now };
  if (template.critical || !plan.prefs) return { status: "PENDING", reason: null, availableAt: now };
  if (plan.prefs.consent[template.category] === false) {
    return { status: "CANCELLED", reason: `no consent for ${template.category} messages`, availableAt: now };
  }
  const quietEnd = quietHoursEnd(now, plan.prefs.quietHoursStart, plan.prefs.quietHoursEnd, plan.prefs.timeZone);
  if (quietEnd) return { status: "PENDING", reason: `quiet hours: scheduled for ${quietEnd.toISOString()}`, availableAt: quietEnd };
  return { status: "PENDING", reason: null, availableAt: now };
}

/**
 * Patients whose registered contacts the plan needs, looked up before the transaction: those whose
 * preferences leave a registrable channel (SMS, EMAIL) without an address of their own (no
 * preferences row, or one without that phone or e-mail), and those a send addresses at a phone or
 * e-mail that is not their preferred one (it may be their registered one: then it is theirs).
 */
export async function patientsNeedingRegistryContacts(db: Db, messages: MessageSpec[]): Promise<string[]> {
  const about = messages.flatMap((m): { uhid: string; target?: ChannelTarget }[] =>
    m.audience.kind === "patient" ? [{ uhid: m.audience.uhid }] : m.audience.kind === "address" && m.audience.uhid ? [{ uhid: m.audience.uhid, target: m.audience.target }] : [],
  );
  if (!about.length) return [];
  const rows = await db.select().from(preferences).where(inArray(preferences.patientUhid, [...new Set(about.map((a) => a.uhid))]));
  const needs = about.filter(({ uhid, target }) => {
    const p = rows.find((r) => r.patientUhid === uhid) ?? defaultPreferences(uhid);
    if (target) return (target.channel === "SMS" || target.channel === "EMAIL") && !isOwnAddress(target, p);
    return p.channels.some((c) => (c === "SMS" || c === "EMAIL") && !addressOn(c, p));
  });
  return [...new Set(needs.map((a) => a.uhid))];
}

/** Whether `target` is the contact's address on the target's channel (phones compared normalised, e-mail without case). */
function isOwnAddress(target: ChannelTarget, contact: ContactPoints | undefined): boolean {
  const own = contact && isChannel(target.channel) ? addressOn(target.channel, contact) : null;
  if (!own) return false;
  if (target.channel === "EMAIL") return own.trim().toLowerCase() === target.recipient.trim().toLowerCase();
  if (target.channel === "PUSH") return own === target.recipient;
  const phone = normalizePhone(target.recipient);
  return phone !== null && phone === normalizePhone(own);
}

/**
 * A patient's contact points: their preferences' own address on each channel, else the one of their
 * registration (decisions: patients are reached at the phone/e-mail of their registration). Applied
 * per channel at send time, so a later change in the registry is used and nothing is copied.
 */
export function patientContactPoints(prefs: ContactPoints, registered: ContactPoints | undefined): ContactPoints {
  return {
    phone: prefs.phone ?? registered?.phone ?? null,
    email: prefs.email ?? registered?.email ?? null,
    pushToken: prefs.pushToken ?? registered?.pushToken ?? null,
    messagingAppId: prefs.messagingAppId ?? registered?.messagingAppId ?? null,
  };
}

/** The channels to try in order, each with the recipient's address on it. */
async function planDelivery(db: Db, audience: Audience, registry: Record<string, ContactPoints>): Promise<Plan> {
  const uhid = audience.kind === "provider" ? undefined : audience.uhid;
  const [prefs] = uhid ? await db.select().from(preferences).where(eq(preferences.patientUhid, uhid)) : [];
  if (audience.kind === "address") {
    const toPatient = !!audience.uhid && (isOwnAddress(audience.target, prefs) || isOwnAddress(audience.target, registry[audience.uhid]));
    return { targets: [audience.target], language: prefs?.language ?? "en", prefs, toPatient };
  }
  if (audience.kind === "patient") {
    // No preferences: the defaults (phone, then e-mail; default consent, no quiet hours).
    const chosen = prefs ?? defaultPreferences(audience.uhid);
    return { targets: deliveryTargets(chosen.channels, patientContactPoints(chosen, registry[audience.uhid])), language: chosen.language, prefs };
  }
  const [contact] = await db.select().from(providerContacts).where(eq(providerContacts.providerId, audience.providerId));
  if (!contact) return { targets: [], language: "en" };
  return { targets: deliveryTargets(contact.channels, contact), language: contact.language };
}

/** The channels of a contact that have an address on file, in preference order. */
export function deliveryTargets(channels: string[], contact: Parameters<typeof addressOn>[1]): ChannelTarget[] {
  const targets: ChannelTarget[] = [];
  for (const channel of channels) {
    if (!isChannel(channel)) continue;
    const recipient = addressOn(channel, contact);
    if (recipient) targets.push({ channel, recipient });
  }
  return targets;
}
