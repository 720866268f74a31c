import type { Principal } from "../../../lib/auth.js";
import type { Db } from "../../../lib/db.js";
import { fieldError } from "../../../lib/errors.js";
import { pageWindow, toPage, type Page, type PageArgs } from "../../../lib/pagination.js";
import { coldChainPharmacy } from "../cold-chain/cold-chain-common.js";
import { kampalaToday } from "../inventory/ledger.js";
import { safetyAlertSources, type SafetyAlert } from "./safety-alerts.js";

const SEVERITIES = ["critical", "warning", "info"];

export interface SafetyAlertFilters {
  pharmacyId?: string | null;
  type?: string | null;
  severity?: string | null;
  /** Expiring controlled stock within this many days (default 90). */
  days?: number | null;
}

/** Every source's alerts for the pharmacy in scope, most severe first, then soonest due, then newest. */
export async function listSafetyAlerts(db: Db, principal: Principal, f: Partial<PageArgs> & SafetyAlertFilters): Promise<Page<SafetyAlert>> {
  const w = pageWindow(f);
  const days = f.days ?? 90;
  if (!Number.isInteger(days) || days < 0 || days > 3650) throw fieldError("days", "must be a whole number of days from 0 to 3650");
  if (f.severity && !SEVERITIES.includes(f.severity)) throw fieldError("severity", `must be one of ${SEVERITIES.join(", ")}`);
  const pharmacyId = coldChainPharmacy(principal, f.pharmacyId) ?? null;
  const today = kampalaToday();
  const all = (await Promise.all(safetyAlertSources({ days }).map((source) => source(db, pharmacyId, today)))).flat();
  const chosen = all.filter((a) => (!f.type || a.type === f.type) && (!f.severity || a.severity === f.severity));
  chosen.sort(
    (a, b) =>
      SEVERITIES.indexOf(a.severity) - SEVERITIES.indexOf(b.severity) ||
      (a.dueDate ?? "9999").localeCompare(b.dueDate ?? "9999") ||
      b.raisedAt.getTime() - a.raisedAt.getTime() ||
      a.referenceId.localeCompare(b.referenceId) ||
      (a.lotNumber ?? "").localeCompare(b.lotNumber ?? ""),
  );
  return toPage(chosen.slice(w.offset, w.offset + w.limit), chosen.length, w);
}
