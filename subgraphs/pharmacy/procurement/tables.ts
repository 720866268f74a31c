import { boolean, text, uuid } from "drizzle-orm/pg-core";
import { pharmacy } from "../db/pg-schema.js";

export const suppliers = pharmacy.table("suppliers", {
  id: uuid("id").primaryKey().defaultRandom(),
  code: text("code").notNull().unique(),
  name: text("name").notNull(),
  district: text("district"),
  phone: text("phone"),
  email: text("email"),
  isActive: boolean("is_active").notNull().default(true),
});
