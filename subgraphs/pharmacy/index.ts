import { fileURLToPath } from "node:url";
import type { GraphQLSchema } from "graphql";
import { buildFederatedSchema } from "../../lib/federation.js";
import type { SubgraphModule } from "../../lib/subgraph.js";
import { seedPharmacyDemo } from "./db/seed.js";
import { PharmacyLocationResolver } from "./inventory/pharmacy-location/pharmacy-location.resolver.js";
import { PatientPrescriptionsResolver, pharmacyPatientReference, PrescriptionResolver } from "./dispensing/prescription/prescription.resolver.js";
import { Patient } from "./dispensing/prescription/prescription.type.js";
import { DispenseResolver, PatientDispensesResolver } from "./dispensing/dispense/dispense.resolver.js";
import { DispenseQueueResolver } from "./dispensing/queue/queue.resolver.js";
import { RefillResolver } from "./dispensing/refill/refill.resolver.js";
import { ProductResolver } from "./sales/product/product.resolver.js";
import { ReceiptResolver } from "./sales/receipt/receipt.resolver.js";
import { ConsultationResolver } from "./sales/consultation/consultation.resolver.js";
import { FollowUpResolver } from "./sales/follow-up/follow-up.resolver.js";
import { LoyaltyResolver } from "./sales/loyalty/loyalty.resolver.js";
import { SalesAnalyticsResolver } from "./sales/analytics/analytics.resolver.js";
import { RecommendationResolver } from "./sales/recommendation/recommendation.resolver.js";
import { StockResolver } from "./inventory/stock/stock.resolver.js";
import { startOutboxWorker } from "./outbox/outbox-worker.js";
import { MedicationResolver } from "./inventory/medications/medication.resolver.js";
import { DrugSafetyQueriesResolver } from "./drug-safety/drug-safety.resolver.js";
import { ControlledRegisterResolver } from "./drug-safety/controlled-register.resolver.js";
import { DrugRecallResolver } from "./drug-safety/recall.resolver.js";
import { SafetyAlertResolver } from "./drug-safety/safety-alerts.resolver.js";
import { ColdChainExcursionResolver, ColdChainTransportResolver, StorageUnitResolver, TemperatureReadingResolver } from "./cold-chain/cold-chain.resolver.js";
import { startCompletionSweeper } from "./sales/transaction/completion-sweeper.js";
import { startSilenceSweeper } from "./cold-chain/silence.js";
import { startReturnSweeper } from "./returns/customer/return-sweeper.js";
import { TransactionResolver } from "./sales/transaction/transaction.resolver.js";
import { GoodsReceivedNoteResolver } from "./procurement/grn/grn.resolver.js";
import { PurchaseOrderResolver } from "./procurement/purchase-order/purchase-order.resolver.js";
import { ReorderSuggestionResolver } from "./procurement/reorder/reorder.resolver.js";
import { SupplierMedicationResolver } from "./procurement/supplier-medication/supplier-medication.resolver.js";
import { SupplierResolver } from "./procurement/supplier/supplier.resolver.js";
import { QualityAuditResolver } from "./quality/audit/audit.resolver.js";
import { CapaResolver } from "./quality/capa/capa.resolver.js";
import { QualityIncidentResolver } from "./quality/incident/incident.resolver.js";
import { CompoundFormulaResolver } from "./compounding/formula/formula.resolver.js";
import { CompoundPreparationResolver } from "./compounding/preparation/preparation.resolver.js";
import { CustomerReturnResolver } from "./returns/customer/customer-return.resolver.js";
import { SupplierReturnResolver } from "./returns/supplier/supplier-return.resolver.js";
import { DestructionResolver } from "./returns/destruction/destruction.resolver.js";

let schema: Promise<GraphQLSchema> | undefined;

/** Workflow 2: prescriptions, the queue, dispenses and refills. */
const dispensingResolvers = [PatientPrescriptionsResolver, PrescriptionResolver, DispenseQueueResolver, DispenseResolver, PatientDispensesResolver, RefillResolver];
/** Issue 10: the medication catalog and the drug-safety paths. */
const drugSafetyResolvers = [MedicationResolver, DrugSafetyQueriesResolver, ControlledRegisterResolver, DrugRecallResolver, SafetyAlertResolver];
/** Issue 11: cold chain (storage units, readings, excursions, transports, temperature-sensitive stock). */
const coldChainResolvers = [StorageUnitResolver, TemperatureReadingResolver, ColdChainExcursionResolver, ColdChainTransportResolver];

/** Procurement (spec workflow 3): suppliers, their catalogs, purchase orders, goods received notes, reorder suggestions. */
const procurementResolvers = [SupplierResolver, SupplierMedicationResolver, PurchaseOrderResolver, GoodsReceivedNoteResolver, ReorderSuggestionResolver];

/** Quality management (spec workflow 4): incidents, CAPAs, audits. */
const qualityResolvers = [QualityIncidentResolver, CapaResolver, QualityAuditResolver];
/** Issue 11: compounding (workflow 5), returns and destruction (workflow 4). */
const compoundingResolvers = [CompoundFormulaResolver, CompoundPreparationResolver];
const returnsResolvers = [CustomerReturnResolver, SupplierReturnResolver, DestructionResolver];

/** Point of sale, customer care, sales analytics and the stock they move. */
const salesResolvers = [TransactionResolver, ReceiptResolver, ConsultationResolver, FollowUpResolver, LoyaltyResolver, RecommendationResolver, SalesAnalyticsResolver, StockResolver];

export const pharmacySubgraph: SubgraphModule = {
  name: "pharmacy",
  schema: () =>
    (schema ??= buildFederatedSchema(
      [ProductResolver, PharmacyLocationResolver, ...dispensingResolvers, ...salesResolvers, ...drugSafetyResolvers, ...coldChainResolvers, ...procurementResolvers, ...compoundingResolvers, ...returnsResolvers, ...qualityResolvers],
      pharmacyPatientReference,
      [Patient],
    )),
  migrationsFolder: fileURLToPath(new URL("../../drizzle/pharmacy", import.meta.url)),
  seedDemo: seedPharmacyDemo,
  /**
   * Recovers sales and customer returns a crash left `processing`, tells pharmacies of silent cold-chain loggers,
   * and delivers the outbox's due messages
   * (in the all-in-one process, or with --only=worker).
   */
  startBackground: async (runtime) => {
    const stops = [startCompletionSweeper(runtime), startReturnSweeper(runtime), startSilenceSweeper(runtime), startOutboxWorker(runtime)];
    return async () => {
      await Promise.all(stops.map((stop) => stop()));
    };
  },
};
