/**
 * A front-end's use of the typed client: each call's variables and result are typed by its document
 * (clients/generated/graphql.ts, from `npm run codegen`), so a schema or operation change that breaks
 * the front-end is a compile error. test/typed-client.test.ts compiles this file under `strict`.
 */
import type { TypedDocumentNode } from "@graphql-typed-document-node/core";
import { print } from "graphql";
import { PatientOverviewDocument, PharmacyProductsDocument, StockAlertsDocument, type Channel, type StockAlertsQuery } from "./generated/graphql.js";

export interface ClientOptions {
  /** The gateway's base URL, e.g. http://localhost:4000. */
  baseUrl: string;
  /** A bearer token (npm run token -- --role …). */
  token: string;
}

interface GraphQLResponse<TResult> {
  data?: TResult | null;
  errors?: { message: string; extensions?: { code?: string } }[];
}

/** One GraphQL call; its document decides the variables' and the result's types. */
export async function request<TResult, TVariables>(o: ClientOptions, document: TypedDocumentNode<TResult, TVariables>, variables: TVariables): Promise<TResult> {
  const res = await fetch(`${o.baseUrl}/graphql`, {
    method: "POST",
    headers: { authorization: `Bearer ${o.token}`, "content-type": "application/json" },
    body: JSON.stringify({ query: print(document), variables }),
  });
  const body = (await res.json()) as GraphQLResponse<TResult>;
  if (body.errors?.length || !body.data) throw new Error(body.errors?.map((e) => `${e.extensions?.code ?? res.status}: ${e.message}`).join("; ") ?? `HTTP ${res.status}`);
  return body.data;
}

/** Exhaustive over the schema's enum: a new channel makes this function fail to compile. */
function channelLabel(channel: Channel): string {
  switch (channel) {
    case "SMS":
      return "Text message";
    case "EMAIL":
      return "E-mail";
    case "PUSH":
      return "Push";
    case "MESSAGING_APP":
      return "WhatsApp";
  }
}

/** A clinician's overview of one patient: clinical, pharmacy and notifications data in one request. */
export async function patientSummary(o: ClientOptions, uhid: string) {
  const { patient } = await request(o, PatientOverviewDocument, { uhid, days: 90 });
  return {
    name: patient.givenName,
    diagnoses: patient.timeline?.timeline.diagnoses.map((d) => `${d.code} ${d.display}`) ?? [],
    pendingPrescriptions: patient.prescriptions.filter((p) => p.status === "pending").map((p) => p.medicationName),
    channels: patient.notificationPreferences.channels.map(channelLabel),
    notifications: patient.notifications.totalCount,
  };
}

/** Product search at the till; prices are decimal strings, never floats. */
export async function searchProducts(o: ClientOptions, search: string) {
  const { products } = await request(o, PharmacyProductsDocument, { search });
  return products.results.map((p) => ({ id: p.id, label: `${p.name} (${p.retailPrice})`, inStock: p.stockQuantity > 0 }));
}

type Alert = StockAlertsQuery["stockAlerts"]["results"][number];

/** Batches expiring within `days`, soonest first. */
export async function expiringBatches(o: ClientOptions, days = 90): Promise<Alert[]> {
  const { stockAlerts } = await request(o, StockAlertsDocument, { type: "expiring", days });
  return [...stockAlerts.results].sort((a, b) => (a.daysToExpiry ?? 0) - (b.daysToExpiry ?? 0));
}
