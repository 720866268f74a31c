/**
 * Market-basket statistics over a set of baskets (each a set of product ids): for products A and B,
 * support(A,B) = baskets with both / all baskets; confidence(A→B) = baskets with both / baskets with A;
 * lift(A→B) = confidence(A→B) / support(B). Agrawal, Imieliński & Swami (1993), "Mining association
 * rules between sets of items in large databases".
 */
export interface BasketPair {
  a: string;
  b: string;
  /** Baskets containing both. */
  count: number;
  support: number;
  confidenceAToB: number;
  confidenceBToA: number;
  lift: number;
}

export interface BasketStats {
  baskets: number;
  /** Baskets containing each product. */
  itemCounts: Map<string, number>;
  /** Baskets containing each unordered pair, keyed "a|b" with a < b. */
  pairCounts: Map<string, number>;
}

const round = (x: number) => Math.round(x * 10_000) / 10_000;
const pairKey = (a: string, b: string) => (a < b ? `${a}|${b}` : `${b}|${a}`);

export function basketStats(baskets: Iterable<Set<string>>): BasketStats {
  const itemCounts = new Map<string, number>();
  const pairCounts = new Map<string, number>();
  let n = 0;
  for (const basket of baskets) {
    n++;
    const items = [...basket].sort();
    for (const i of items) itemCounts.set(i, (itemCounts.get(i) ?? 0) + 1);
    for (let x = 0; x < items.length; x++) {
      for (let y = x + 1; y < items.length; y++) pairCounts.set(pairKey(items[x], items[y]), (pairCounts.get(pairKey(items[x], items[y])) ?? 0) + 1);
    }
  }
  return { baskets: n, itemCounts, pairCounts };
}

/** Every pair bought together at least `minCount` times, strongest lift first (then support, then ids). */
export function cooccurrencePairs(stats: BasketStats, minCount = 1): BasketPair[] {
  const pairs: BasketPair[] = [];
  for (const [key, count] of stats.pairCounts) {
    if (count < minCount) continue;
    const [a, b] = key.split("|");
    const nA = stats.itemCounts.get(a)!;
    const nB = stats.itemCounts.get(b)!;
    pairs.push({
      a,
      b,
      count,
      support: round(count / stats.baskets),
      confidenceAToB: round(count / nA),
      confidenceBToA: round(count / nB),
      lift: round((count * stats.baskets) / (nA * nB)),
    });
  }
  return pairs.sort((p, q) => q.lift - p.lift || q.support - p.support || p.a.localeCompare(q.a) || p.b.localeCompare(q.b));
}

export interface Rule {
  antecedent: string;
  consequent: string;
  count: number;
  support: number;
  confidence: number;
  lift: number;
}

/**
 * Rules A → B for each A in the basket and each B not in it, bought together at least `minCount`
 * times; for each B the strongest rule (confidence, then lift) is kept. Best first.
 */
export function rulesFor(stats: BasketStats, basket: string[], minCount = 1): Rule[] {
  const best = new Map<string, Rule>();
  const inBasket = new Set(basket);
  for (const [key, count] of stats.pairCounts) {
    if (count < minCount) continue;
    const [x, y] = key.split("|");
    for (const [a, b] of [[x, y], [y, x]] as const) {
      if (!inBasket.has(a) || inBasket.has(b)) continue;
      const nA = stats.itemCounts.get(a)!;
      const nB = stats.itemCounts.get(b)!;
      const rule = { antecedent: a, consequent: b, count, support: round(count / stats.baskets), confidence: round(count / nA), lift: round((count * stats.baskets) / (nA * nB)) };
      const seen = best.get(b);
      if (!seen || rule.confidence > seen.confidence || (rule.confidence === seen.confidence && rule.lift > seen.lift)) best.set(b, rule);
    }
  }
  return [...best.values()].sort((p, q) => q.confidence - p.confidence || q.lift - p.lift || q.count - p.count || p.consequent.localeCompare(q.consequent));
}
