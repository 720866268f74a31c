import { readFileSync } from "node:fs";
import { eq, sql } from "drizzle-orm";
import type { Db } from "../../../lib/db.js";
import { literatureAbstracts, literatureCorpus } from "../db/tables.js";
import { sha256Hex } from "../knowledge/canonical-json.js";

export const LITERATURE_CORPUS_NAME = "guideline-abstracts";
const FILE = new URL("../knowledge/literature/guideline-abstracts.json", import.meta.url);

export interface CorpusEntry {
  id: string;
  title: string;
  issuingBody: string;
  year: number | null;
  grade: string | null;
  topics: string[];
  summary: string;
  details: { label: string; text: string }[];
  sourceUrl: string;
  statementUrl: string | null;
  licence: string;
}

interface CorpusFile {
  name: string;
  version: string;
  entries: CorpusEntry[];
}

let fileCache: { file: CorpusFile; sha256: string } | null = null;

/** The shipped corpus file and its SHA-256 (of the bytes as shipped), read once. */
export function readCorpusFile(): { file: CorpusFile; sha256: string } {
  if (!fileCache) {
    const raw = readFileSync(FILE, "utf8");
    const file = JSON.parse(raw) as CorpusFile;
    if (file.name !== LITERATURE_CORPUS_NAME || !Array.isArray(file.entries)) throw new Error(`knowledge/literature/guideline-abstracts.json: needs "name": "${LITERATURE_CORPUS_NAME}" and "entries"`);
    fileCache = { file, sha256: sha256Hex(raw) };
  }
  return fileCache;
}

/**
 * Makes `clinical.literature_abstracts` hold exactly the shipped file: when the stored checksum
 * differs (or nothing is stored), every row is replaced in one transaction, under an advisory lock so
 * that two starting processes do not load twice. Idempotent; returns whether it (re)loaded.
 */
export async function loadLiteratureCorpus(db: Db): Promise<boolean> {
  const { file, sha256 } = readCorpusFile();
  const current = async (tx: Db) => (await tx.select({ sha256: literatureCorpus.sha256 }).from(literatureCorpus).where(eq(literatureCorpus.name, LITERATURE_CORPUS_NAME)))[0]?.sha256;
  if ((await current(db)) === sha256) return false;
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('clinical.literature_corpus'))`);
    if ((await current(tx)) === sha256) return false;
    await tx.delete(literatureAbstracts);
    for (let i = 0; i < file.entries.length; i += 100) {
      await tx.insert(literatureAbstracts).values(
        file.entries.slice(i, i + 100).map((e) => ({
          id: e.id,
          title: e.title,
          issuingBody: e.issuingBody,
          year: e.year,
          grade: e.grade,
          topics: e.topics,
          summary: e.summary,
          details: e.details.map((d) => `${d.label}: ${d.text}`).join("\n"),
          sourceUrl: e.sourceUrl,
          statementUrl: e.statementUrl,
          licence: e.licence,
        })),
      );
    }
    const row = { name: LITERATURE_CORPUS_NAME, version: file.version, sha256, entries: file.entries.length, loadedAt: new Date() };
    await tx.insert(literatureCorpus).values(row).onConflictDoUpdate({ target: literatureCorpus.name, set: { version: row.version, sha256: row.sha256, entries: row.entries, loadedAt: row.loadedAt } });
    return true;
  });
}

const loaded = new WeakMap<Db, Promise<boolean>>();

/** Loads the corpus once per database handle (first search), then trusts it. */
export function ensureLiteratureCorpus(db: Db): Promise<boolean> {
  let pending = loaded.get(db);
  if (!pending) {
    pending = loadLiteratureCorpus(db);
    pending.catch(() => loaded.delete(db));
    loaded.set(db, pending);
  }
  return pending;
}
