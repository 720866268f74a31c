import { sql } from "drizzle-orm";
import { rowsOf, type Db } from "../../../lib/db.js";

export interface RecordPassage {
  /** encounter, diagnosis, medication, observation, allergy, encounter_note or soap_note. */
  sourceType: string;
  sourceId: string;
  /** The SOAP note section (subjective, objective, assessment, plan); null for other sources. */
  section: string | null;
  date: string;
  /** The passage with the matching words marked «…» (ts_headline). */
  snippet: string;
  rank: number;
}

/**
 * The patient's record as passages for retrieval (RAG): each timeline row as one sentence, each
 * encounter note, and each section of each stored SOAP note.
 */
const PASSAGES = (uhid: string) => sql`
  select 'encounter' as source_type, id::text as source_id, null::text as section, date::text as date,
         type || ' encounter: ' || chief_complaint || coalesce(' at ' || facility, '') as body
    from clinical.encounters where patient_uhid = ${uhid}
  union all
  select 'diagnosis', id::text, null, date::text, 'Diagnosis ' || code || ' ' || display || ' (' || status || ')'
    from clinical.diagnoses where patient_uhid = ${uhid}
  union all
  select 'medication', id::text, null, start_date::text, 'Medication ' || name || ' ' || dose || ' ' || frequency || ' (' || status || ')'
    from clinical.medications where patient_uhid = ${uhid}
  union all
  select 'observation', id::text, null, date::text, display || ': ' || value || coalesce(' ' || unit, '')
    from clinical.observations where patient_uhid = ${uhid}
  union all
  select 'allergy', id::text, null, recorded_on::text, 'Allergy ' || substance || coalesce(' (' || reaction || ')', '')
    from clinical.allergies where patient_uhid = ${uhid}
  union all
  select 'encounter_note', id::text, null, (recorded_at at time zone 'UTC')::date::text, text
    from clinical.encounter_notes where patient_uhid = ${uhid}
  union all
  select 'soap_note', n.id::text, s.section, (n.created_at at time zone 'UTC')::date::text, s.body
    from clinical.soap_notes n
    cross join lateral (values ('subjective', n.subjective), ('objective', n.objective), ('assessment', n.assessment), ('plan', n.plan)) as s(section, body)
   where n.patient_uhid = ${uhid}`;

/**
 * Full-text retrieval over one patient's record with PostgreSQL text search (the same SQL on PGlite):
 * the message becomes `websearch_to_tsquery('english', …)` with its terms ORed (a patient's message
 * rarely contains every word of a passage), passages are ranked with `ts_rank`, newest first on ties,
 * and shown with `ts_headline`. Per patient there are tens to hundreds of passages, so their vectors
 * are computed in the query; the stored notes also have indexed `search` columns for wider searches.
 */
export async function retrievePassages(db: Db, uhid: string, query: string, limit = 5): Promise<RecordPassage[]> {
  // websearch syntax a patient does not mean: "-word" (exclusion) and quotes.
  const cleaned = query.replace(/["\-]/g, " ");
  const rows = rowsOf<{ source_type: string; source_id: string; section: string | null; date: string; snippet: string; rank: number }>(
    await db.execute(sql`
      with q as (
        select nullif(replace(websearch_to_tsquery('english', ${cleaned})::text, ' & ', ' | '), '')::tsquery as q
      ), p as (${PASSAGES(uhid)})
      select p.source_type, p.source_id, p.section, p.date,
             ts_headline('english', p.body, q.q, 'StartSel=«, StopSel=», MaxWords=35, MinWords=12, MaxFragments=2') as snippet,
             ts_rank(to_tsvector('english', p.body), q.q) as rank
        from p, q
       where q.q is not null and to_tsvector('english', p.body) @@ q.q
       order by rank desc, p.date desc
       limit ${limit}`),
  );
  return rows.map((r) => ({ sourceType: r.source_type, sourceId: r.source_id, section: r.section, date: r.date, snippet: r.snippet, rank: Math.round(Number(r.rank) * 10_000) / 10_000 }));
}
