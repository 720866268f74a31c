/**
 * Lists at a million rows (issue 14): grows patients, sales transactions, stock movements and
 * notifications to `--rows` each with generate_series, then times page 1, a deep page and a search or
 * filter of each list through the REST bridge, against the same lists at demo size.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/lists_scale npm run scale:lists
 *   npm run scale:lists -- --rows 200000 --runs 5 --deep-page 5000
 *
 * PostgreSQL only (PGlite is refused): the point is the planner and the indexes at scale. Start from a
 * fresh database: the service migrates it and loads the demo world, the demo sizes are timed (and kept in
 * the temp directory, so a second run on the grown tables still prints ratios), then the tables are grown
 * to `--rows` (a second run adds nothing). "after" is a deep page reached by cursor (`?after=`), where
 * the list takes one. "after insert" is the first deep page by number after one new row, "after
 * update" the first after a row's filtered or ordered column changed, "after delete" the first after
 * the new row is deleted (medians of `--runs` such cycles): each reads past the writes and shifts the
 * cached bookmarks (lib/page-bookmarks.ts) instead of reading them again.
 */
import "reflect-metadata";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { mintToken } from "../lib/auth.js";
import { loadConfig } from "../lib/config.js";
import { createLogger } from "../lib/logger.js";
import { startServer } from "../server.js";

const { values } = parseArgs({
  options: {
    rows: { type: "string", default: "1000000" },
    runs: { type: "string", default: "7" },
    "deep-page": { type: "string", default: "40000" },
  },
});
const url = process.env.DATABASE_URL;
if (!url || !/^postgres(ql)?:\/\//.test(url)) {
  console.error("scale:lists needs DATABASE_URL=postgres://… (PGlite is not measured: one process, no planner statistics worth reading)");
  process.exit(2);
}
const ROWS = Number(values.rows);
const RUNS = Number(values.runs);
const DEEP = Number(values["deep-page"]);
const SECRET = "scale-lists-secret-0123456789abcdef0123456789";

interface ListCase {
  name: string;
  path: string;
  /** A search, or the list's most used filter when it has no search. */
  query: string;
  /** One new row, as the service writes them (newest first: at the head): the deep page after it shifts the cached bookmarks (lib/page-bookmarks.ts). */
  insert: string;
  /** An update of a column the list filters or orders by (list_departures migrations): the old state leaves, the new arrives. */
  update: string;
  /** A delete of the new row: it leaves. */
  remove: string;
}
const LISTS: ListCase[] = [
  {
    name: "patients",
    path: "/api/v1/uhid/",
    query: "search=okello",
    insert: `insert into clinical.patients (uhid, given_name, family_name, sex, birth_date) values ('SC-NEW-' || (extract(epoch from clock_timestamp()) * 1000000)::bigint, 'Nakato', 'Okello', 'female', date '1990-01-01')`,
    update: `update clinical.patients set family_name = family_name || '.' where uhid = (select min(uhid) from clinical.patients where uhid like 'SC-%')`,
    remove: `delete from clinical.patients where uhid like 'SC-NEW-%'`,
  },
  {
    name: "transactions",
    path: "/api/v1/pharmacy/sales/transactions/",
    query: "search=nakato",
    insert: `insert into pharmacy.sales_transactions (transaction_number, pharmacy_id, cashier, created_by, subtotal, tax_amount, discount_amount, total_amount, currency, payment_method, payment_status, status)
             select 'SC-NEW-' || (extract(epoch from clock_timestamp()) * 1000000)::bigint, pharmacy_id, cashier, created_by, subtotal, tax_amount, discount_amount, total_amount, currency, payment_method, payment_status, status
             from pharmacy.sales_transactions limit 1`,
    update: `update pharmacy.sales_transactions set customer_name = coalesce(customer_name, '') || '.' where transaction_number = (select min(transaction_number) from pharmacy.sales_transactions where transaction_number like 'SC-%')`,
    remove: `delete from pharmacy.sales_transactions where transaction_number like 'SC-NEW-%'`,
  },
  {
    name: "movements",
    path: "/api/v1/pharmacy/inventory/movements/",
    query: "movement_type=adjustment",
    insert: `insert into pharmacy.stock_movements (pharmacy_id, product_id, inventory_item_id, movement_type, quantity, quantity_before, quantity_after, reference_type, reference_id, created_by)
             select pharmacy_id, product_id, inventory_item_id, movement_type, quantity, quantity_before, quantity_after, 'scale', 'SC-NEW', created_by from pharmacy.stock_movements limit 1`,
    update: `update pharmacy.stock_movements set reference_id = reference_id || '.' where id = (select id from pharmacy.stock_movements where reference_type = 'scale' limit 1)`,
    remove: `delete from pharmacy.stock_movements where reference_id = 'SC-NEW'`,
  },
  {
    name: "notifications",
    path: "/api/v1/notifications/",
    query: "status=FAILED",
    insert: `insert into notifications.notifications (notification_number, recipient_type, recipient, channel, template, category, body, source, status)
             select 'NOTIF-SC-NEW-' || (extract(epoch from clock_timestamp()) * 1000000)::bigint, recipient_type, recipient, channel, template, category, body, source, status from notifications.notifications limit 1`,
    update: `update notifications.notifications set status = case when status = 'FAILED' then 'SENT' else 'FAILED' end where notification_number = (select min(notification_number) from notifications.notifications where notification_number like 'NOTIF-SC-0%')`,
    remove: `delete from notifications.notifications where notification_number like 'NOTIF-SC-NEW-%'`,
  },
];

const config = loadConfig({
  DATABASE_URL: url,
  PORT: "0",
  HOST: "127.0.0.1",
  JWT_SECRET: SECRET,
  LOG_LEVEL: "warn",
  RATE_LIMIT_DEFAULT_PER_MIN: "1000000",
});
const server = await startServer({ config, logger: createLogger(config.LOG_LEVEL) });
const base = `http://127.0.0.1:${server.port}`;
const token = await mintToken(SECRET, { sub: "scale-lists", roles: ["admin"], expiresIn: "2h" });
const { default: postgres } = await import("postgres");
const sql = postgres(url, { max: 1, onnotice: () => {} });

async function timeGet(path: string): Promise<{ ms: number; count: number }> {
  const started = performance.now();
  const res = await fetch(base + path, { headers: { authorization: `Bearer ${token}` } });
  const body = (await res.json()) as { results?: unknown[] };
  const ms = performance.now() - started;
  if (res.status !== 200) throw new Error(`${path}: ${res.status} ${JSON.stringify(body).slice(0, 300)}`);
  return { ms, count: body.results?.length ?? 0 };
}

/** Median of RUNS timed calls after three warm-up calls (the first calls of a route also compile its code paths). */
async function median(path: string): Promise<number> {
  for (let i = 0; i < 3; i++) await timeGet(path);
  const ms: number[] = [];
  for (let i = 0; i < RUNS; i++) ms.push((await timeGet(path)).ms);
  return middle(ms);
}

function middle(ms: number[]): number {
  const sorted = [...ms].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

/** The cursor that continues after row `offset` of a list (read once through a page by number; not timed). */
async function cursorAt(path: string, page: number): Promise<string | null> {
  const res = await fetch(`${base}${path}?page=${page - 1}`, { headers: { authorization: `Bearer ${token}` } });
  const body = (await res.json()) as { next_cursor?: string | null };
  return body.next_cursor ?? null;
}

async function countRows(): Promise<Record<string, number>> {
  const [r] = await sql`
    select (select count(*) from clinical.patients)::int as patients,
           (select count(*) from pharmacy.sales_transactions)::int as transactions,
           (select count(*) from pharmacy.stock_movements)::int as movements,
           (select count(*) from notifications.notifications)::int as notifications`;
  return r as unknown as Record<string, number>;
}

const GIVEN = ["Nakato", "Okello", "Achieng", "Mugisha", "Namubiru", "Ssempijja", "Atim", "Kato", "Nansubuga", "Opio", "Akello", "Waiswa", "Nabirye", "Tumusiime", "Auma", "Byaruhanga", "Nalwoga", "Ocen", "Kyomuhendo", "Lubega"];
const FAMILY = ["Okello", "Nakato", "Mukasa", "Ouma", "Kiggundu", "Namutebi", "Odongo", "Tumwine", "Nsubuga", "Apio", "Kaggwa", "Nambi", "Otim", "Asiimwe", "Wasswa", "Babirye", "Ochieng", "Kisakye", "Mutebi", "Akena", "Ssali", "Nakimera", "Obua", "Kabuye", "Lwanga", "Amongi", "Bbosa", "Nanteza", "Olweny", "Ainembabazi"];
const arr = (xs: string[]) => `array[${xs.map((x) => `'${x}'`).join(",")}]`;

async function grow(): Promise<void> {
  const have = await countRows();
  const add = (table: string) => Math.max(0, ROWS - have[table]);
  let n = add("patients");
  if (n) {
    console.log(`patients: +${n}`);
    await sql.unsafe(`
      insert into clinical.patients (uhid, given_name, family_name, sex, birth_date, phone, district, source, created_at)
      select 'SC-' || (2015 + g % 11) || '-' || lpad(g::text, 7, '0'),
             (${arr(GIVEN)})[1 + g % ${GIVEN.length}],
             (${arr(FAMILY)})[1 + (g / ${GIVEN.length}) % ${FAMILY.length}],
             (array['female','male','female','male','other'])[1 + g % 5],
             date '1940-01-01' + (g::bigint * 7919 % 30000)::int,
             '+2567' || lpad((g::bigint * 104729 % 100000000)::text, 8, '0'),
             (array['Kampala','Gulu','Mbarara','Jinja','Lira','Mbale'])[1 + g % 6],
             'local_registry',
             now() - g * interval '1 minute'
      from generate_series(1, ${n}) g`);
  }
  n = add("transactions");
  if (n) {
    console.log(`sales transactions: +${n}`);
    await sql.unsafe(`
      with p as (select id, code, row_number() over (order by code) - 1 as i, count(*) over () as k from pharmacy.pharmacies)
      insert into pharmacy.sales_transactions (transaction_number, pharmacy_id, cashier, created_by, customer_name, customer_phone,
        subtotal, tax_amount, discount_amount, total_amount, currency, payment_method, payment_status, status, created_at, completed_at)
      select 'SC' || p.code || '-' || to_char(now() - g * interval '20 seconds', 'YYYYMMDD') || '-' || lpad(g::text, 7, '0'),
             p.id, 'till-' || (1 + g % 4), 'scale-lists',
             case when g % 3 = 0 then null else (${arr(GIVEN)})[1 + g % ${GIVEN.length}] || ' ' || (${arr(FAMILY)})[1 + (g / 7) % ${FAMILY.length}] end,
             case when g % 2 = 0 then null else '+2567' || lpad((g::bigint * 7919 % 100000000)::text, 8, '0') end,
             (1000 + g % 50 * 500)::numeric, 0, 0, (1000 + g % 50 * 500)::numeric, 'UGX',
             (array['cash','mobile_money','card'])[1 + g % 3], 'completed', 'completed',
             now() - g * interval '20 seconds', now() - g * interval '20 seconds'
      from generate_series(1, ${n}) g join p on p.i = g % p.k`);
  }
  n = add("movements");
  if (n) {
    console.log(`stock movements: +${n}`);
    await sql.unsafe(`
      with items as (select id, pharmacy_id, product_id, row_number() over (order by id) - 1 as i, count(*) over () as k from pharmacy.inventory_items)
      insert into pharmacy.stock_movements (pharmacy_id, product_id, inventory_item_id, movement_type, quantity, quantity_before, quantity_after,
        reference_type, reference_id, created_by, created_at)
      select items.pharmacy_id, items.product_id, items.id,
             (array['sale','sale','sale','dispense','receipt','adjustment','return'])[1 + g % 7],
             case when g % 7 in (4, 6) then 10 + g % 90 else -(1 + g % 5) end, 500, 500, 'scale', 'SC-' || g, 'scale-lists',
             now() - g * interval '20 seconds'
      from generate_series(1, ${n}) g join items on items.i = g % items.k`);
  }
  n = add("notifications");
  if (n) {
    console.log(`notifications: +${n}`);
    await sql.unsafe(`
      insert into notifications.notifications (notification_number, patient_uhid, recipient_type, recipient, channel, template, category,
        body, source, status, attempts, provider, cost, created_at, updated_at, available_at, sent_at)
      select 'NOTIF-SC-' || lpad(g::text, 8, '0'),
             'SC-' || (2015 + g % 11) || '-' || lpad((g::bigint * 7 % ${ROWS} + 1)::text, 7, '0'),
             'patient', '+2567' || lpad((g::bigint * 104729 % 100000000)::text, 8, '0'),
             (array['SMS','SMS','EMAIL','PUSH'])[1 + g % 4], 'appointment_reminder', 'appointment',
             'Reminder: your appointment is tomorrow at 09:00.', 'appointment-reminder',
             (array['DELIVERED','DELIVERED','DELIVERED','SENT','FAILED'])[1 + g % 5], 1, 'development', 35,
             now() - g * interval '20 seconds', now() - g * interval '20 seconds', now() - g * interval '20 seconds', now() - g * interval '20 seconds'
      from generate_series(1, ${n}) g`);
  }
  console.log("vacuum analyze …");
  for (const t of ["clinical.patients", "pharmacy.sales_transactions", "pharmacy.stock_movements", "notifications.notifications"]) await sql.unsafe(`vacuum analyze ${t}`);
}

try {
  const demoRows = await countRows();
  const baselineFile = join(tmpdir(), `scale-lists-demo-${new URL(url).pathname.slice(1)}.json`);
  let demo: Record<string, number> = {};
  // The first calls of each route compile its code paths (gateway plans, resolvers): warm every route first.
  for (let i = 0; i < 5; i++) for (const l of LISTS) for (const q of ["page=1", `page=${DEEP}`, l.query]) await timeGet(`${l.path}?${q}`);
  if (demoRows.patients < 10_000) {
    for (const l of LISTS) demo[l.name] = await median(`${l.path}?page=1`);
    writeFileSync(baselineFile, JSON.stringify(demo));
  } else if (existsSync(baselineFile)) {
    demo = JSON.parse(readFileSync(baselineFile, "utf8")) as Record<string, number>;
  } else {
    console.log("tables already grown and no demo timings kept: no ratios (use a fresh database)");
  }
  const started = performance.now();
  await grow();
  console.log(`grown in ${((performance.now() - started) / 1000).toFixed(0)} s: ${JSON.stringify(await countRows())}`);
  const table: Record<string, string | number>[] = [];
  for (const l of LISTS) {
    const page1 = await median(`${l.path}?page=1`);
    const deep = await median(`${l.path}?page=${DEEP}`);
    // The first deep page after each write reads past the writes (lib/page-bookmarks.ts): median of RUNS cycles.
    const after: Record<"insert" | "update" | "remove", number[]> = { insert: [], update: [], remove: [] };
    for (let run = 0; run < RUNS; run++) {
      for (const write of ["insert", "update", "remove"] as const) {
        await sql.unsafe(l[write]);
        after[write].push((await timeGet(`${l.path}?page=${DEEP}`)).ms);
      }
    }
    const [afterInsert, afterUpdate, afterDelete] = [after.insert, after.update, after.remove].map(middle);
    const search = await median(`${l.path}?${l.query}`);
    const cursor = await cursorAt(l.path, DEEP);
    const deepByCursor = cursor ? await median(`${l.path}?page=${DEEP}&after=${encodeURIComponent(cursor)}`) : null;
    const ratio = (ms: number) => (demo[l.name] ? `${(ms / demo[l.name]).toFixed(1)}×` : "");
    table.push({
      list: l.name,
      "demo page 1 ms": demo[l.name]?.toFixed(1) ?? "",
      "page 1 ms": page1.toFixed(1),
      "×": ratio(page1),
      [`page ${DEEP} ms`]: deep.toFixed(1),
      "× ": ratio(deep),
      "after insert ms": afterInsert.toFixed(1),
      "×    ": ratio(afterInsert),
      "after update ms": afterUpdate.toFixed(1),
      "after delete ms": afterDelete.toFixed(1),
      [`after ms`]: deepByCursor?.toFixed(1) ?? "–",
      "×   ": deepByCursor ? ratio(deepByCursor) : "",
      [`search/filter ms`]: search.toFixed(1),
      "×  ": ratio(search),
      "search/filter": l.query,
    });
  }
  console.log(`\n${ROWS} rows per list, median of ${RUNS} runs, REST through the bridge, admin token, PostgreSQL`);
  console.table(table);
} finally {
  await sql.end();
  await server.stop();
}
