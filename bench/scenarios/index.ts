import type { BenchScenario } from "../scenario.js";
import { clinicalScenarios } from "./clinical.js";
import { documentationScenarios } from "./documentation.js";
import { digitizationScenarios } from "./digitization.js";
import { coldChainScenarios } from "./cold-chain.js";
import { dispensingScenarios } from "./dispensing.js";
import { foundationScenarios } from "./foundation.js";
import { multiRoleScenarios } from "./multi-role.js";
import { notificationScenarios } from "./notifications.js";
import { pharmacyScenarios } from "./pharmacy.js";

/** Every scenario `npm run bench` runs, in order. */
export const SCENARIOS: BenchScenario[] = [...foundationScenarios, ...notificationScenarios, ...pharmacyScenarios, ...dispensingScenarios, ...coldChainScenarios, ...clinicalScenarios, ...multiRoleScenarios, ...documentationScenarios, ...digitizationScenarios];
