/**
 * Compounded preparations as medicines: the stock of a formula's preparations is the medication code
 * `compound:<formula code>`, which prescriptions name and dispensing draws (FEFO, the beyond-use date
 * as expiry). Dispensing asks here what such a code is; interaction and allergy checks use the
 * formula's catalog ingredients.
 */
import { asc, eq, inArray } from "drizzle-orm";
import type { Db } from "../../../lib/db.js";
import { compoundFormulaIngredients, compoundFormulas } from "../db/tables.js";

export const COMPOUND_PREFIX = "compound:";
export const isCompoundCode = (code: string) => code.startsWith(COMPOUND_PREFIX);
export const compoundCodeOf = (formulaCode: string) => `${COMPOUND_PREFIX}${formulaCode}`;

export interface CompoundFacts {
  code: string;
  name: string;
  formulaId: string;
  status: string;
  /** The formula's catalog medicines (excipients are not checked for interactions). */
  catalogIngredients: string[];
}

/** What the compound codes among `codes` are (formulas of any status; the caller decides what a status allows). */
export async function compoundFacts(db: Db, codes: string[]): Promise<Map<string, CompoundFacts>> {
  const out = new Map<string, CompoundFacts>();
  const formulaCodes = [...new Set(codes.filter(isCompoundCode).map((c) => c.slice(COMPOUND_PREFIX.length)))];
  if (!formulaCodes.length) return out;
  const formulas = await db.select().from(compoundFormulas).where(inArray(compoundFormulas.code, formulaCodes));
  if (!formulas.length) return out;
  const ingredients = await db
    .select()
    .from(compoundFormulaIngredients)
    .where(inArray(compoundFormulaIngredients.formulaId, formulas.map((f) => f.id)))
    .orderBy(asc(compoundFormulaIngredients.position));
  for (const f of formulas) {
    out.set(compoundCodeOf(f.code), {
      code: compoundCodeOf(f.code),
      name: f.name,
      formulaId: f.id,
      status: f.status,
      catalogIngredients: ingredients.filter((i) => i.formulaId === f.id && i.kind === "medication").map((i) => i.stockCode),
    });
  }
  return out;
}

/**
 * The codes a drug-safety check should ask about: catalog codes as they are, a compound code replaced
 * by its formula's catalog ingredients (duplicates dropped).
 */
export async function safetyCodesOf(db: Db, codes: string[]): Promise<string[]> {
  const facts = await compoundFacts(db, codes);
  return [...new Set(codes.flatMap((c) => (isCompoundCode(c) ? (facts.get(c)?.catalogIngredients ?? [c]) : [c])))];
}

export async function formulaByCode(db: Db, code: string) {
  const [row] = await db.select().from(compoundFormulas).where(eq(compoundFormulas.code, code));
  return row;
}
