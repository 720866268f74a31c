import type { RouteDef } from "../route.js";
import { billingRoutes } from "./billing.js";
import { clinicalRoutes } from "./clinical.js";
import { compoundingRoutes } from "./compounding.js";
import { documentDigitizationRoutes } from "./document-digitization.js";
import { coldChainRoutes } from "./cold-chain.js";
import { drugSafetyRoutes } from "./drug-safety.js";
import { multiRoleRoutes } from "./multi-role.js";
import { notificationRoutes } from "./notifications.js";
import { pharmacyRoutes } from "./pharmacy.js";
import { procurementRoutes } from "./procurement.js";
import { qualityRoutes } from "./quality.js";
import { returnsRoutes } from "./returns.js";

/** The REST API: every legacy /api/v1 path, one row each. */
export const ROUTES: RouteDef[] = [...clinicalRoutes, ...documentDigitizationRoutes, ...multiRoleRoutes, ...pharmacyRoutes, ...drugSafetyRoutes, ...coldChainRoutes, ...procurementRoutes, ...compoundingRoutes, ...returnsRoutes, ...qualityRoutes, ...billingRoutes, ...notificationRoutes];
