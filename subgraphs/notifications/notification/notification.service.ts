import Decimal from "decimal.js";
import { onlyAsPatient } from "../../../lib/access.js";
import { and, asc, count, eq, gte, inArray, lt, sql, type SQL } from "drizzle-orm";
import type { Principal } from "../../../lib/auth.js";
import { isCalendarDate } from "../../../lib/calendar.js";
import { assertPatientAccess } from "../../../lib/context.js";
import type { Db } from "../../../lib/db.js";
import { conflict, FieldErrorCollector, forbidden, notFound } from "../../../lib/errors.js";
import { isUuid } from "../../../lib/ids.js";
import { decodeCursor, newestFirstList, type KeysetPage, type ListSelection } from "../../../lib/page-query.js";
import { pageWindow, type PageArgs } from "../../../lib/pagination.js";
import { listsByKey } from "../../../lib/request-loader.js";
import { CHANNEL_COSTS, CHANNEL_CURRENCY, CHANNELS } from "../channels.js";
import { notificationEvents, notifications } from "../db/tables.js";
import type { NotificationRow } from "./enqueue.js";
import type { Notification, NotificationCostSummary, NotificationEvent } from "./notification.type.js";

export const STATUSES = ["PENDING", "PROCESSING", "SENT", "DELIVERED", "FAILED", "CANCELLED"] as const;

export function toNotification(row: NotificationRow): Notification {
  return { ...row, fallbackChannels: row.fallbackPlan.map((t) => t.channel) };
}

export interface NotificationFilters {
  patientUhid?: string | null;
  status?: string | null;
  channel?: string | null;
  recipientType?: string | null;
  /** Created at or after (ISO date or date-time). */
  dateFrom?: string | null;
  /** Created before the end of this day (ISO date) or before this instant (date-time). */
  dateTo?: string | null;
}

/** A caller who reads notifications only as a patient (lib/access.ts onlyAsPatient): their own messages. */
const onlyPatient = (p: Principal) => onlyAsPatient(p.roles, ["notifications:read"]);

/** Parses the date filters; a bare date `to` includes that whole day (UTC). */
function dateBounds(f: NotificationFilters, errors: FieldErrorCollector): { from?: Date; to?: Date } {
  const parse = (value: string, field: string, endOfDay: boolean): Date | undefined => {
    const dateOnly = /^\d{4}-\d{2}-\d{2}$/.test(value);
    const at = new Date(dateOnly ? `${value}T00:00:00Z` : value);
    // The day must exist: JavaScript reads 2026-11-31 as 1 December and 2026-02-30 as 2 March.
    if (Number.isNaN(at.getTime()) || (!dateOnly && !/^\d{4}-\d{2}-\d{2}T/.test(value)) || !isCalendarDate(value.slice(0, 10))) {
      errors.add(field, "must be an ISO 8601 date (2026-11-21) or date-time");
      return undefined;
    }
    return dateOnly && endOfDay ? new Date(at.getTime() + 86_400_000) : at;
  };
  return {
    from: f.dateFrom ? parse(f.dateFrom, "date_from", false) : undefined,
    to: f.dateTo ? parse(f.dateTo, "date_to", true) : undefined,
  };
}

function whereOf(principal: Principal, f: NotificationFilters): SQL | undefined {
  const errors = new FieldErrorCollector();
  const { from, to } = dateBounds(f, errors);
  errors.throwIfAny("Invalid filters");

  let patientUhid = f.patientUhid;
  const filters: SQL[] = [];
  if (onlyPatient(principal)) {
    if (patientUhid && patientUhid !== principal.sub) throw forbidden("Patients may read only their own notifications");
    patientUhid = principal.sub;
    filters.push(eq(notifications.recipientType, "patient"));
  }
  if (patientUhid) filters.push(eq(notifications.patientUhid, patientUhid));
  if (f.status) filters.push(eq(notifications.status, f.status));
  if (f.channel) filters.push(eq(notifications.channel, f.channel));
  if (f.recipientType) filters.push(eq(notifications.recipientType, f.recipientType));
  if (from) filters.push(gte(notifications.createdAt, from));
  if (to) filters.push(lt(notifications.createdAt, to));
  return filters.length ? and(...filters) : undefined;
}

/** Newest first (created_at, then number); paged like sales transactions (index-only skip, or `after`). */
export async function listNotifications(
  db: Db,
  principal: Principal,
  args: Partial<PageArgs> & NotificationFilters & { after?: string | null } & ListSelection,
): Promise<KeysetPage<Notification>> {
  const w = pageWindow(args);
  const where = whereOf(principal, args);
  const after = args.after ? decodeCursor(args.after) : null;
  const page = await newestFirstList(db, w, { table: notifications, createdAt: notifications.createdAt, key: notifications.notificationNumber, where, after, countOnly: args.countOnly, total: args.total });
  return { ...page, results: page.results.map(toNotification) };
}

async function findRow(db: Db, principal: Principal, id: string): Promise<NotificationRow> {
  if (!isUuid(id)) throw notFound("Notification", id);
  const [row] = await db.select().from(notifications).where(eq(notifications.id, id));
  // A patient sees only messages addressed to them; anything else is "not found" (ids do not leak).
  if (!row || (onlyPatient(principal) && (row.patientUhid !== principal.sub || row.recipientType !== "patient"))) throw notFound("Notification", id);
  if (row.patientUhid) assertPatientAccess(principal, row.patientUhid, "notifications:read");
  return row;
}

export async function getNotification(db: Db, principal: Principal, id: string): Promise<Notification> {
  return toNotification(await findRow(db, principal, id));
}

/** The delivery events of each notification, oldest first, in the order of `notificationIds` (read in one statement). */
export async function eventsOfNotifications(db: Db, notificationIds: readonly string[]): Promise<NotificationEvent[][]> {
  const rows = await db
    .select()
    .from(notificationEvents)
    .where(inArray(notificationEvents.notificationId, [...new Set(notificationIds)]))
    .orderBy(asc(notificationEvents.createdAt), asc(notificationEvents.id));
  return listsByKey(notificationIds, rows, (r) => r.notificationId).map(inOrderOfHappening);
}

type EventOrder = Pick<NotificationEvent, "fromStatus" | "toStatus" | "createdAt">;

/**
 * Events written in one transaction share created_at (now() is the transaction's start) and their
 * ids are random, so among equal times the order they happened is recovered from the status chain:
 * each event starts from the status the one before it ended in (PROCESSING → SENT before SENT →
 * DELIVERED). `events` are one notification's, sorted by time.
 */
export function inOrderOfHappening<E extends EventOrder>(events: E[]): E[] {
  const ordered: E[] = [];
  let status: string | null = null;
  for (let i = 0; i < events.length; ) {
    let end = i;
    while (end < events.length && events[end].createdAt.getTime() === events[i].createdAt.getTime()) end++;
    const tied = events.slice(i, end);
    while (tied.length) {
      const continues = (e: E) => e.fromStatus === status;
      // Of two events starting where the chain is, the one whose end another starts from goes first.
      const next = tied.findIndex((e) => continues(e) && tied.some((o) => o !== e && o.fromStatus === e.toStatus));
      const at = next >= 0 ? next : Math.max(0, tied.findIndex(continues));
      const [event] = tied.splice(at, 1);
      ordered.push(event);
      status = event.toStatus;
    }
    i = end;
  }
  return ordered;
}

/** PENDING → CANCELLED only: once a worker holds it, the provider may already have it. */
export async function cancelNotification(db: Db, principal: Principal, id: string, reason?: string | null): Promise<Notification> {
  const existing = await findRow(db, principal, id);
  const why = reason?.trim() || `cancelled by ${principal.sub}`;
  const row = await db.transaction(async (tx) => {
    const [updated] = await tx
      .update(notifications)
      .set({ status: "CANCELLED", statusReason: why, updatedAt: new Date() })
      .where(and(eq(notifications.id, id), eq(notifications.status, "PENDING")))
      .returning();
    if (updated) await tx.insert(notificationEvents).values({ notificationId: id, fromStatus: "PENDING", toStatus: "CANCELLED", channel: updated.channel, detail: why });
    return updated;
  });
  if (!row) throw conflict(`Notification ${existing.notificationNumber} is ${existing.status}; only a PENDING notification can be cancelled`);
  return toNotification(row);
}

/** Spec channel table: messages handed to a provider (SENT, DELIVERED) are charged at their channel's cost. */
export async function costSummary(db: Db, principal: Principal, f: NotificationFilters): Promise<NotificationCostSummary> {
  const where = and(whereOf(principal, { ...f, status: null }), inArray(notifications.status, ["SENT", "DELIVERED"]));
  const rows = await db
    .select({ channel: notifications.channel, n: count(), total: sql<string>`coalesce(sum(${notifications.cost}), 0)::text` })
    .from(notifications)
    .where(where)
    .groupBy(notifications.channel);
  const channels = CHANNELS.map((channel) => {
    const r = rows.find((x) => x.channel === channel);
    return { channel, count: Number(r?.n ?? 0), unitCost: CHANNEL_COSTS[channel], total: new Decimal(r?.total ?? 0).toFixed(2) };
  });
  return {
    channels,
    count: channels.reduce((s, c) => s + c.count, 0),
    total: channels.reduce((s, c) => s.plus(c.total), new Decimal(0)).toFixed(2),
    currency: CHANNEL_CURRENCY,
  };
}
