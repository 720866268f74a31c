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
 *    typed words (one of 3+ letters) are shown ("mosquito net" finds the insecticidal net). Aliases never
 *    match partially.
 */
import { readFileSync } from "node:fs";

/** Lower case, accents and punctuation dropped, words single-spaced. */
export function searchWords(s: string): string[] {
  const lower = s.toLowerCase();
  // eslint-disable-next-line no-control-regex
  return (/[^\x00-\x7f]/.test(lower) ? lower.normalize("NFKD").replace(/[\u0300-\u036f]/g, "") : lower)
    .replace(/[^a-z0-9.]+/g, " ")
    .replace(/(?<!\d)\.|\.(?!\d)/g, " ")
    .replace(/(\d)(mg|g|mcg|ug|ml|l|iu)\b/g, "$1 $2")
    .trim()
    .split(/\s+/)
    .filter(Boolean);
}

/** The spelling a word is compared in: British/US and common variant spellings fold together. */
export function canonical(word: string): string {
  return word.replace(/ph/g, "f").replace(/z/g, "s").replace(/y/g, "i").replace(/([a-z])\1+/g, "$1");
}

const UNIT_WORDS = new Set(["mg", "g", "mcg", "ug", "microgram", "micrograms", "ml", "l", "iu", "units", "unit", "tab", "tabs", "tablet", "tablets", "cap", "caps", "capsule", "capsules", "x"]);
const isStrengthWord = (w: string) => /^\d+(\.\d+)?$/.test(w) || UNIT_WORDS.has(w);

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

/** Optimal-string-alignment distance (a transposition is one edit), stopping early past `max`. */
export function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  const d: number[][] = Array.from({ length: a.length + 1 }, (_, i) => [i, ...Array<number>(b.length).fill(0)]);
  for (let j = 1; j <= b.length; j++) d[0][j] = j;
  for (let i = 1; i <= a.length; i++) {
    let rowMin = Infinity;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      d[i][j] = Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
      rowMin = Math.min(rowMin, d[i][j]);
    }
    if (rowMin > max) return max + 1;
  }
  return d[a.length][b.length];
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

interface Alias { words: string[]; single: boolean }

function loadAliases(): Map<string, Alias[]> {
  const map = new Map<string, Alias[]>();
  const add = (from: string, to: string, single: boolean) => {
    const key = searchWords(from).map(canonical).join(" ");
    const words = searchWords(to).map(canonical);
    if (!key || !words.length || key === words.join(" ")) return;
    const list = map.get(key) ?? [];
    if (!list.some((a) => a.words.join(" ") === words.join(" "))) list.push({ words, single });
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
    for (const s of [d.name, ...(d.synonyms ?? [])]) add(s, target, single);
  }
  const catalog = JSON.parse(readFileSync(new URL("./medications.json", import.meta.url), "utf8")) as { medications: { generic_name: string; synonyms: string[] }[] };
  for (const m of catalog.medications) for (const s of m.synonyms) {
    add(s, m.generic_name, true);
    add(m.generic_name, s, true);
  }
  return map;
}

const aliases = loadAliases();

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
 * nothing matches. `exact` (e.g. a code typed whole) puts an item first.
 */
export function rankByName<T>(query: string, items: readonly T[], texts: (item: T) => string[], exact?: (item: T, query: string) => boolean): Ranked<T>[] {
  const typed = searchWords(query);
  const strength = typed.filter(isStrengthWord);
  const nameWords = typed.filter((w) => !isStrengthWord(w)).map(canonical);
  // Strength words only (a SKU number, "500"): they are the query.
  const raw = nameWords.length ? nameWords : strength.map(canonical);
  const optional = nameWords.length ? strength : [];
  if (!raw.length) return [];

  // Query forms: as typed; the whole phrase or one word replaced by an alias's words.
  const forms: { words: string[]; alias: boolean }[] = [{ words: raw, alias: false }];
  for (const a of aliases.get(raw.join(" ")) ?? []) forms.push({ words: a.words, alias: true });
  raw.forEach((w, i) => {
    if (raw.length === 1) return;
    for (const a of aliases.get(w) ?? []) if (a.single) forms.push({ words: [...raw.slice(0, i), ...a.words, ...raw.slice(i + 1)], alias: true });
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
      else if (!f.alias && longMatched && matched * 2 >= f.words.length) partial = Math.max(partial, (sum / f.words.length) * 0.5);
    }
    // A SKU or code fragment typed with its punctuation (IBU-200, pcm500) matches the joined text.
    const joined = typed.join("");
    if (joined.length >= 3 && /\d/.test(joined) && compact.some((c) => c.includes(joined))) full = Math.max(full, 0.9);
    if (exact?.(item, query)) full = 2;
    const bonus = full > 0 ? optional.filter((s) => all.includes(canonical(s))).length * 0.05 : 0;
    return { item, index, full: full > 0 ? full + bonus : 0, partial };
  });
  const fullMatches = scored.filter((s) => s.full > 0);
  const chosen = fullMatches.length ? fullMatches.map((s) => ({ ...s, score: s.full })) : scored.filter((s) => s.partial > 0).map((s) => ({ ...s, score: s.partial }));
  return chosen.sort((a, b) => b.score - a.score || a.index - b.index).map(({ item, score }) => ({ item, score }));
}
