import { and, asc, count, eq, ilike, inArray, or, type SQL } from "drizzle-orm";
import type { Principal } from "../../../../lib/auth.js";
import type { Db } from "../../../../lib/db.js";
import { MAX_QUANTITY } from "../../../../lib/money.js";
import { conflict, fieldError, FieldErrorCollector, forbidden, notFound } from "../../../../lib/errors.js";
import { isUuid } from "../../../../lib/ids.js";
import { pageWindow, toPage, type Page, type PageArgs } from "../../../../lib/pagination.js";
import { compoundFormulaIngredients, compoundFormulas } from "../../db/tables.js";
import { medicationByCode } from "../../inventory/medications/catalog.js";
import { likeTerm } from "../../procurement/procurement-common.js";
import { compoundCodeOf, isCompoundCode } from "../compound-codes.js";
import { BUD_CATEGORIES, BUD_CATEGORY_DAYS, FORMULA_STATUSES, INGREDIENT_KINDS, MAX_BEYOND_USE_DAYS, type CompoundFormula, type CreateFormulaInput, type FormulaIngredient } from "./formula.type.js";

type FormulaRow = typeof compoundFormulas.$inferSelect;
type IngredientRow = typeof compoundFormulaIngredients.$inferSelect;

const EXCIPIENT_PREFIX = "excipient:";
const MAX_INGREDIENTS = 30;

const toIngredient = (i: IngredientRow, f: Pick<FormulaRow, "code" | "status">): FormulaIngredient => ({ ...i, formulaCode: f.code, formulaStatus: f.status });

function toFormula(f: FormulaRow, ingredients: IngredientRow[]): CompoundFormula {
  return { ...f, medicationCode: compoundCodeOf(f.code), ingredients: ingredients.map((i) => toIngredient(i, f)) };
}

async function withIngredients(db: Db, rows: FormulaRow[]): Promise<CompoundFormula[]> {
  if (!rows.length) return [];
  const ingredients = await db
    .select()
    .from(compoundFormulaIngredients)
    .where(inArray(compoundFormulaIngredients.formulaId, rows.map((r) => r.id)))
    .orderBy(asc(compoundFormulaIngredients.position));
  return rows.map((r) => toFormula(r, ingredients.filter((i) => i.formulaId === r.id)));
}

export async function getFormulaRow(db: Db, id: string, opts: { forUpdate?: boolean } = {}): Promise<FormulaRow> {
  if (!isUuid(id)) throw notFound("Compound formula", id);
  const q = db.select().from(compoundFormulas).where(eq(compoundFormulas.id, id));
  const [row] = opts.forUpdate ? await q.for("update") : await q;
  if (!row) throw notFound("Compound formula", id);
  return row;
}

export async function getFormula(db: Db, id: string): Promise<CompoundFormula> {
  return (await withIngredients(db, [await getFormulaRow(db, id)]))[0];
}

export interface FormulaFilters {
  status?: string | null;
  search?: string | null;
  dosageForm?: string | null;
  stockCode?: string | null;
}

/** Formulas by code; filters status, dosage form, an ingredient's stock code, search (code or name). */
export async function listFormulas(db: Db, args: Partial<PageArgs> & FormulaFilters): Promise<Page<CompoundFormula>> {
  const w = pageWindow(args);
  const filters: SQL[] = [];
  if (args.status) {
    if (!(FORMULA_STATUSES as readonly string[]).includes(args.status)) throw fieldError("status", `must be one of ${FORMULA_STATUSES.join(", ")}`);
    filters.push(eq(compoundFormulas.status, args.status));
  }
  if (args.dosageForm) filters.push(ilike(compoundFormulas.dosageForm, args.dosageForm.trim()));
  if (args.search) filters.push(or(ilike(compoundFormulas.code, likeTerm(args.search)), ilike(compoundFormulas.name, likeTerm(args.search)))!);
  if (args.stockCode) filters.push(inArray(compoundFormulas.id, db.select({ id: compoundFormulaIngredients.formulaId }).from(compoundFormulaIngredients).where(eq(compoundFormulaIngredients.stockCode, args.stockCode.trim()))));
  const where = filters.length ? and(...filters) : undefined;
  const [rows, [{ total }]] = await Promise.all([
    db.select().from(compoundFormulas).where(where).orderBy(asc(compoundFormulas.code)).limit(w.limit).offset(w.offset),
    db.select({ total: count() }).from(compoundFormulas).where(where),
  ]);
  return toPage(await withIngredients(db, rows), total, w);
}

export interface IngredientFilters {
  formulaId?: string | null;
  search?: string | null;
  kind?: string | null;
  stockCode?: string | null;
}

/** Formula ingredients by formula code and position; filters formula, kind, stock code, search (name or code). */
export async function listFormulaIngredients(db: Db, args: Partial<PageArgs> & IngredientFilters): Promise<Page<FormulaIngredient>> {
  const w = pageWindow(args);
  const filters: SQL[] = [];
  if (args.formulaId) {
    if (!isUuid(args.formulaId)) throw fieldError("formulaId", "must be a formula id (UUID)");
    filters.push(eq(compoundFormulaIngredients.formulaId, args.formulaId));
  }
  if (args.kind) {
    if (!(INGREDIENT_KINDS as readonly string[]).includes(args.kind)) throw fieldError("kind", `must be one of ${INGREDIENT_KINDS.join(", ")}`);
    filters.push(eq(compoundFormulaIngredients.kind, args.kind));
  }
  if (args.stockCode) filters.push(eq(compoundFormulaIngredients.stockCode, args.stockCode.trim()));
  if (args.search) filters.push(or(ilike(compoundFormulaIngredients.name, likeTerm(args.search)), ilike(compoundFormulaIngredients.stockCode, likeTerm(args.search)))!);
  const where = filters.length ? and(...filters) : undefined;
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({ i: compoundFormulaIngredients, code: compoundFormulas.code, status: compoundFormulas.status })
      .from(compoundFormulaIngredients)
      .innerJoin(compoundFormulas, eq(compoundFormulas.id, compoundFormulaIngredients.formulaId))
      .where(where)
      .orderBy(asc(compoundFormulas.code), asc(compoundFormulaIngredients.position))
      .limit(w.limit)
      .offset(w.offset),
    db.select({ total: count() }).from(compoundFormulaIngredients).where(where),
  ]);
  return toPage(rows.map((r) => toIngredient(r.i, r)), total, w);
}

/** Checks a formula (400 naming every problem); returns its ingredients as rows to insert. */
function checkFormula(input: CreateFormulaInput): Omit<IngredientRow, "id" | "formulaId">[] {
  const errors = new FieldErrorCollector();
  if (!/^[A-Za-z0-9_-]{2,32}$/.test(input.code.trim())) errors.add("code", "letters, digits, - and _ only (2–32)");
  if (!input.name.trim()) errors.add("name", "must not be blank");
  if (!input.dosageForm.trim()) errors.add("dosageForm", "must not be blank");
  if (!input.batchUnit.trim()) errors.add("batchUnit", "must not be blank");
  if (!Number.isInteger(input.beyondUseDays) || input.beyondUseDays < 1 || input.beyondUseDays > MAX_BEYOND_USE_DAYS)
    errors.add("beyondUseDays", `must be an integer from 1 to ${MAX_BEYOND_USE_DAYS} (USP <795>: a nonsterile preparation's beyond-use date is never more than ${MAX_BEYOND_USE_DAYS} days, even with a stability study)`);
  else if (input.budCategory != null) {
    const category = input.budCategory as keyof typeof BUD_CATEGORY_DAYS;
    if (!BUD_CATEGORIES.includes(category)) errors.add("budCategory", `must be one of ${BUD_CATEGORIES.join(", ")}`);
    else if (input.beyondUseDays > BUD_CATEGORY_DAYS[category] && !input.stabilityReference?.trim())
      errors.add("beyondUseDays", `is more than the ${BUD_CATEGORY_DAYS[category]} days USP <795> allows a ${category.replace("_", " ")} preparation without a stability study: shorten it, or give stabilityReference`);
  }
  if (input.tolerancePercent.lt(0) || input.tolerancePercent.gt(20) || input.tolerancePercent.decimalPlaces() > 2) errors.add("tolerancePercent", "must be from 0 to 20 with at most two decimals");
  if (!input.ingredients.length) errors.add("ingredients", "must contain at least one ingredient");
  if (input.ingredients.length > MAX_INGREDIENTS) errors.add("ingredients", `must contain at most ${MAX_INGREDIENTS} ingredients`);
  const seen = new Set<string>();
  const rows = input.ingredients.map((it, i) => {
    const at = `ingredients.${i}`;
    const code = it.stockCode.trim();
    const med = medicationByCode(code);
    const excipient = code.startsWith(EXCIPIENT_PREFIX) && code.length > EXCIPIENT_PREFIX.length;
    if (isCompoundCode(code)) errors.add(`${at}.stockCode`, "a compounded preparation cannot be an ingredient of another");
    else if (!med && !excipient) errors.add(`${at}.stockCode`, `must be a medication catalog code, or ${EXCIPIENT_PREFIX}<name> for a non-catalog item`);
    if (seen.has(code)) errors.add(`${at}.stockCode`, "appears twice; give each ingredient one line");
    seen.add(code);
    if (excipient && !it.name?.trim()) errors.add(`${at}.name`, "is required for an excipient");
    if (it.quantityPerUnit.lte(0) || it.quantityPerUnit.decimalPlaces() > 4) errors.add(`${at}.quantityPerUnit`, "must be greater than zero with at most four decimals");
    // The column holds 10 integer digits; a batch's need (× batch size) must fit its own column too.
    else if (it.quantityPerUnit.gt(MAX_QUANTITY)) errors.add(`${at}.quantityPerUnit`, `must be at most ${MAX_QUANTITY} per unit of the batch`);
    if (!it.unit.trim()) errors.add(`${at}.unit`, "must not be blank");
    return {
      position: i,
      stockCode: code,
      kind: med ? "medication" : "excipient",
      name: it.name?.trim() || med?.genericName || code,
      quantityPerUnit: it.quantityPerUnit.toFixed(4),
      unit: it.unit.trim(),
    };
  });
  errors.throwIfAny("Invalid compound formula");
  return rows;
}

/** A formula is created as a draft; its code is unique (409). `id`: a fixed id (the demo world's), else a new one. */
export async function createFormula(db: Db, principal: Principal, input: CreateFormulaInput, id?: string): Promise<CompoundFormula> {
  const ingredients = checkFormula(input);
  const formulaId = await db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    const [row] = await tx
      .insert(compoundFormulas)
      .values({
        ...(id ? { id } : {}),
        code: input.code.trim().toUpperCase(),
        name: input.name.trim(),
        dosageForm: input.dosageForm.trim(),
        batchUnit: input.batchUnit.trim(),
        beyondUseDays: input.beyondUseDays,
        budCategory: input.budCategory ?? null,
        stabilityReference: input.stabilityReference?.trim() || null,
        instructions: input.instructions?.trim() || null,
        tolerancePercent: input.tolerancePercent.toFixed(2),
        createdBy: principal.sub,
      })
      .onConflictDoNothing({ target: compoundFormulas.code })
      .returning();
    if (!row) throw conflict(`A compound formula with code ${input.code.trim().toUpperCase()} already exists`);
    await tx.insert(compoundFormulaIngredients).values(ingredients.map((i) => ({ ...i, formulaId: row.id })));
    return row.id;
  });
  return getFormula(db, formulaId);
}

/**
 * Who may retire a formula (retired is final and its code stays taken). Formulas are shared by every
 * pharmacy, so not any pharmacist: a draft by its author (withdrawn before anyone relies on it); an
 * approved formula by one of the two pharmacists who put it into use (its author or its approver, the
 * four eyes of approval), since others may be preparing and prescribing it; an admin either.
 */
function retireRefusal(f: FormulaRow, principal: Principal): string | null {
  if (principal.roles.includes("admin")) return null;
  if (f.status === "draft") return f.createdBy === principal.sub ? null : "A draft formula is retired by its author (or an admin)";
  if (f.createdBy === principal.sub || f.approvedBy === principal.sub) return null;
  return "An approved formula is shared by every pharmacy: it is retired by the pharmacist who wrote it or the one who approved it (or an admin)";
}

/**
 * draft → approved (by a pharmacist who did not write it: four eyes) and draft | approved → retired
 * (by those `retireRefusal` allows), under a row lock. Repeating the move just made returns the
 * formula unchanged; any other move is 409.
 */
export async function transitionFormula(db: Db, principal: Principal, id: string, to: "approved" | "retired"): Promise<CompoundFormula> {
  await db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    const f = await getFormulaRow(tx, id, { forUpdate: true });
    if (f.status === to) return;
    if (to === "approved") {
      if (f.status !== "draft") throw conflict(`Only a draft formula can be approved; this one is ${f.status}`);
      if (f.createdBy === principal.sub) throw forbidden("A formula is approved by a pharmacist other than its author");
      await tx.update(compoundFormulas).set({ status: "approved", approvedBy: principal.sub, approvedAt: new Date() }).where(eq(compoundFormulas.id, id));
    } else {
      const refusal = retireRefusal(f, principal);
      if (refusal) throw forbidden(refusal);
      await tx.update(compoundFormulas).set({ status: "retired", retiredBy: principal.sub, retiredAt: new Date() }).where(eq(compoundFormulas.id, id));
    }
  });
  return getFormula(db, id);
}
