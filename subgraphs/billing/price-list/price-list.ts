import { readFileSync } from "node:fs";
import { and, asc, eq, ilike, isNull, or, type SQL } from "drizzle-orm";
import type { Db } from "../../../lib/db.js";
import { Decimal, minorUnitProblem } from "../../../lib/money.js";
import { pageWindow, toPage, type Page, type PageArgs } from "../../../lib/pagination.js";
import { servicePrices } from "../db/tables.js";

/** Where clients find the price list (named in the error for an unknown service code). */
export const PRICE_LIST_PATH = "/api/v1/billing/services/";

export interface PriceListEntry {
  service_code: string;
  description: string;
  pricing: "list" | "sale_total";
  unit_price: string | null;
  currency: string;
  taxable: boolean;
  pharmacy_id: string | null;
  source: string;
}

export interface PriceListFile {
  name: "billing-price-list";
  version: string;
  owner: string;
  default_currency: string;
  tax: { rate: string; source: string };
  entries: PriceListEntry[];
}

export type ServicePriceRow = typeof servicePrices.$inferSelect;

let file: PriceListFile | undefined;

/** The price list this release ships (read once). */
export function priceListFile(): PriceListFile {
  if (!file) {
    const parsed = JSON.parse(readFileSync(new URL("./price-list.json", import.meta.url), "utf8")) as PriceListFile;
    if (parsed.name !== "billing-price-list" || typeof parsed.version !== "string") throw new Error('price-list.json: needs "name": "billing-price-list" and a "version"');
    for (const e of parsed.entries) {
      if (!e.source) throw new Error(`price-list.json: ${e.service_code} has no source`);
      if ((e.pricing === "list") !== (e.unit_price !== null)) throw new Error(`price-list.json: ${e.service_code}: a list price needs unit_price, a sale_total price has none`);
      const fineness = e.unit_price === null ? undefined : minorUnitProblem(new Decimal(e.unit_price), e.currency);
      if (fineness) throw new Error(`price-list.json: ${e.service_code}: unit_price ${e.unit_price}: ${fineness}`);
    }
    file = parsed;
  }
  return file;
}

const loaded = new WeakMap<Db, Promise<void>>();

/** Loads this release's price list version into billing.service_prices once per database (idempotent). */
export function ensurePriceList(db: Db): Promise<void> {
  let pending = loaded.get(db);
  if (!pending) {
    const f = priceListFile();
    pending = db
      .insert(servicePrices)
      .values(
        f.entries.map((e) => ({
          version: f.version,
          serviceCode: e.service_code,
          pharmacyId: e.pharmacy_id,
          description: e.description,
          pricing: e.pricing,
          unitPrice: e.unit_price,
          currency: e.currency,
          taxable: e.taxable,
          taxRate: e.taxable ? f.tax.rate : "0",
          source: e.source,
        })),
      )
      .onConflictDoNothing()
      .then(() => undefined);
    pending.catch(() => loaded.delete(db));
    loaded.set(db, pending);
  }
  return pending;
}

/** The current price of a service for a pharmacy: its own row, else the row for every pharmacy. */
export async function findServicePrice(db: Db, serviceCode: string, pharmacyId: string | null): Promise<ServicePriceRow | undefined> {
  await ensurePriceList(db);
  const rows = await db
    .select()
    .from(servicePrices)
    .where(
      and(
        eq(servicePrices.version, priceListFile().version),
        eq(servicePrices.serviceCode, serviceCode),
        pharmacyId ? or(eq(servicePrices.pharmacyId, pharmacyId), isNull(servicePrices.pharmacyId)) : isNull(servicePrices.pharmacyId),
      ),
    );
  return rows.find((r) => r.pharmacyId !== null) ?? rows[0];
}

export interface PriceListFilters {
  /** Only the prices that apply to this pharmacy (its own rows, and the general rows it has no own row for). */
  pharmacyId?: string | null;
  serviceCode?: string | null;
  search?: string | null;
}

/** The current price list, by service code; per-pharmacy rows after the general one. */
export async function listServicePrices(db: Db, args: Partial<PageArgs> & PriceListFilters): Promise<Page<ServicePriceRow>> {
  await ensurePriceList(db);
  const w = pageWindow(args);
  const filters: SQL[] = [eq(servicePrices.version, priceListFile().version)];
  if (args.serviceCode) filters.push(eq(servicePrices.serviceCode, args.serviceCode));
  if (args.search) {
    const like = `%${args.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    filters.push(or(ilike(servicePrices.serviceCode, like), ilike(servicePrices.description, like))!);
  }
  let rows = await db.select().from(servicePrices).where(and(...filters)).orderBy(asc(servicePrices.serviceCode), asc(servicePrices.pharmacyId));
  if (args.pharmacyId) {
    const own = new Set(rows.filter((r) => r.pharmacyId === args.pharmacyId).map((r) => r.serviceCode));
    rows = rows.filter((r) => r.pharmacyId === args.pharmacyId || (r.pharmacyId === null && !own.has(r.serviceCode)));
  }
  return toPage(rows.slice(w.offset, w.offset + w.limit), rows.length, w);
}

