import { sql } from "drizzle-orm";
import { rowsOf, type Db } from "../../../lib/db.js";
import { localDate } from "../preferences/quiet-hours.js";

/** Notification numbers follow the platform's business day (Africa/Kampala, UTC+3). */
export const NUMBERING_TIME_ZONE = "Africa/Kampala";

/**
 * Reserves `count` consecutive numbers NOTIF-<yyyymmdd>-<sequence> for today. Must run inside the
 * transaction that inserts the notifications: the counter row stays locked until commit, so
 * concurrent callers queue on it, and a rolled-back transaction gives its numbers back (no gaps).
 */
export async function reserveNotificationNumbers(tx: Db, count: number, now = new Date()): Promise<string[]> {
  const day = localDate(now, NUMBERING_TIME_ZONE);
  const [row] = rowsOf<{ last_value: number }>(
    await tx.execute(sql`
      insert into notifications.number_counters (day, last_value) values (${day}, ${count})
      on conflict (day) do update set last_value = number_counters.last_value + ${count}
      returning last_value`),
  );
  const last = Number(row.last_value);
  const compact = day.replace(/-/g, "");
  return Array.from({ length: count }, (_, i) => `NOTIF-${compact}-${String(last - count + 1 + i).padStart(6, "0")}`);
}
