import { fileURLToPath } from "node:url";
import type { GraphQLSchema } from "graphql";
import { buildFederatedSchema } from "../../lib/federation.js";
import type { SubgraphModule } from "../../lib/subgraph.js";
import { ChargeResolver } from "./charge/charge.resolver.js";
import { PaymentResolver } from "./payment/payment.resolver.js";
import { PriceListResolver } from "./price-list/price-list.resolver.js";
import { RefundResolver } from "./refund/refund.resolver.js";

let schema: Promise<GraphQLSchema> | undefined;

export const billingSubgraph: SubgraphModule = {
  name: "billing",
  schema: () => (schema ??= buildFederatedSchema([ChargeResolver, PaymentResolver, PriceListResolver, RefundResolver])),
  migrationsFolder: fileURLToPath(new URL("../../drizzle/billing", import.meta.url)),
};
