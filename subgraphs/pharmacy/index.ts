import { fileURLToPath } from "node:url";
import type { GraphQLSchema } from "graphql";
import { buildFederatedSchema } from "../../lib/federation.js";
import type { SubgraphModule } from "../../lib/subgraph.js";
import { seedPharmacyDemo } from "./db/seed.js";
import { PharmacyLocationResolver } from "./pharmacy-location/pharmacy-location.resolver.js";
import { PatientPrescriptionsResolver, pharmacyPatientReference, PrescriptionResolver } from "./prescription/prescription.resolver.js";
import { Patient } from "./prescription/prescription.type.js";
import { ProductResolver } from "./product/product.resolver.js";
import { ReceiptResolver } from "./receipt/receipt.resolver.js";
import { ConsultationResolver } from "./consultation/consultation.resolver.js";
import { FollowUpResolver } from "./follow-up/follow-up.resolver.js";
import { LoyaltyResolver } from "./loyalty/loyalty.resolver.js";
import { SalesAnalyticsResolver } from "./analytics/analytics.resolver.js";
import { RecommendationResolver } from "./recommendation/recommendation.resolver.js";
import { StockResolver } from "./stock/stock.resolver.js";
import { startCompletionSweeper } from "./transaction/completion-sweeper.js";
import { TransactionResolver } from "./transaction/transaction.resolver.js";

let schema: Promise<GraphQLSchema> | undefined;

/** Point of sale, customer care, sales analytics and the stock they move. */
const salesResolvers = [TransactionResolver, ReceiptResolver, ConsultationResolver, FollowUpResolver, LoyaltyResolver, RecommendationResolver, SalesAnalyticsResolver, StockResolver];

export const pharmacySubgraph: SubgraphModule = {
  name: "pharmacy",
  schema: () =>
    (schema ??= buildFederatedSchema(
      [ProductResolver, PharmacyLocationResolver, PatientPrescriptionsResolver, PrescriptionResolver, ...salesResolvers],
      pharmacyPatientReference,
      [Patient],
    )),
  migrationsFolder: fileURLToPath(new URL("../../drizzle/pharmacy", import.meta.url)),
  seedDemo: seedPharmacyDemo,
  /** Recovers sales a crashed completion left `processing` (in the all-in-one process, or with --only=worker). */
  startBackground: async (runtime) => startCompletionSweeper(runtime),
};
