/**
 * Rebuilds the researcher literature corpus (subgraphs/clinical/knowledge/literature/) from the
 * fetched git snapshot of dhes/uspstf-json, a capture of the USPSTF Prevention TaskForce data
 * (the U.S. Preventive Services Task Force recommendation statements, March 2021).
 *
 *   npx tsx scripts/build-literature.ts /work/.mirror/dhes+uspstf-json/repo
 *
 * The argument is the snapshot's git directory (bare, or a checkout's .git). Only text is taken from
 * the source, verbatim apart from HTML markup removed and entities decoded: the title, the
 * recommendation statement (summary), and the statement's own "service frequency" and "risk
 * assessment" passages (details). Nothing is written by hand: the topic tags come from the title by
 * the keyword table below, the year is null (the capture carries none), and the statement URL is the
 * first uspreventiveservicestaskforce.org address found in the record's own text, if any.
 */
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { writeFileSync } from "node:fs";

const OUT = new URL("../subgraphs/clinical/knowledge/literature/", import.meta.url).pathname;
const repo = process.argv[2];
if (!repo) {
  console.error("usage: npx tsx scripts/build-literature.ts <git directory of dhes/uspstf-json>");
  process.exit(2);
}

const SOURCE = {
  repository: "https://github.com/dhes/uspstf-json",
  commit: "dd879fff37c15b059d4bad26a6c620cb63596ea5",
  path: "working-guidlines.json",
  captured: "2021-03-12",
};

const git = (...args: string[]) => execFileSync("git", ["--git-dir", repo, ...args], { encoding: "utf8", maxBuffer: 64 * 1024 * 1024 });
const raw = git("show", `${SOURCE.commit}:${SOURCE.path}`);

interface SourceRecommendation {
  id: number;
  title: string;
  grade: string;
  text: string;
  servFreq?: string;
  riskText?: string;
  general?: string;
}

const ENTITIES: Record<string, string> = { nbsp: " ", amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", ndash: "–", mdash: "—", rsquo: "’", lsquo: "‘", rdquo: "”", ldquo: "“", ge: "≥", le: "≤", micro: "µ", deg: "°" };

/** HTML to plain text: tags dropped (line breaks and block ends become spaces), entities decoded, spaces collapsed. */
function plain(html: string | undefined): string {
  if (!html) return "";
  return html
    .replace(/<(br|\/p|\/div|\/li)\s*\/?>/gi, " ")
    .replace(/<\s*\/?\s*[a-z][^>]*>/gi, "")
    .replace(/&#(\d+);/g, (_, n: string) => String.fromCodePoint(Number(n)))
    .replace(/&([a-z]+);/gi, (m, name: string) => ENTITIES[name.toLowerCase()] ?? m)
    .replace(/<\s*\/?\s*(i|b|em|strong|sup|sub|span)\s*>/gi, "") // inline tags the source had escaped
    .replace(/\s+/g, " ")
    .trim();
}

/** Topic tags from the title (lower case), first match order; a record may carry several. */
const TOPICS: [string, RegExp][] = [
  ["hiv", /\bhiv\b|human immunodeficiency/],
  ["tuberculosis", /tuberculosis/],
  ["hepatitis", /hepatitis/],
  ["sexually-transmitted-infections", /syphilis|chlamydia|gonorrh|gonococcal|herpes|sexually transmitted/],
  ["infectious-disease", /\bhiv\b|human immunodeficiency|tuberculosis|hepatitis|syphilis|chlamydia|gonorrh|gonococcal|herpes|sexually transmitted|bacteriuria|bacterial vaginosis/],
  ["hypertension", /blood pressure|preeclampsia/],
  ["diabetes", /diabetes|blood glucose/],
  ["cardiovascular", /cardiovascular|aortic aneurysm|atrial fibrillation|carotid|peripheral artery|statin|aspirin use|blood pressure|lipid/],
  ["maternal-health", /pregnan|prenatal|preeclampsia|gestational|neural tube|breastfeeding|perinatal|rh\(d\)|postpartum|preterm/],
  ["child-health", /child|newborn|infant|adolescent|neonatorum|young children|school-aged|dental caries|scoliosis|autism/],
  ["nutrition", /folic acid|iron deficiency|vitamin|diet|obesity|weight|body mass/],
  ["cancer", /cancer|brca/],
  ["mental-health", /depression|suicide|cognitive impairment|autism/],
  ["substance-use", /tobacco|smoking|alcohol|drug use|illicit/],
  ["violence-and-abuse", /violence|abuse|maltreatment/],
  ["older-adults", /older adults|falls|osteoporosis|postmenopausal|hearing loss|visual acuity/],
];

function topicsOf(title: string): string[] {
  const t = title.toLowerCase();
  const tags = TOPICS.filter(([, re]) => re.test(t)).map(([tag]) => tag);
  return tags.length ? ["prevention", ...tags] : ["prevention"];
}

const data = JSON.parse(raw) as { specificRecommendations: SourceRecommendation[] };
const seen = new Set<string>();
const entries = data.specificRecommendations.map((r) => {
  const id = `uspstf-${r.id}`;
  if (seen.has(id)) throw new Error(`duplicate id ${id}`);
  seen.add(id);
  const title = plain(r.title);
  const summary = plain(r.text);
  if (!title || !summary) throw new Error(`${id}: no title or statement text`);
  const statementUrl = /https?:\/\/www\.uspreventiveservicestaskforce\.org\/[^"#\s<]+/.exec(`${r.text} ${r.servFreq ?? ""} ${r.riskText ?? ""}`)?.[0] ?? null;
  return {
    id,
    title,
    issuingBody: "U.S. Preventive Services Task Force (USPSTF)",
    year: null as number | null,
    grade: r.grade,
    topics: topicsOf(title),
    summary,
    details: [
      ...(plain(r.servFreq) ? [{ label: "Service frequency", text: plain(r.servFreq) }] : []),
      ...(plain(r.riskText) ? [{ label: "Risk assessment", text: plain(r.riskText) }] : []),
    ],
    sourceUrl: `${SOURCE.repository}/blob/${SOURCE.commit}/${SOURCE.path}`,
    statementUrl,
    sourceRecord: { file: SOURCE.path, specificRecommendationId: r.id, generalRecommendationId: r.general ?? null },
    licence: "Public domain (U.S. Government work: USPSTF recommendation statements, AHRQ)",
  };
});

const corpus = {
  name: "guideline-abstracts",
  version: "1.0.0",
  description: "USPSTF recommendation statements (one entry per population-specific recommendation), as captured from the USPSTF Prevention TaskForce data on " + SOURCE.captured,
  source: SOURCE,
  entries,
};
const text = `${JSON.stringify(corpus, null, 2)}\n`;
writeFileSync(`${OUT}guideline-abstracts.json`, text);
console.log(`wrote ${entries.length} entries, sha256 ${createHash("sha256").update(text).digest("hex").slice(0, 12)}`);
