import { fileURLToPath } from "node:url";
import type { GraphQLSchema } from "graphql";
import { buildFederatedSchema } from "../../lib/federation.js";
import type { SubgraphModule } from "../../lib/subgraph.js";
import { seedPharmacyDemo } from "./db/seed.js";
import { PharmacyLocationResolver } from "./pharmacy-location/pharmacy-location.resolver.js";
import { PatientPrescriptionsResolver, pharmacyPatientReference } from "./prescription/prescription.resolver.js";
import { Patient } from "./prescription/prescription.type.js";
import { ProductResolver } from "./product/product.resolver.js";
import { ReceiptResolver } from "./receipt/receipt.resolver.js";
import { TransactionResolver } from "./transaction/transaction.resolver.js";

let schema: Promise<GraphQLSchema> | undefined;

export const pharmacySubgraph: SubgraphModule = {
  name: "pharmacy",
  schema: () =>
    (schema ??= buildFederatedSchema([ProductResolver, PharmacyLocationResolver, PatientPrescriptionsResolver, TransactionResolver, ReceiptResolver], pharmacyPatientReference, [Patient])),
  migrationsFolder: fileURLToPath(new URL("../../drizzle/pharmacy", import.meta.url)),
  seedDemo: seedPharmacyDemo,
};
