import { and, asc, eq } from "drizzle-orm";
import type { Db } from "../../../lib/db.js";
import { capas, qualityAudits, qualityIncidents } from "../db/tables.js";
import { afterKampalaDay } from "../inventory/ledger.js";
import { capaOverdue } from "./capa/capa.service.js";
import { auditOverdue } from "./audit/audit.service.js";
import type { SafetyAlert, SafetyAlertSource } from "../drug-safety/safety-alerts.js";


/** Overdue by more than this many days is critical rather than a warning (platform policy). */
export const CRITICAL_AFTER_DAYS = 30;

const daysBetween = (from: string, to: string) => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
/** The first moment (Kampala midnight) a date is past. */
const overdueSince = afterKampalaDay;
const RANK = { critical: 0, warning: 1, info: 2 } as const;

/**
 * Overdue quality work on `today` (YYYY-MM-DD, Kampala): CAPAs open or in progress past their due date,
 * implemented CAPAs past their effectiveness check, audits past their scheduled date and neither
 * completed nor cancelled. One pharmacy, or all when `pharmacyId` is null. Most severe first, then
 * oldest due date.
 */
export const qualityAlerts: SafetyAlertSource = async (db, pharmacyId, today) => {
  const capaRows = await db
    .select({ capa: capas, medicationCode: qualityIncidents.medicationCode, lotNumber: qualityIncidents.lotNumber })
    .from(capas)
    .leftJoin(qualityIncidents, eq(qualityIncidents.id, capas.incidentId))
    .where(and(capaOverdue(today), pharmacyId ? eq(capas.pharmacyId, pharmacyId) : undefined))
    .orderBy(asc(capas.dueDate), asc(capas.id));
  const auditRows = await db
    .select()
    .from(qualityAudits)
    .where(and(auditOverdue(today), pharmacyId ? eq(qualityAudits.pharmacyId, pharmacyId) : undefined))
    .orderBy(asc(qualityAudits.scheduledDate), asc(qualityAudits.id));

  const alerts: SafetyAlert[] = [];
  for (const { capa, medicationCode, lotNumber } of capaRows) {
    const checkDue = capa.status === "implemented";
    const due = checkDue ? capa.effectivenessCheckDate! : capa.dueDate;
    const late = daysBetween(due, today);
    alerts.push({
      type: checkDue ? "capa_effectiveness_check_overdue" : "capa_overdue",
      severity: checkDue ? "info" : late > CRITICAL_AFTER_DAYS ? "critical" : "warning",
      title: checkDue ? `Effectiveness check of ${capa.capaNumber} is overdue` : `CAPA ${capa.capaNumber} is overdue`,
      message: checkDue
        ? `The effectiveness check of ${capa.capaType} action ${capa.capaNumber} (owner ${capa.owner}) was planned for ${due}, ${late} day(s) ago.`
        : `${capa.capaType === "corrective" ? "Corrective" : "Preventive"} action ${capa.capaNumber} (owner ${capa.owner}, ${capa.status.replace("_", " ")}) was due ${due}, ${late} day(s) ago: ${capa.description}`,
      pharmacyId: capa.pharmacyId,
      medicationCode: medicationCode ?? null,
      lotNumber: lotNumber ?? null,
      referenceType: "capa",
      referenceId: capa.id,
      raisedAt: overdueSince(due),
      dueDate: due,
    });
  }
  for (const audit of auditRows) {
    const late = daysBetween(audit.scheduledDate, today);
    alerts.push({
      type: "quality_audit_overdue",
      severity: late > CRITICAL_AFTER_DAYS ? "critical" : "warning",
      title: `Quality audit ${audit.auditNumber} is overdue`,
      message: `The ${audit.auditType.replace("_", " ")} audit ${audit.auditNumber} (${audit.scope}; auditor ${audit.auditor}) was scheduled for ${audit.scheduledDate}, ${late} day(s) ago, and is ${audit.status.replace("_", " ")}.`,
      pharmacyId: audit.pharmacyId,
      medicationCode: null,
      lotNumber: null,
      referenceType: "quality_audit",
      referenceId: audit.id,
      raisedAt: overdueSince(audit.scheduledDate),
      dueDate: audit.scheduledDate,
    });
  }
  return alerts.sort((a, b) => RANK[a.severity] - RANK[b.severity] || (a.dueDate! < b.dueDate! ? -1 : a.dueDate! > b.dueDate! ? 1 : 0));
};
