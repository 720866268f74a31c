import { eq } from "drizzle-orm";
import type { Db } from "../../../lib/db.js";
import { FieldErrorCollector, notFound } from "../../../lib/errors.js";
import { providerContacts } from "../db/tables.js";
import { checkContactInput } from "../preferences/preferences.service.js";
import type { ProviderContact, ProviderContactInput } from "./provider-contact.type.js";

export async function getProviderContact(db: Db, providerId: string): Promise<ProviderContact> {
  const [row] = await db.select().from(providerContacts).where(eq(providerContacts.providerId, providerId));
  if (!row) throw notFound("Provider contact", providerId);
  return row;
}

/** Creates or updates a provider's contact points; fields left out keep their value. */
export async function setProviderContact(db: Db, providerId: string, i: ProviderContactInput): Promise<ProviderContact> {
  const errors = new FieldErrorCollector();
  if (!providerId.trim()) errors.add("providerId", "must not be empty");
  const numbers = checkContactInput(i, errors);
  errors.throwIfAny("Invalid provider contact");
  const [current] = await db.select().from(providerContacts).where(eq(providerContacts.providerId, providerId));
  const pick = <K extends keyof ProviderContactInput>(k: K, fallback: unknown) => (i[k] === undefined ? fallback : i[k]);
  const next = {
    name: pick("name", current?.name ?? null) as string | null,
    channels: i.channels ?? current?.channels ?? ["SMS"],
    phone: numbers.phone === undefined ? (current?.phone ?? null) : numbers.phone,
    email: pick("email", current?.email ?? null) as string | null,
    pushToken: pick("pushToken", current?.pushToken ?? null) as string | null,
    messagingAppId: numbers.messagingAppId === undefined ? (current?.messagingAppId ?? null) : numbers.messagingAppId,
    language: i.language ?? current?.language ?? "en",
    updatedAt: new Date(),
  };
  const [row] = await db.insert(providerContacts).values({ providerId, ...next }).onConflictDoUpdate({ target: providerContacts.providerId, set: next }).returning();
  return row;
}
