import "reflect-metadata";
import type { SubgraphModule, SubgraphName } from "../lib/subgraph.js";
import { billingSubgraph } from "./billing/index.js";
import { clinicalSubgraph } from "./clinical/index.js";
import { notificationsSubgraph } from "./notifications/index.js";
import { pharmacySubgraph } from "./pharmacy/index.js";

/** Every subgraph, in composition order. */
export const SUBGRAPHS: Record<SubgraphName, SubgraphModule> = {
  clinical: clinicalSubgraph,
  pharmacy: pharmacySubgraph,
  notifications: notificationsSubgraph,
  billing: billingSubgraph,
};
