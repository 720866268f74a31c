import type { RouteDef } from "../route.js";
import { billingRoutes } from "./billing.js";
import { clinicalRoutes } from "./clinical.js";
import { drugSafetyRoutes } from "./drug-safety.js";
import { multiRoleRoutes } from "./multi-role.js";
import { notificationRoutes } from "./notifications.js";
import { pharmacyRoutes } from "./pharmacy.js";
import { procurementRoutes } from "./procurement.js";

/** The REST API: every legacy /api/v1 path, one row each. */
export const ROUTES: RouteDef[] = [...clinicalRoutes, ...multiRoleRoutes, ...pharmacyRoutes, ...drugSafetyRoutes, ...procurementRoutes, ...billingRoutes, ...notificationRoutes];
