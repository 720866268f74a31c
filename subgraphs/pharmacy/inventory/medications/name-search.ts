/**
 * Counter search over medicine and product names (the medication catalog and the till's product list):
 * what a cashier or pharmacist types — a brand (Panadol), an abbreviation (PCM, TDF), a misspelling
 * (paracetemol), a British or US spelling (sulphate, sanitizer), a name with its strength (amox 500) — finds
 * the entry; a query that names nothing in the catalog finds nothing. Ranked, best first.
 * See docs/decisions/pharmacy.md, "Catalog search" (2026-11-28).
 *
 * 1. Words: lower case, accents and punctuation dropped; for comparing, a canonical spelling (ph → f, z → s,
 *    y → i, doubled letters single), so sulphate = sulfate, sanitizer = sanitiser, amoxycillin = amoxicillin.
 * 2. Strength words (500, 500mg, mg, ml, …) are optional: they rank an entry that carries them higher but never
 *    exclude one (a query of strength words only must match them).
 * 3. Aliases: a brand or abbreviation of one ingredient (knowledge/drugs.json synonyms of a single-ingredient
 *    entry whose id is that ingredient; the catalog's own synonyms) also searches as that ingredient. A
 *    combination's brand (Augmentin, Coartem) or a preparation's name (ciprofloxacin eye drops) searches as the
 *    whole entry name, so it never finds one ingredient alone or another form.
 * 4. A query word matches an entry word when equal, a prefix of it, or (4+ letters, same first letter) within
 *    one edit (two from 8 letters: transposition counts as one) or a trigram similarity of at least 0.5.
 * 5. Entries matching every query word come first; only when none does, entries matching at least half of the
 *    typed words (one of 3+ letters) are shown ("mosquito net" finds the insecticidal net). Medicine aliases never
 *    match partially, and a query that is itself an alias (tdf/3tc) is not matched partially either.
 * 6. Session 21 (blind set 2): a name glued to its strength (amoxyl250mg, vitc500) is split; the canonical spelling
 *    also folds sounds (c before e/i/y = s, other c = k, qu = kw, x = ks: sipro, karbamazepin, kwinini, oksitosin);
 *    an abbreviation typed without its space (vitc) is its alias; an alias may lead to a second one (Redoxon →
 *    ascorbic acid → vitamin C). search-terms.json adds everyday words for non-medicine products (chandarua,
 *    kondomu, plaster), words saying who a product is for (ya watoto: optional like strength words) and words
 *    joining two medicines (na, and). A query naming two or more medicines (panadol na brufen, pcm brufen) finds
 *    each when the whole query finds nothing, but never when the medicines named are the components of one
 *    combination in drugs.json (tramadol paracetamol, tdf 3tc): that is the combination, which is not stocked.
 */
import { readFileSync } from "node:fs";
import { editDistance } from "../../../../lib/spelling.js";

/** Lower case, accents and punctuation dropped, words single-spaced. */
export function searchWords(s: string): string[] {
  const lower = s.toLowerCase();
  // eslint-disable-next-line no-control-regex
  return (/[^\x00-\x7f]/.test(lower) ? lower.normalize("NFKD").replace(/[\u0300-\u036f]/g, "") : lower)
    .replace(/[^a-z0-9.]+/g, " ")
    .replace(/(?<!\d)\.|\.(?!\d)/g, " ")
    // A name glued to its strength (amoxyl250mg, cipro500, hctz25): a run of 3+ letters, then a number with a
    // unit or of 2+ digits closing the word. Short codes (mgso4, b6, d3, li2co3) are left whole.
    .replace(/([a-z]{3,})(\d+(?:\.\d+)?(?:mg|g|mcg|ug|ml|l|iu)\b)/g, "$1 $2")
    .replace(/([a-z]{3,})(\d{2,}(?:\.\d+)?)\b/g, "$1 $2")
    .replace(/(\d)(mg|g|mcg|ug|ml|l|iu)\b/g, "$1 $2")
    .trim()
    .split(/\s+/)
    .filter(Boolean);
}

/**
 * The spelling a word is compared in: British/US and common variant spellings fold together, and so do
 * spellings by sound as typed at an East African counter (c before e/i/y = s, other c = k, ck = k, qu = kw,
 * x = ks; ch is kept): sipro = cipro, karbamazepin = carbamazepine, kwinini = quinine, oksitosin = oxytocin.
 */
export function canonical(word: string): string {
  return word
    .replace(/ph/g, "f")
    .replace(/qu/g, "kw")
    .replace(/x/g, "ks")
    .replace(/c(?=[eiy])/g, "s")
    .replace(/c(?!h)/g, "k")
    .replace(/z/g, "s")
    .replace(/y/g, "i")
    .replace(/([a-z])\1+/g, "$1");
}

const UNIT_WORDS = new Set(["mg", "g", "mcg", "ug", "microgram", "micrograms", "ml", "l", "iu", "units", "unit", "tab", "tabs", "tablet", "tablets", "cap", "caps", "capsule", "capsules", "x"]);
const isStrengthWord = (w: string) => /^\d+(\.\d+)?$/.test(w) || UNIT_WORDS.has(w);

interface SearchTerms {
  aliases: { term: string; means: string; source: string }[];
  qualifiers: { words: string[] };
  connectors: { words: string[] };
}
const terms = JSON.parse(readFileSync(new URL("./search-terms.json", import.meta.url), "utf8")) as SearchTerms;
/** Words saying who a product is for (ya watoto, for children): optional like strength words. */
const QUALIFIERS = new Set(terms.qualifiers.words);
/** Words joining two medicines in one query (na, and). */
const CONNECTORS = new Set(terms.connectors.words.map(canonical));

/** pg_trgm's similarity of two words: shared trigrams of the padded words over all distinct ones. */
export function trigramSimilarity(a: string, b: string): number {
  const grams = (w: string) => {
    const p = `  ${w} `;
    const out = new Set<string>();
    for (let i = 0; i + 3 <= p.length; i++) out.add(p.slice(i, i + 3));
    return out;
  };
  const ga = grams(a);
  const gb = grams(b);
  let shared = 0;
  for (const g of ga) if (gb.has(g)) shared++;
  return shared / (ga.size + gb.size - shared);
}

/** How well one typed word matches one entry word (both canonical): 0 when not at all. */
function wordScore(q: string, w: string): number {
  if (q === w) return 1;
  if (q.length >= 2 && w.startsWith(q)) return 0.9;
  if (q.length < 4 || q[0] !== w[0]) return 0;
  const max = q.length >= 8 ? 2 : 1;
  // A typed word may be a misspelt prefix (amoxicilin vs amoxicillin; "ciprofloxacine").
  const dist = Math.min(editDistance(q, w, max), w.length > q.length ? editDistance(q, w.slice(0, q.length), max) + 0.5 : max + 1);
  const sim = trigramSimilarity(q, w);
  if (dist <= max || sim >= 0.5) return 0.6 + 0.2 * sim;
  return 0;
}

/** `single`: the alias names one ingredient; `partial`: it may match partially (an everyday word, no combination). */
interface Alias { words: string[]; single: boolean; partial?: boolean }

/** Every medicine name known (drugs.json names, synonyms, ingredients; the catalog's names), canonical. */
const knownNames = new Set<string>();
/** A phrase (canonical words joined) → the drugs.json id of the medicine it names (its single ingredient first). */
const ingredientOf = new Map<string, string>();
/** The drugs.json combinations, each as its sorted component ids joined ("paracetamol|tramadol"). */
const combinations = new Set<string>();

function loadAliases(): Map<string, Alias[]> {
  const map = new Map<string, Alias[]>();
  const add = (from: string, to: string, single: boolean, partial = false) => {
    const key = searchWords(from).map(canonical).join(" ");
    const words = searchWords(to).map(canonical);
    if (key) knownNames.add(key);
    if (!key || !words.length || key === words.join(" ")) return;
    const list = map.get(key) ?? [];
    if (!list.some((a) => a.words.join(" ") === words.join(" "))) list.push({ words, single, partial });
    map.set(key, list);
  };
  const drugs = JSON.parse(readFileSync(new URL("../../../clinical/knowledge/drugs.json", import.meta.url), "utf8")) as {
    drugs: { id: string; name: string; synonyms?: string[]; ingredients?: string[] }[];
  };
  for (const d of drugs.drugs) {
    const ingredients = d.ingredients ?? [];
    // Only the plain-ingredient entry (id = its ingredient) searches as the ingredient. A combination
    // (Augmentin) or a preparation (ciprofloxacin eye drops) searches as its full name, so it never finds
    // one ingredient alone or another form of it.
    const single = ingredients.length === 1 && canonical(d.id.replace(/_/g, " ")) === canonical(ingredients[0].replace(/_/g, " "));
    const target = single ? ingredients[0].replace(/_/g, " ") : d.name;
    for (const s of [d.name, ...(d.synonyms ?? [])]) {
      add(s, target, single);
      const key = searchWords(s).map(canonical).join(" ");
      // Which drugs.json entry a name means (a single ingredient wins over a preparation or combination).
      if (single || !ingredientOf.has(key)) ingredientOf.set(key, d.id);
    }
    if (single) ingredientOf.set(searchWords(ingredients[0].replace(/_/g, " ")).map(canonical).join(" "), d.id);
    for (const i of ingredients) knownNames.add(searchWords(i.replace(/_/g, " ")).map(canonical).join(" "));
    const parts = (d as { components?: string[] }).components ?? (ingredients.length > 1 ? ingredients.map((i) => i.replace(/ /g, "_")) : []);
    if (parts.length > 1) combinations.add([...parts].sort().join("|"));
  }
  const catalog = JSON.parse(readFileSync(new URL("./medications.json", import.meta.url), "utf8")) as { medications: { generic_name: string; synonyms: string[] }[] };
  for (const m of catalog.medications) {
    knownNames.add(searchWords(m.generic_name).map(canonical).join(" "));
    for (const s of m.synonyms) {
      add(s, m.generic_name, true);
      add(m.generic_name, s, true);
    }
  }
  for (const t of terms.aliases) add(t.term, t.means, false, true);
  return map;
}

const aliases = loadAliases();
/** The same aliases keyed without spaces: an abbreviation typed without its space (vitc = vit c). */
const compactAliases = new Map<string, Alias[]>();
for (const [key, list] of aliases) {
  if (!key.includes(" ")) continue;
  const compact = key.replace(/ /g, "");
  // The spaced form itself is read too (vitc = vit c), as an alias that names one thing.
  if (!aliases.has(compact)) compactAliases.set(compact, [{ words: key.split(" "), single: true }, ...list]);
}
const aliasesOf = (key: string): Alias[] => aliases.get(key) ?? compactAliases.get(key) ?? [];

export interface Ranked<T> { item: T; score: number }

/** An entry text's canonical words and its joined form, memoised: the till searches the same names on every keystroke. */
const preparedTexts = new Map<string, { words: string[]; compact: string }>();
function prepare(text: string): { words: string[]; compact: string } {
  let p = preparedTexts.get(text);
  if (!p) {
    const ws = searchWords(text);
    p = { words: ws.map(canonical), compact: ws.join("") };
    if (preparedTexts.size >= 50_000) preparedTexts.clear();
    preparedTexts.set(text, p);
  }
  return p;
}

/**
 * Ranks `items` for `query` (best first; ties keep the given order). `texts` gives an item's searchable texts,
 * its name first (a match in the name ranks above one in a synonym, SKU or category). An empty result when
 * nothing matches. `exact` (e.g. a code typed whole) puts an item first. When the whole query matches no entry
 * fully and names two or more medicines (panadol na brufen, pcm brufen), each is searched on its own and the
 * results are interleaved; never when they are the components of one combination (that product is meant).
 */
export function rankByName<T>(query: string, items: readonly T[], texts: (item: T) => string[], exact?: (item: T, query: string) => boolean): Ranked<T>[] {
  const typed = searchWords(query);
  const direct = rankWords(typed, query, items, texts, exact);
  if (direct.some((r) => r.full)) return direct.map(({ item, score }) => ({ item, score }));
  const each = rankEach(typed, items, texts);
  return (each ?? direct).map(({ item, score }) => ({ item, score }));
}

interface Scored<T> { item: T; score: number; full: boolean }

/** The query's words ranked as one phrase: full matches, or (none) partial ones. */
function rankWords<T>(typed: string[], query: string, items: readonly T[], texts: (item: T) => string[], exact?: (item: T, query: string) => boolean): Scored<T>[] {
  const strength = typed.filter(isStrengthWord);
  const qualifiers = typed.filter((w) => !isStrengthWord(w) && QUALIFIERS.has(w));
  const nameWords = typed.filter((w) => !isStrengthWord(w) && !QUALIFIERS.has(w)).map(canonical);
  // Strength (or audience) words only (a SKU number, "500"): they are the query.
  const raw = nameWords.length ? nameWords : [...strength, ...qualifiers].map(canonical);
  const optional = nameWords.length ? [...strength, ...qualifiers] : [];
  if (!raw.length) return [];

  // Query forms: as typed; the whole phrase or one word replaced by an alias's words (and an ingredient alias's
  // own alias: Redoxon → ascorbic acid → vitamin C). A query that is itself a medicine alias is not matched partially.
  const whole = aliasesOf(raw.join(" ")).length ? aliasesOf(raw.join(" ")) : aliasesOf(typed.map(canonical).join(" "));
  const forms: { words: string[]; alias: boolean; partial: boolean }[] = [{ words: raw, alias: false, partial: !whole.some((a) => !a.partial) }];
  for (const a of whole) {
    forms.push({ words: a.words, alias: true, partial: !!a.partial });
    if (a.single) for (const b of aliasesOf(a.words.join(" "))) if (b.single) forms.push({ words: b.words, alias: true, partial: false });
  }
  raw.forEach((w, i) => {
    if (raw.length === 1) return;
    for (const a of aliasesOf(w)) if (a.single || a.partial) forms.push({ words: [...raw.slice(0, i), ...a.words, ...raw.slice(i + 1)], alias: true, partial: !!a.partial });
  });

  const scored = items.map((item, index) => {
    const prepared = texts(item).map(prepare);
    const fields = prepared.map((p) => p.words);
    const all = fields.flat();
    const compact = prepared.map((p) => p.compact);
    let full = 0;
    let partial = 0;
    for (const f of forms) {
      let sum = 0;
      let matched = 0;
      let longMatched = false;
      for (const q of f.words) {
        let best = 0;
        fields.forEach((ws, fi) => {
          for (const w of ws) best = Math.max(best, wordScore(q, w) * (fi === 0 ? 1 : 0.95));
        });
        if (best > 0) {
          matched++;
          sum += best;
          if (q.length >= 3) longMatched = true;
        }
      }
      const mean = sum / f.words.length;
      const weight = f.alias ? 0.95 : 1;
      if (matched === f.words.length) full = Math.max(full, mean * weight);
      else if (f.partial && longMatched && matched * 2 >= f.words.length) partial = Math.max(partial, (sum / f.words.length) * 0.5 * weight);
    }
    // A SKU or code fragment typed with its punctuation (IBU-200, pcm500) matches the joined text.
    const joined = typed.join("");
    if (joined.length >= 3 && /\d/.test(joined) && compact.some((c) => c.includes(joined))) full = Math.max(full, 0.9);
    if (exact?.(item, query)) full = 2;
    const bonus = full > 0 ? optional.filter((s) => all.includes(canonical(s))).length * 0.05 : 0;
    return { item, index, full: full > 0 ? full + bonus : 0, partial };
  });
  const fullMatches = scored.filter((s) => s.full > 0);
  const chosen = fullMatches.length ? fullMatches.map((s) => ({ ...s, score: s.full, full: true })) : scored.filter((s) => s.partial > 0).map((s) => ({ ...s, score: s.partial, full: false }));
  return chosen.sort((a, b) => b.score - a.score || a.index - b.index).map(({ item, score, full }) => ({ item, score, full }));
}

/**
 * Two or more medicines in one query: the words split at connectors (na, and) and into the longest runs that
 * name a medicine (a known name or alias, or a run matching an entry fully). Null when a run names nothing known
 * or there is only one; empty when the runs are the components of one drugs.json combination. Otherwise each
 * run's full matches, interleaved (the best of each first).
 */
function rankEach<T>(typed: string[], items: readonly T[], texts: (item: T) => string[]): Scored<T>[] | null {
  const words = typed.filter((w) => !isStrengthWord(w) && !QUALIFIERS.has(w)).map(canonical);
  if (words.length < 2 || words.length > 6) return null;
  const groups: string[][] = [[]];
  for (const w of words) {
    if (CONNECTORS.has(w)) groups.push([]);
    else groups[groups.length - 1].push(w);
  }
  const names = (run: string[]) => knownNames.has(run.join(" ")) || aliasesOf(run.join(" ")).length > 0;
  const runs: string[][] = [];
  for (const g of groups) {
    let i = 0;
    while (i < g.length) {
      let j = g.length;
      while (j > i && !names(g.slice(i, j)) && !rankWords(g.slice(i, j), g.slice(i, j).join(" "), items, texts).some((r) => r.full)) j--;
      if (j === i) return null;
      runs.push(g.slice(i, j));
      i = j;
    }
  }
  if (runs.length < 2) return null;
  const ids = [...new Set(runs.map((r) => ingredientOf.get(r.join(" ")) ?? r.join("_")))].sort();
  if (ids.length > 1 && combinations.has(ids.join("|"))) return [];
  const lists = runs.map((r) => rankWords(r, r.join(" "), items, texts).filter((x) => x.full));
  const out: Scored<T>[] = [];
  const seen = new Set<T>();
  for (let k = 0; k < Math.max(...lists.map((l) => l.length)); k++) {
    for (const l of lists) {
      const r = l[k];
      if (r && !seen.has(r.item)) {
        seen.add(r.item);
        out.push(r);
      }
    }
  }
  return out;
}
