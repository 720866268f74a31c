import { and, count, desc, eq, gte, lt, type SQL } from "drizzle-orm";
import type { SubgraphContext } from "../../../../lib/context.js";
import type { Db } from "../../../../lib/db.js";
import type { Principal } from "../../../../lib/auth.js";
import { fieldError, notFound } from "../../../../lib/errors.js";
import { isUuid } from "../../../../lib/ids.js";
import { pageWindow, toPage, type Page, type PageArgs } from "../../../../lib/pagination.js";
import { getConsultationRow } from "../consultation/consultation.service.js";
import { kampalaTime } from "../kampala-time.js";
import { followUps, pharmacies } from "../../db/tables.js";
import type { CreateFollowUpInput, FollowUp } from "./follow-up.type.js";
import { sendBestEffort } from "../../notify.js";

/** Notification template of a follow-up reminder (coordinated with the notifications service). */
export const FOLLOW_UP_REMINDER_TEMPLATE = "follow_up_reminder";

/** How far in the past a follow-up may be scheduled (clock skew between tills). */
const PAST_TOLERANCE_MS = 5 * 60_000;
/**
 * How far ahead (platform policy): a pharmacy follow-up is days or weeks away; a year typo (2226 for
 * 2026) would otherwise be stored and its reminder SMS sent at once, paid for.
 */
const MAX_AHEAD_DAYS = 366;

type FollowUpRow = typeof followUps.$inferSelect;

function toFollowUp({ pharmacyId: _p, outcome: _o, ...row }: FollowUpRow): FollowUp {
  return row;
}

/**
 * Schedules a follow-up, then sends the reminder through `POST {notifications_url}/api/v1/notifications/send/`
 * to the consultation's customer phone. The follow-up is a care record and is kept whatever happens
 * to the reminder: a refusal (4xx), no phone, or the service being down leave `reminder_sent` false
 * with a logged warning.
 */
export async function scheduleFollowUp(ctx: SubgraphContext, input: CreateFollowUpInput): Promise<FollowUp> {
  const { db, principal } = ctx;
  if (!isUuid(input.consultation)) throw fieldError("consultation", "no such consultation");
  const consultation = await getConsultationRow(db, principal, input.consultation).catch(() => {
    throw fieldError("consultation", "no such consultation");
  });
  if (input.scheduledAt.getTime() < Date.now() - PAST_TOLERANCE_MS) throw fieldError("scheduledAt", "must not be in the past");
  if (input.scheduledAt.getTime() > Date.now() + MAX_AHEAD_DAYS * 86_400_000) throw fieldError("scheduledAt", `must be within ${MAX_AHEAD_DAYS} days from now`);
  const [row] = await db
    .insert(followUps)
    .values({ consultationId: consultation.id, pharmacyId: consultation.pharmacyId, scheduledAt: input.scheduledAt, scheduledBy: input.scheduledBy ?? principal.sub, notes: input.notes ?? null })
    .returning();
  if (!consultation.customerPhone) {
    ctx.logger.warn({ followUpId: row.id }, "follow-up reminder not sent: the consultation has no customer phone");
    return toFollowUp(row);
  }
  const [pharmacy] = await db.select({ name: pharmacies.name }).from(pharmacies).where(eq(pharmacies.id, consultation.pharmacyId));
  const reminder = await sendBestEffort(
    ctx,
    {
      recipient: consultation.customerPhone,
      template: FOLLOW_UP_REMINDER_TEMPLATE,
      parameters: {
        scheduled_at: kampalaTime(input.scheduledAt),
        pharmacy_name: pharmacy.name,
        consultation: consultation.id,
        ...(consultation.customerName ? { patient_name: consultation.customerName } : {}),
        ...(input.notes ? { notes: input.notes } : {}),
      },
    },
    { followUpId: row.id },
  );
  if (reminder.queued) {
    const [sent] = await db.update(followUps).set({ reminderSent: true, reminderNotificationId: reminder.notificationId }).where(eq(followUps.id, row.id)).returning();
    return toFollowUp(sent);
  }
  return toFollowUp(row);
}

async function getFollowUpRow(db: Db, principal: Principal, id: string): Promise<FollowUpRow> {
  if (!isUuid(id)) throw notFound("Follow-up", id);
  const [row] = await db.select().from(followUps).where(eq(followUps.id, id));
  if (!row || (principal.pharmacyId && row.pharmacyId !== principal.pharmacyId)) throw notFound("Follow-up", id);
  return row;
}

export async function getFollowUp(db: Db, principal: Principal, id: string): Promise<FollowUp> {
  return toFollowUp(await getFollowUpRow(db, principal, id));
}

/** Marks a follow-up done; completing it again changes nothing. */
export async function completeFollowUp(db: Db, principal: Principal, id: string): Promise<FollowUp> {
  const row = await getFollowUpRow(db, principal, id);
  if (row.completed) return toFollowUp(row);
  const [done] = await db.update(followUps).set({ completed: true, completedAt: new Date() }).where(eq(followUps.id, id)).returning();
  return toFollowUp(done);
}

export interface FollowUpFilters {
  completed?: boolean | null;
  consultationId?: string | null;
  /** Scheduled at or after. */
  dateFrom?: Date | null;
  /** Scheduled before (exclusive). */
  dateTo?: Date | null;
}

export async function listFollowUps(db: Db, principal: Principal, args: Partial<PageArgs> & FollowUpFilters = {}): Promise<Page<FollowUp>> {
  const w = pageWindow(args);
  const filters: SQL[] = [];
  if (args.consultationId && !isUuid(args.consultationId)) throw fieldError("consultationId", "must be a consultation id (UUID)");
  if (principal.pharmacyId) filters.push(eq(followUps.pharmacyId, principal.pharmacyId));
  if (args.completed !== undefined && args.completed !== null) filters.push(eq(followUps.completed, args.completed));
  if (args.consultationId) filters.push(eq(followUps.consultationId, args.consultationId));
  if (args.dateFrom) filters.push(gte(followUps.scheduledAt, args.dateFrom));
  if (args.dateTo) filters.push(lt(followUps.scheduledAt, args.dateTo));
  const where = filters.length ? and(...filters) : undefined;
  const [rows, [{ total }]] = await Promise.all([
    db.select().from(followUps).where(where).orderBy(desc(followUps.scheduledAt), desc(followUps.id)).limit(w.limit).offset(w.offset),
    db.select({ total: count() }).from(followUps).where(where),
  ]);
  return toPage(rows.map(toFollowUp), total, w);
}
