import { fileURLToPath } from "node:url";
import type { GraphQLSchema } from "graphql";
import { buildFederatedSchema } from "../../lib/federation.js";
import type { SubgraphModule } from "../../lib/subgraph.js";
import { seedPharmacyDemo } from "./db/seed.js";
import { PharmacyLocationResolver } from "./inventory/pharmacy-location/pharmacy-location.resolver.js";
import { PatientPrescriptionsResolver, pharmacyPatientReference, PrescriptionResolver } from "./dispensing/prescription/prescription.resolver.js";
import { Patient } from "./dispensing/prescription/prescription.type.js";
import { ProductResolver } from "./sales/product/product.resolver.js";
import { ReceiptResolver } from "./sales/receipt/receipt.resolver.js";
import { ConsultationResolver } from "./sales/consultation/consultation.resolver.js";
import { FollowUpResolver } from "./sales/follow-up/follow-up.resolver.js";
import { LoyaltyResolver } from "./sales/loyalty/loyalty.resolver.js";
import { SalesAnalyticsResolver } from "./sales/analytics/analytics.resolver.js";
import { RecommendationResolver } from "./sales/recommendation/recommendation.resolver.js";
import { StockResolver } from "./inventory/stock/stock.resolver.js";
import { MedicationResolver } from "./inventory/medications/medication.resolver.js";
import { DrugSafetyQueriesResolver } from "./drug-safety/drug-safety.resolver.js";
import { ControlledRegisterResolver } from "./drug-safety/controlled-register.resolver.js";
import { startCompletionSweeper } from "./sales/transaction/completion-sweeper.js";
import { TransactionResolver } from "./sales/transaction/transaction.resolver.js";
import { GoodsReceivedNoteResolver } from "./procurement/grn/grn.resolver.js";
import { PurchaseOrderResolver } from "./procurement/purchase-order/purchase-order.resolver.js";
import { ReorderSuggestionResolver } from "./procurement/reorder/reorder.resolver.js";
import { SupplierMedicationResolver } from "./procurement/supplier-medication/supplier-medication.resolver.js";
import { SupplierResolver } from "./procurement/supplier/supplier.resolver.js";

let schema: Promise<GraphQLSchema> | undefined;

/** Issue 10: the medication catalog and the drug-safety paths. */
const drugSafetyResolvers = [MedicationResolver, DrugSafetyQueriesResolver, ControlledRegisterResolver];

/** Procurement (spec workflow 3): suppliers, their catalogs, purchase orders, goods received notes, reorder suggestions. */
const procurementResolvers = [SupplierResolver, SupplierMedicationResolver, PurchaseOrderResolver, GoodsReceivedNoteResolver, ReorderSuggestionResolver];

/** Point of sale, customer care, sales analytics and the stock they move. */
const salesResolvers = [TransactionResolver, ReceiptResolver, ConsultationResolver, FollowUpResolver, LoyaltyResolver, RecommendationResolver, SalesAnalyticsResolver, StockResolver];

export const pharmacySubgraph: SubgraphModule = {
  name: "pharmacy",
  schema: () =>
    (schema ??= buildFederatedSchema(
      [ProductResolver, PharmacyLocationResolver, PatientPrescriptionsResolver, PrescriptionResolver, ...salesResolvers, ...drugSafetyResolvers, ...procurementResolvers],
      pharmacyPatientReference,
      [Patient],
    )),
  migrationsFolder: fileURLToPath(new URL("../../drizzle/pharmacy", import.meta.url)),
  seedDemo: seedPharmacyDemo,
  /** Recovers sales a crashed completion left `processing` (in the all-in-one process, or with --only=worker). */
  startBackground: async (runtime) => startCompletionSweeper(runtime),
};
