import { readFileSync } from "node:fs";
import { count } from "drizzle-orm";
import type { Db } from "../../../lib/db.js";
import type { Logger } from "../../../lib/logger.js";
import { readDemoFile } from "../../../lib/seed.js";
import { preferences, providerContacts } from "./tables.js";

interface DemoPatient {
  uhid: string;
  phone: string | null;
  email: string | null;
}

interface DemoProvider {
  provider_id: string;
  name: string;
  channels: string[];
  phone: string | null;
  email: string | null;
  language: string;
}

/** Languages rotate across the demo patients so every template variant is exercised. */
const DEMO_LANGUAGES = ["en", "lg", "sw"];

/**
 * Demo preferences for the demo patients (contact points from seed/demo/clinical.json, the shared
 * demo data file, not the clinical tables) and a few demo providers. Only into empty tables.
 */
export async function seedNotificationsDemo(db: Db, logger: Logger): Promise<boolean> {
  const [{ n }] = await db.select({ n: count() }).from(preferences);
  if (n > 0) return false;
  const { patients } = readDemoFile<{ patients: DemoPatient[] }>("clinical.json");
  const { providers } = JSON.parse(readFileSync(new URL("./demo-providers.json", import.meta.url), "utf8")) as { providers: DemoProvider[] };
  await db.transaction(async (tx) => {
    await tx.insert(preferences).values(
      patients.map((p, i) => ({
        patientUhid: p.uhid,
        channels: p.email ? ["SMS", "EMAIL"] : ["SMS"],
        phone: p.phone,
        email: p.email,
        language: DEMO_LANGUAGES[i % DEMO_LANGUAGES.length],
      })),
    );
    await tx
      .insert(providerContacts)
      .values(providers.map((p) => ({ providerId: p.provider_id, name: p.name, channels: p.channels, phone: p.phone, email: p.email, language: p.language })))
      .onConflictDoNothing();
  });
  logger.info({ preferences: patients.length, providers: providers.length }, "notifications demo data loaded");
  return true;
}
