/**
 * Drug recalls (spec: /api/v1/drug-safety/recalls/). An active recall holds its lots: a catalog
 * medication's at every pharmacy, or one stock item's (stock without a catalog code, e.g. an OTC
 * product's) at its pharmacy, and every preparation compounded from them. The stock ledger never draws
 * them for a sale, dispense or compounding (inventory/holds.ts), until an admin closes the recall.
 * docs/decisions/pharmacy.md, "Recalls".
 */
import { and, count, desc, eq, ilike, inArray, or, sql, type SQL } from "drizzle-orm";
import type { Principal } from "../../../lib/auth.js";
import type { Db } from "../../../lib/db.js";
import { conflict, FieldErrorCollector, fieldError, notFound } from "../../../lib/errors.js";
import { isUuid } from "../../../lib/ids.js";
import { pageWindow, toPage, type Page, type PageArgs } from "../../../lib/pagination.js";
import { drugRecalls, inventoryItems, products, stockBatches } from "../db/tables.js";
import { holdsOfBatches, ITEM_RECALL_PREFIX, itemRecallCode, normalLot, recallableStock, recalledItemOf } from "../inventory/holds.js";
import { kampalaToday, stockItemsOfProducts } from "../inventory/ledger.js";
import { medicationByCode } from "../inventory/medications/catalog.js";
import { RECALL_CLASSES, RECALL_STATUSES, type CloseDrugRecallInput, type CreateDrugRecallInput, type DrugRecall, type RecalledBatch } from "./recall.type.js";

type RecallRow = typeof drugRecalls.$inferSelect;

const likeTerm = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Recalled units on the shelf per recall (staff: their pharmacy only): the lots it holds, and preparations compounded from them. */
async function affectedBatchesOf(db: Db, recalls: RecallRow[], pharmacyId: string | undefined): Promise<Map<string, RecalledBatch[]>> {
  const out = new Map<string, RecalledBatch[]>(recalls.map((r) => [r.id, []]));
  const active = recalls.filter((r) => r.status === "active");
  if (!active.length) return out;
  const conds: SQL[] = [recallableStock(active.map((r) => r.medicationCode)), sql`${stockBatches.quantity} > 0`];
  if (pharmacyId) conds.push(eq(stockBatches.pharmacyId, pharmacyId));
  const rows = await db
    .select({
      pharmacyId: stockBatches.pharmacyId,
      inventoryItem: stockBatches.inventoryItemId,
      batchId: stockBatches.id,
      lotNumber: stockBatches.lotNumber,
      expiryDate: stockBatches.expiryDate,
      quantity: stockBatches.quantity,
      medicationCode: inventoryItems.medicationCode,
      receivedAt: stockBatches.receivedAt,
    })
    .from(stockBatches)
    .innerJoin(inventoryItems, eq(inventoryItems.id, stockBatches.inventoryItemId))
    .where(and(...conds))
    .orderBy(stockBatches.pharmacyId, stockBatches.lotNumber, stockBatches.id);
  // Matched as the ledger matches them (holds.ts), so what is listed is what may not be drawn.
  const holds = await holdsOfBatches(db, rows.map((b) => ({ ...b, id: b.batchId, inventoryItemId: b.inventoryItem })));
  for (const r of active) {
    out.set(
      r.id,
      rows.filter((b) => holds.get(b.batchId)?.some((h) => h.kind === "recall" && h.id === r.id)).map(({ medicationCode: _c, receivedAt: _r, ...b }) => b),
    );
  }
  return out;
}

/** The names of the stock items recalls name (recalls of one item). */
async function recalledItemNames(db: Db, recalls: RecallRow[]): Promise<Map<string, string>> {
  const ids = [...new Set(recalls.map((r) => recalledItemOf(r.medicationCode)).filter((i): i is string => !!i))];
  if (!ids.length) return new Map();
  return new Map((await db.select({ id: inventoryItems.id, name: inventoryItems.name }).from(inventoryItems).where(inArray(inventoryItems.id, ids))).map((i) => [i.id, i.name]));
}

async function toRecalls(db: Db, rows: RecallRow[], pharmacyId: string | undefined): Promise<DrugRecall[]> {
  const [batches, names] = await Promise.all([affectedBatchesOf(db, rows, pharmacyId), recalledItemNames(db, rows)]);
  return rows.map((r) => {
    const item = recalledItemOf(r.medicationCode);
    const shelf = batches.get(r.id)!;
    return {
      ...r,
      medicationName: item ? (names.get(item) ?? null) : (medicationByCode(r.medicationCode)?.genericName ?? null),
      inventoryItem: item,
      active: r.status === "active",
      affectedBatches: shelf,
      affectedUnits: shelf.reduce((n, b) => n + b.quantity, 0),
    };
  });
}

/** Staff see the recalls of catalog medicines and those of their pharmacy's stock items (not another pharmacy's). */
function visibleTo(principal: Principal): SQL | undefined {
  if (!principal.pharmacyId) return undefined;
  return sql`(${drugRecalls.medicationCode} not like ${`${ITEM_RECALL_PREFIX}%`} or exists (select 1 from ${inventoryItems} where ${inventoryItems.pharmacyId} = ${principal.pharmacyId} and ${drugRecalls.medicationCode} = ${ITEM_RECALL_PREFIX} || ${inventoryItems.id}::text))`;
}

/**
 * The stock item a recall names: `inventoryItem`, or the item `productId` sells from. Unknown, or of
 * another pharmacy than a staff caller's, is 404 (another pharmacy's stock is not revealed).
 */
async function recalledItem(db: Db, principal: Principal, input: CreateDrugRecallInput): Promise<string> {
  const mine = (pharmacyId: string) => !principal.pharmacyId || pharmacyId === principal.pharmacyId;
  let itemId = input.inventoryItem ?? null;
  if (input.productId) {
    const [p] = await db.select({ pharmacyId: products.pharmacyId }).from(products).where(eq(products.id, input.productId));
    if (!p || !mine(p.pharmacyId)) throw notFound("Product", input.productId);
    itemId = (await stockItemsOfProducts(db, [input.productId])).get(input.productId) ?? null;
    if (!itemId) throw notFound("Stock item of product", input.productId);
  }
  const [item] = await db.select({ id: inventoryItems.id, pharmacyId: inventoryItems.pharmacyId }).from(inventoryItems).where(eq(inventoryItems.id, itemId!));
  if (!item || !mine(item.pharmacyId)) throw notFound("Inventory item", itemId!);
  return item.id;
}

/**
 * Records a recall; from then its lots are held (a medication's everywhere, a stock item's at its
 * pharmacy). One active recall per notice and medication or item (409).
 */
export async function createRecall(db: Db, principal: Principal, input: CreateDrugRecallInput): Promise<DrugRecall> {
  const errors = new FieldErrorCollector();
  const givenCode = input.medicationCode?.trim() || null;
  const named = (["medicationCode", "inventoryItem", "productId"] as const).filter((f) => (f === "medicationCode" ? givenCode : input[f]));
  if (!named.length) errors.add("medicationCode", "name the recalled stock: a catalog medication code, or the inventory item (or product) of stock without one");
  for (const f of named.slice(1)) errors.add(f, "name the recalled stock once: a medication code, an inventory item or a product");
  if (givenCode && !medicationByCode(givenCode)) errors.add("medicationCode", "is not in the medication catalog (stock without a catalog code is recalled by its inventory item or product)");
  if (input.inventoryItem && !isUuid(input.inventoryItem)) errors.add("inventoryItem", "must be an inventory item id (UUID)");
  if (input.productId && !isUuid(input.productId)) errors.add("productId", "must be a product id (UUID)");
  if (!RECALL_CLASSES.includes(input.recallClass as (typeof RECALL_CLASSES)[number])) errors.add("recallClass", "must be I, II or III");
  const lots = (input.lotNumbers ?? []).map((l) => l.trim());
  lots.forEach((l, i) => {
    if (!l || l.length > 64) errors.add(`lotNumbers.${i}`, "must be 1 to 64 characters");
  });
  if (new Set(lots.map(normalLot)).size !== lots.length) errors.add("lotNumbers", "lists a lot twice");
  if (input.recallDate > kampalaToday()) errors.add("recallDate", "may not be in the future");
  if (!input.reason.trim()) errors.add("reason", "must say why");
  if (!input.issuingAuthority.trim()) errors.add("issuingAuthority", "is required");
  if (!input.authorityReference.trim()) errors.add("authorityReference", "is required");
  errors.throwIfAny("Invalid recall");
  const code = givenCode ?? itemRecallCode(await recalledItem(db, principal, input));
  const row = await db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    // Serialise creates of one medication's (or item's) recalls, so two clicks cannot record the notice twice.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`recall:${code}`}))`);
    const [dup] = await tx
      .select({ id: drugRecalls.id })
      .from(drugRecalls)
      .where(and(eq(drugRecalls.medicationCode, code), eq(drugRecalls.status, "active"), sql`lower(${drugRecalls.authorityReference}) = lower(${input.authorityReference.trim()})`));
    if (dup) throw conflict(`Recall ${input.authorityReference.trim()} of ${code} is already recorded and active (recall ${dup.id})`);
    const [r] = await tx
      .insert(drugRecalls)
      .values({
        medicationCode: code,
        lotNumbers: lots,
        recallClass: input.recallClass,
        reason: input.reason.trim(),
        recallDate: input.recallDate,
        issuingAuthority: input.issuingAuthority.trim(),
        authorityReference: input.authorityReference.trim(),
        notes: input.notes ?? null,
        createdBy: principal.sub,
      })
      .returning();
    return r;
  });
  return getRecall(db, principal, row.id);
}

export async function getRecall(db: Db, principal: Principal, id: string): Promise<DrugRecall> {
  if (!isUuid(id)) throw notFound("Recall", id);
  const [row] = await db.select().from(drugRecalls).where(and(eq(drugRecalls.id, id), visibleTo(principal)));
  if (!row) throw notFound("Recall", id);
  return (await toRecalls(db, [row], principal.pharmacyId))[0];
}

export interface RecallFilters {
  medicationCode?: string | null;
  recallClass?: string | null;
  status?: string | null;
  active?: boolean | null;
  /** Part of the reason, reference, authority or a lot number. */
  search?: string | null;
}

/** Recalls, newest notice first. */
export async function listRecalls(db: Db, principal: Principal, f: Partial<PageArgs> & RecallFilters): Promise<Page<DrugRecall>> {
  const w = pageWindow(f);
  if (f.recallClass && !RECALL_CLASSES.includes(f.recallClass as (typeof RECALL_CLASSES)[number])) throw fieldError("recallClass", "must be I, II or III");
  if (f.status && !RECALL_STATUSES.includes(f.status as (typeof RECALL_STATUSES)[number])) throw fieldError("status", "must be active or closed");
  const conds: SQL[] = [];
  const visible = visibleTo(principal);
  if (visible) conds.push(visible);
  if (f.medicationCode) conds.push(eq(drugRecalls.medicationCode, f.medicationCode.trim()));
  if (f.recallClass) conds.push(eq(drugRecalls.recallClass, f.recallClass));
  if (f.status) conds.push(eq(drugRecalls.status, f.status));
  if (f.active !== null && f.active !== undefined) conds.push(eq(drugRecalls.status, f.active ? "active" : "closed"));
  if (f.search) {
    const t = likeTerm(f.search);
    conds.push(
      or(
        ilike(drugRecalls.reason, t),
        ilike(drugRecalls.authorityReference, t),
        ilike(drugRecalls.issuingAuthority, t),
        sql`exists (select 1 from unnest(${drugRecalls.lotNumbers}) l where l ilike ${t})`,
      )!,
    );
  }
  const where = conds.length ? and(...conds) : undefined;
  const [rows, [{ total }]] = await Promise.all([
    db.select().from(drugRecalls).where(where).orderBy(desc(drugRecalls.recallDate), desc(drugRecalls.createdAt), desc(drugRecalls.id)).limit(w.limit).offset(w.offset),
    db.select({ total: count() }).from(drugRecalls).where(where),
  ]);
  return toPage(await toRecalls(db, rows, principal.pharmacyId), total, w);
}

/** Closes an active recall (its lots become sellable again); a closed one is 409. */
export async function closeRecall(db: Db, principal: Principal, id: string, input: CloseDrugRecallInput | null): Promise<DrugRecall> {
  if (!isUuid(id)) throw notFound("Recall", id);
  await db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    const [row] = await tx.select().from(drugRecalls).where(and(eq(drugRecalls.id, id), visibleTo(principal))).for("update");
    if (!row) throw notFound("Recall", id);
    if (row.status === "closed") throw conflict(`Recall ${id} was closed on ${row.closedAt?.toISOString()} by ${row.closedBy}`);
    await tx.update(drugRecalls).set({ status: "closed", closedAt: sql`now()`, closedBy: principal.sub, closeReason: input?.reason?.trim() || null }).where(eq(drugRecalls.id, id));
  });
  return getRecall(db, principal, id);
}
