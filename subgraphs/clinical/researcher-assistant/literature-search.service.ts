import { sql, type SQL } from "drizzle-orm";
import type { SubgraphContext } from "../../../lib/context.js";
import { rowsOf } from "../../../lib/db.js";
import { FieldErrorCollector } from "../../../lib/errors.js";
import { appendAuditNow } from "../audit/audit.service.js";
import { ensureLiteratureCorpus, readCorpusFile } from "./literature-corpus.js";
import { normaliseSpelling, queryUnits, usesSearchSyntax } from "./literature-query.js";
import type { LiteratureSearchInput, LiteratureSearchResult } from "./researcher-assistant.type.js";

const LITERATURE_SEARCH_VERSION = "literature-search@1.1.0";
/** A term in more than this share of the corpus's entries (screen, adult, women, cancer ...) does not tell entries apart. */
const COMMON_TERM_SHARE = 0.2;
export const MAX_QUERY_LENGTH = 500;
const MAX_PAGE_SIZE = 50;

interface Row {
  id: string;
  title: string;
  issuing_body: string;
  year: number | null;
  grade: string | null;
  topics: string[];
  summary: string;
  source_url: string;
  statement_url: string | null;
  licence: string;
  snippet: string;
  rank: number;
  total: number;
}

/**
 * Full-text search over the shipped guideline corpus (PostgreSQL text search; the same SQL on PGlite):
 * `websearch_to_tsquery('english', query)` against the stored weighted vector (title A, statement B,
 * details C, GIN-indexed), ranked by `ts_rank`, id on ties, snippets by `ts_headline`. Every word must
 * match; when nothing does, the words are ORed instead and `matchMode` says "any". Audited: the
 * request is kept as a digest only.
 */
export async function searchLiterature(ctx: SubgraphContext, input: LiteratureSearchInput): Promise<LiteratureSearchResult> {
  const errors = new FieldErrorCollector();
  const query = (input.query ?? "").trim();
  if (!query) errors.add("query", "is required");
  else if (query.length > MAX_QUERY_LENGTH) errors.add("query", `must be at most ${MAX_QUERY_LENGTH} characters`);
  for (const f of ["yearFrom", "yearTo"] as const) {
    const v = input[f];
    if (v != null && (v < 1900 || v > 2100)) errors.add(f, "must be a year 1900-2100");
  }
  if (input.yearFrom != null && input.yearTo != null && input.yearFrom > input.yearTo) errors.add("yearTo", "must not be before yearFrom");
  if (input.topics && input.topics.length > 20) errors.add("topics", "at most 20");
  input.topics?.forEach((t, i) => {
    if (!t.trim() || t.length > 60) errors.add(`topics.${i}`, "must be 1-60 characters");
  });
  if (input.source != null && (!input.source.trim() || input.source.length > 200)) errors.add("source", "must be 1-200 characters");
  if (input.page != null && input.page < 1) errors.add("page", "must be 1 or more");
  if (input.pageSize != null && (input.pageSize < 1 || input.pageSize > MAX_PAGE_SIZE)) errors.add("pageSize", `must be 1-${MAX_PAGE_SIZE}`);
  errors.throwIfAny("Invalid literature search");

  await ensureLiteratureCorpus(ctx.db);
  const { file, sha256 } = readCorpusFile();
  const [{ q }] = rowsOf<{ q: string }>(await ctx.db.execute(sql`select (${tsqueryOf(query)})::text as q`));
  if (!q) {
    errors.add("query", "has no searchable words (only stop words or punctuation)");
    errors.throwIfAny("Invalid literature search");
  }
  const page = input.page ?? 1;
  const pageSize = input.pageSize ?? 10;
  const filters: SQL[] = [];
  if (input.yearFrom != null) filters.push(sql`a.year >= ${input.yearFrom}`);
  if (input.yearTo != null) filters.push(sql`a.year <= ${input.yearTo}`);
  if (input.topics?.length) filters.push(sql`a.topics && ${sql`array[${sql.join(input.topics.map((t) => sql`${t.trim().toLowerCase()}`), sql`, `)}]::text[]`}`);
  if (input.source) filters.push(sql`a.issuing_body ilike ${`%${input.source.trim().replace(/[\\%_]/g, (c) => `\\${c}`)}%`}`);
  const where = filters.length ? sql` and ${sql.join(filters, sql` and `)}` : sql``;

  const run = async (tsquery: string, coverage?: { terms: string[]; atLeast: number }) => {
    // "any" mode: ranked first by how many of the query's distinctive terms an entry holds, and only
    // entries holding more than half of them (a query on a subject the corpus lacks finds nothing).
    const covered = coverage ? sql.join(coverage.terms.map((t) => sql`(a.search @@ ${t}::tsquery)::int`), sql` + `) : undefined;
    const enough = covered ? sql` and (${covered}) >= ${coverage!.atLeast}` : sql``;
    const first = covered ? sql`(${covered}) desc, ` : sql``;
    return rowsOf<Row>(
      await ctx.db.execute(sql`
        with q as (select ${tsquery}::tsquery as q)
        select a.id, a.title, a.issuing_body, a.year, a.grade, a.topics, a.summary, a.source_url, a.statement_url, a.licence,
               ts_headline('english', a.summary || ' ' || a.details, q.q, 'StartSel=«, StopSel=», MaxWords=40, MinWords=15, MaxFragments=2') as snippet,
               ts_rank(a.search, q.q) as rank,
               count(*) over () as total
          from clinical.literature_abstracts a, q
         where a.search @@ q.q${where}${enough}
         order by ${first}rank desc, a.id
         limit ${pageSize} offset ${(page - 1) * pageSize}`),
    );
  };
  let matchMode = "all";
  let understood = q;
  let rows = await run(q);
  const terms = topLevelTerms(q);
  const anyQuery = terms ? terms.join(" | ") : q.replace(/ & /g, " | ");
  if (rows.length === 0 && page === 1 && anyQuery !== q) {
    matchMode = "any";
    understood = anyQuery;
    rows = await run(anyQuery, terms ? await distinctiveCoverage(ctx, terms) : undefined);
  }
  const count = rows.length ? Number(rows[0].total) : 0;
  const results = rows.map((r) => ({
    id: r.id,
    title: r.title,
    issuingBody: r.issuing_body,
    year: r.year,
    grade: r.grade,
    topics: r.topics,
    score: Math.round(Number(r.rank) * 10_000) / 10_000,
    snippet: r.snippet,
    summary: r.summary,
    sourceUrl: r.source_url,
    statementUrl: r.statement_url,
    licence: r.licence,
  }));
  const corpus = `${file.name}@${file.version}+${sha256.slice(0, 12)}`;
  const rulesetVersion = `${LITERATURE_SEARCH_VERSION}; ${corpus}`;
  const audit = await appendAuditNow(ctx.db, {
    actor: ctx.principal,
    operation: "research_literature_search",
    patientUhid: null,
    input,
    output: { count, page, pageSize, matchMode, resultIds: results.map((r) => r.id), filters: { yearFrom: input.yearFrom ?? null, yearTo: input.yearTo ?? null, topics: input.topics ?? [], source: input.source ?? null } },
    rulesetVersion,
    requestId: ctx.requestId,
  });
  return { results, count, page, pageSize, queryUnderstood: understood, matchMode, corpus, requiresReview: true, auditId: audit.id, rulesetVersion };
}

/**
 * The query as a tsquery: web-search syntax as typed (spelling normalised) when it uses quotes, "or" or
 * a minus; otherwise every word (or known phrase) required, each ORed with the corpus's terms for it
 * (literature-query.ts).
 */
function tsqueryOf(query: string): SQL {
  if (usesSearchSyntax(query)) return sql`websearch_to_tsquery('english', ${normaliseSpelling(query)})`;
  const units = queryUnits(query);
  if (!units.length) return sql`websearch_to_tsquery('english', ${query})`;
  return sql.join(
    units.map((u) =>
      u.alternatives.length
        ? sql`(plainto_tsquery('english', ${u.text}) || ${sql.join(u.alternatives.map((a) => sql`phraseto_tsquery('english', ${a})`), sql` || `)})`
        : sql`plainto_tsquery('english', ${u.text})`,
    ),
    sql` && `,
  );
}

/** The top-level AND-ed terms of a tsquery's text ("'a' & ( 'b' | 'c' <-> 'd' )"), or null when it has other top-level operators. */
export function topLevelTerms(q: string): string[] | null {
  const terms: string[] = [];
  let depth = 0, start = 0;
  for (let i = 0; i < q.length; i++) {
    const c = q[i];
    if (c === "'") {
      i = q.indexOf("'", i + 1);
      if (i < 0) return null;
    } else if (c === "(") depth++;
    else if (c === ")") depth--;
    else if (depth === 0 && (c === "|" || c === "!")) return null;
    else if (depth === 0 && c === "&") {
      terms.push(q.slice(start, i).trim());
      start = i + 1;
    }
  }
  terms.push(q.slice(start).trim());
  const unique = [...new Set(terms.filter(Boolean))];
  return unique.length > 1 ? unique : null;
}

/** The distinctive terms (in at most COMMON_TERM_SHARE of the entries) and how many an entry must hold: more than half. Undefined when every term is common. */
async function distinctiveCoverage(ctx: SubgraphContext, terms: string[]): Promise<{ terms: string[]; atLeast: number } | undefined> {
  const [row] = rowsOf<Record<string, string | number>>(
    await ctx.db.execute(sql`select count(*) as n, ${sql.join(terms.map((t, i) => sql`count(*) filter (where search @@ ${t}::tsquery) as ${sql.raw(`t${i}`)}`), sql`, `)} from clinical.literature_abstracts`),
  );
  const n = Number(row.n);
  const distinctive = terms.filter((_, i) => Number(row[`t${i}`]) <= COMMON_TERM_SHARE * n);
  if (!distinctive.length) return undefined;
  return { terms: distinctive, atLeast: Math.floor(distinctive.length / 2) + 1 };
}
