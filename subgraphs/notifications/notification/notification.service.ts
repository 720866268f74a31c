import { and, count, desc, eq, type SQL } from "drizzle-orm";
import type { Db } from "../../../lib/db.js";
import { notFound } from "../../../lib/errors.js";
import { isUuid } from "../../../lib/ids.js";
import { pageWindow, toPage, type Page, type PageArgs } from "../../../lib/pagination.js";
import { notifications, preferences } from "../db/tables.js";
import type { Notification, NotificationPreferences } from "./notification.type.js";

export interface NotificationFilters {
  patientUhid?: string | null;
  status?: string | null;
  channel?: string | null;
}

export async function listNotifications(db: Db, args: Partial<PageArgs> & NotificationFilters): Promise<Page<Notification>> {
  const w = pageWindow(args);
  const filters: SQL[] = [];
  if (args.patientUhid) filters.push(eq(notifications.patientUhid, args.patientUhid));
  if (args.status) filters.push(eq(notifications.status, args.status));
  if (args.channel) filters.push(eq(notifications.channel, args.channel));
  const where = filters.length ? and(...filters) : undefined;
  const [rows, [{ total }]] = await Promise.all([
    db.select().from(notifications).where(where).orderBy(desc(notifications.createdAt), desc(notifications.id)).limit(w.limit).offset(w.offset),
    db.select({ total: count() }).from(notifications).where(where),
  ]);
  return toPage(rows, total, w);
}

export async function getNotification(db: Db, id: string): Promise<Notification> {
  if (!isUuid(id)) throw notFound("Notification", id);
  const [row] = await db.select().from(notifications).where(eq(notifications.id, id));
  if (!row) throw notFound("Notification", id);
  return row;
}

export const DEFAULT_PREFERENCES: NotificationPreferences = {
  channels: ["SMS"],
  language: "en",
  quietHoursStart: null,
  quietHoursEnd: null,
  timeZone: "Africa/Kampala",
};

export async function getPreferences(db: Db, uhid: string): Promise<NotificationPreferences> {
  const [row] = await db.select().from(preferences).where(eq(preferences.patientUhid, uhid));
  return row ?? DEFAULT_PREFERENCES;
}
