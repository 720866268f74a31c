import { and, count, desc, eq, inArray } from "drizzle-orm";
import type { Principal } from "../../../../lib/auth.js";
import { isCalendarDate } from "../../../../lib/calendar.js";
import type { Db } from "../../../../lib/db.js";
import { fieldError, forbidden } from "../../../../lib/errors.js";
import { isUuid } from "../../../../lib/ids.js";
import { pageWindow, toPage, type Page, type PageArgs } from "../../../../lib/pagination.js";
import { products, salesForecasts } from "../../db/tables.js";
import type { CreateForecastInput, SalesForecast } from "./analytics.type.js";
import { bestHolt, fitHolt, forecastHolt } from "./holt.js";
import { analyticsPharmacy, completedSales, salesDate } from "./sales-data.js";

const DAY_MS = 86_400_000;
const KAMPALA_OFFSET_MS = 3 * 3_600_000;

type ForecastRow = typeof salesForecasts.$inferSelect;

function toForecast(row: ForecastRow): SalesForecast {
  return { ...row, parameters: row.parameters as unknown as SalesForecast["parameters"] };
}

/** yyyy-mm-dd plus `days`. */
function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** Start of a Kampala business day as an instant. */
const dayStart = (date: string) => new Date(Date.parse(`${date}T00:00:00Z`) - KAMPALA_OFFSET_MS);

/**
 * Fits Holt's linear smoothing to each product's daily units sold (days without sales count as 0) over
 * `historyDays` business days ending with `historyEnd`, forecasts `horizonDays` ahead, and persists each
 * forecast with its parameters and when it was made.
 */
export async function createForecasts(db: Db, principal: Principal, input: CreateForecastInput): Promise<SalesForecast[]> {
  // Auditors read analytics (sales-analytics:read) but are read-only (DESIGN.md role matrix): making a
  // forecast writes a record, so it is for pharmacists (and admins).
  if (!principal.roles.some((r) => r === "pharmacist" || r === "admin")) throw forbidden("Auditors may read forecasts; making one is for pharmacists");
  const pharmacyId = analyticsPharmacy(principal, input.pharmacyId);
  for (const [name, v] of [["alpha", input.alpha], ["beta", input.beta]] as const) {
    if (v !== undefined && v !== null && !(v > 0 && v < 1)) throw fieldError(name, "must be between 0 and 1 (exclusive)");
  }
  if ((input.alpha == null) !== (input.beta == null)) throw fieldError("beta", "give alpha and beta together, or neither");
  const today = salesDate(new Date());
  const historyEnd = input.historyEnd ?? addDays(today, -1);
  // A real calendar day (2026-04-31 rolled over to 1 May), and not a future one: a forecast fitted on
  // days that have not happened is fitted on zeros. Today may be named (so far); the default is yesterday.
  if (!isCalendarDate(historyEnd)) throw fieldError("historyEnd", "must be a calendar date, YYYY-MM-DD");
  if (historyEnd > today) throw fieldError("historyEnd", `must be ${today} (today, Kampala) or earlier: days that have not happened have no sales`);
  const historyFrom = addDays(historyEnd, -(input.historyDays - 1));
  const days = Array.from({ length: input.historyDays }, (_, i) => addDays(historyFrom, i));
  const sales = await completedSales(db, pharmacyId, { from: dayStart(historyFrom), to: dayStart(addDays(historyEnd, 1)) });

  const series = new Map<string, number[]>();
  const requested = input.productIds?.length ? input.productIds : null;
  if (requested) {
    const bad = requested.findIndex((id) => !isUuid(id));
    if (bad >= 0) throw fieldError(`productIds.${bad}`, "no such product in this pharmacy");
    const found = await db.select({ id: products.id }).from(products).where(and(inArray(products.id, requested), eq(products.pharmacyId, pharmacyId)));
    const missing = requested.findIndex((id) => !found.some((f) => f.id === id));
    if (missing >= 0) throw fieldError(`productIds.${missing}`, "no such product in this pharmacy");
    for (const id of requested) series.set(id, days.map(() => 0));
  }
  for (const s of sales) {
    const day = days.indexOf(salesDate(s.completedAt));
    if (day < 0) continue;
    for (const i of s.items) {
      if (requested && !series.has(i.productId)) continue;
      if (!series.has(i.productId)) series.set(i.productId, days.map(() => 0));
      series.get(i.productId)![day] += i.quantity;
    }
  }
  const round = (x: number) => Math.round(x * 1e6) / 1e6;
  const values = [...series.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([productId, history]) => {
      const fit = input.alpha != null && input.beta != null ? fitHolt(history, input.alpha, input.beta) : bestHolt(history);
      return {
        pharmacyId,
        productId,
        method: "holt_linear",
        parameters: { alpha: fit.alpha, beta: fit.beta, level: round(fit.level), trend: round(fit.trend), sse: round(fit.sse) },
        historyFrom,
        historyTo: historyEnd,
        horizonDays: input.horizonDays,
        forecast: forecastHolt(fit, input.horizonDays).map((quantity, h) => ({ date: addDays(historyEnd, h + 1), quantity })),
        madeBy: principal.sub,
      };
    });
  // One statement: every forecast of the request is stored, or none.
  const rows = values.length ? await db.insert(salesForecasts).values(values).returning() : [];
  return rows.map(toForecast).sort((a, b) => a.productId.localeCompare(b.productId));
}

export async function listForecasts(db: Db, principal: Principal, args: Partial<PageArgs> & { productId?: string | null; pharmacyId?: string | null }): Promise<Page<SalesForecast>> {
  const w = pageWindow(args);
  const pharmacyId = analyticsPharmacy(principal, args.pharmacyId);
  if (args.productId && !isUuid(args.productId)) throw fieldError("productId", "must be a product id (UUID)");
  const where = and(eq(salesForecasts.pharmacyId, pharmacyId), ...(args.productId ? [eq(salesForecasts.productId, args.productId)] : []));
  const [rows, [{ total }]] = await Promise.all([
    db.select().from(salesForecasts).where(where).orderBy(desc(salesForecasts.madeAt), desc(salesForecasts.id)).limit(w.limit).offset(w.offset),
    db.select({ total: count() }).from(salesForecasts).where(where),
  ]);
  return toPage(rows.map(toForecast), total, w);
}
