/**
 * Safety alerts (spec: GET /api/v1/drug-safety/alerts/): one list gathered from sources, each a
 * function that returns the alerts of one kind for a pharmacy (or every pharmacy, null). Add a source
 * by appending it to the list `safetyAlertSources` returns. docs/decisions/pharmacy.md, "Safety alerts".
 */
import { and, eq, gt, inArray, isNull, lte, type SQL } from "drizzle-orm";
import type { Db } from "../../../lib/db.js";
import { coldChainExcursions, drugRecalls, inventoryItems, stockBatches, stockHolds } from "../db/tables.js";
import { holdsOfBatches, recallableStock } from "../inventory/holds.js";
import { addDays } from "../inventory/ledger.js";
import { allMedications, medicationByCode } from "../inventory/medications/catalog.js";
import { coldChainSilenceAlerts } from "../cold-chain/silence.js";
import { qualityAlerts } from "../quality/alerts.js";

export interface SafetyAlert {
  type: string;
  severity: "info" | "warning" | "critical";
  title: string;
  message: string;
  pharmacyId: string | null;
  medicationCode: string | null;
  lotNumber: string | null;
  referenceType: string;
  referenceId: string;
  raisedAt: Date;
  dueDate: string | null;
}

export type SafetyAlertSource = (db: Db, pharmacyId: string | null, today: string) => Promise<SafetyAlert[]>;

const nameOf = (code: string | null) => (code ? (medicationByCode(code)?.genericName ?? code) : "stock");

/** Batches holding units (unexpired or not), with their medication code, of one pharmacy or all. */
async function shelfBatches(db: Db, pharmacyId: string | null, extra: SQL[] = []) {
  const conds: SQL[] = [gt(stockBatches.quantity, 0), ...extra];
  if (pharmacyId) conds.push(eq(stockBatches.pharmacyId, pharmacyId));
  return db
    .select({ id: stockBatches.id, pharmacyId: stockBatches.pharmacyId, lotNumber: stockBatches.lotNumber, expiryDate: stockBatches.expiryDate, quantity: stockBatches.quantity, medicationCode: inventoryItems.medicationCode })
    .from(stockBatches)
    .innerJoin(inventoryItems, eq(inventoryItems.id, stockBatches.inventoryItemId))
    .where(and(...conds));
}

const RECALL_SEVERITY: Record<string, SafetyAlert["severity"]> = { I: "critical", II: "warning", III: "info" };

/** Active recalls with recalled units on a pharmacy's shelf: one alert per batch. */
export const recallAlerts: SafetyAlertSource = async (db, pharmacyId) => {
  const recalls = await db.select().from(drugRecalls).where(eq(drugRecalls.status, "active"));
  if (!recalls.length) return [];
  const batches = await shelfBatches(db, pharmacyId, [recallableStock(recalls.map((r) => r.medicationCode))]);
  const holds = await holdsOfBatches(db, batches);
  const out: SafetyAlert[] = [];
  for (const b of batches) {
    for (const h of (holds.get(b.id) ?? []).filter((x) => x.kind === "recall")) {
      const r = recalls.find((x) => x.id === h.id)!;
      out.push({
        type: "recall",
        severity: RECALL_SEVERITY[r.recallClass] ?? "warning",
        title: `Class ${r.recallClass} recall: ${nameOf(b.medicationCode)}${b.lotNumber ? ` lot ${b.lotNumber}` : ""}`,
        message: `${b.quantity} units on the shelf are recalled (${r.issuingAuthority} ${r.authorityReference}: ${r.reason}). They cannot be sold or dispensed; return or destroy them.`,
        pharmacyId: b.pharmacyId,
        medicationCode: b.medicationCode,
        lotNumber: b.lotNumber,
        referenceType: "drug_recall",
        referenceId: r.id,
        raisedAt: r.createdAt,
        dueDate: null,
      });
    }
  }
  return out;
};

/** Open cold-chain excursions (awaiting a disposition) that hold stock. */
export const coldChainAlerts: SafetyAlertSource = async (db, pharmacyId) => {
  const conds: SQL[] = [eq(coldChainExcursions.status, "open")];
  if (pharmacyId) conds.push(eq(coldChainExcursions.pharmacyId, pharmacyId));
  const open = await db.select().from(coldChainExcursions).where(and(...conds));
  if (!open.length) return [];
  const holds = await db
    .select()
    .from(stockHolds)
    .where(and(eq(stockHolds.reasonType, "cold_chain_excursion"), inArray(stockHolds.reasonId, open.map((e) => e.id)), isNull(stockHolds.releasedAt)));
  return open
    .filter((e) => holds.some((h) => h.reasonId === e.id))
    .map((e) => {
      const mine = holds.filter((h) => h.reasonId === e.id);
      const codes = [...new Set(mine.map((h) => h.medicationCode))];
      return {
        type: "cold_chain_excursion",
        severity: e.endedAt === null ? "critical" : "warning",
        title: `Cold-chain excursion${e.endedAt === null ? " (ongoing)" : ""}: ${mine.length} ${e.subjectType === "transport" ? "lots" : "batches"} held`,
        message: `Out of ${e.limitMinC}–${e.limitMaxC} °C for ${e.durationMinutes} min from ${e.startedAt.toISOString()} (${e.minTemperatureC} to ${e.maxTemperatureC} °C). Held until a disposition: ${codes.map(nameOf).join(", ")}.`,
        pharmacyId: e.pharmacyId,
        medicationCode: codes.length === 1 ? codes[0] : null,
        lotNumber: mine.length === 1 ? mine[0].lotNumber : null,
        referenceType: "cold_chain_excursion",
        referenceId: e.id,
        raisedAt: e.createdAt,
        dueDate: null,
      } satisfies SafetyAlert;
    });
};

/** Controlled medicines' batches holding units that expire within `days` (or expired): they need a witnessed destruction. */
export function controlledExpiryAlerts(days: number): SafetyAlertSource {
  return async (db, pharmacyId, today) => {
    const codes = allMedications().filter((m) => m.controlled).map((m) => m.code);
    const horizon = addDays(today, days);
    const batches = await shelfBatches(db, pharmacyId, [inArray(inventoryItems.medicationCode, codes), lte(stockBatches.expiryDate, horizon)]);
    return batches.map((b) => {
      const expired = b.expiryDate! < today;
      const left = Math.round((Date.parse(`${b.expiryDate}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / 86_400_000);
      return {
        type: "controlled_expiring",
        severity: expired ? "critical" : left <= 30 ? "warning" : "info",
        title: `Controlled ${nameOf(b.medicationCode)}${b.lotNumber ? ` lot ${b.lotNumber}` : ""} ${expired ? "expired" : `expires in ${left} days`}`,
        message: `${b.quantity} units ${expired ? "expired on" : "expire on"} ${b.expiryDate}; expired controlled stock leaves only by a witnessed destruction recorded in the controlled register.`,
        pharmacyId: b.pharmacyId,
        medicationCode: b.medicationCode,
        lotNumber: b.lotNumber,
        referenceType: "stock_batch",
        referenceId: b.id,
        raisedAt: new Date(`${today}T00:00:00+03:00`),
        dueDate: b.expiryDate,
      } satisfies SafetyAlert;
    });
  };
}

/** Every source of the list: recalls, the cold chain (excursions, silent loggers), controlled stock, and overdue quality work (CAPAs, audits). */
export function safetyAlertSources(o: { days: number }): SafetyAlertSource[] {
  return [recallAlerts, coldChainAlerts, coldChainSilenceAlerts, controlledExpiryAlerts(o.days), qualityAlerts];
}
