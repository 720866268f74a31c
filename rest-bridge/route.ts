/** One row of the REST route table: a legacy `/api/v1` path and the GraphQL operation behind it. */
export interface RouteDef {
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  /** OpenAPI-style path with `{param}` placeholders and the trailing slash the spec uses. */
  path: string;
  /** Name of the operation in rest-bridge/operations/*.graphql. */
  operation: string;
  /** One line for /openapi.json. */
  summary: string;
  /** OpenAPI tag (area of the API). */
  tag: string;
  /** Path parameter → variable name; by default the camelCase of the parameter. */
  params?: Record<string, string>;
  /** Query parameter → variable name. Values are converted to the variable's declared type. */
  query?: Record<string, string>;
  /**
   * How the JSON body becomes variables: `{ variable: "input" }` passes the whole body as `$input`;
   * `"spread"` maps each top-level field to the variable of the same (camelCase) name.
   */
  body?: { variable: string } | "spread";
  /**
   * The body is multipart/form-data instead of JSON: its text fields become `$variable` (snake_case
   * names, checked like a JSON body) and each file field in `files` is sent to the gateway as a GraphQL
   * multipart upload at `$variable.<field>`. Bodies up to the upload limit (DIGITIZATION_MAX_BYTES) pass.
   */
  multipart?: { variable: string; files: string[] };
  /** Field of `data` that is the response body. */
  result: string;
  /** Success status (default 200). */
  status?: number;
  /** Adds `page`/`page_size` and answers with the spec's pagination envelope. */
  paginated?: boolean;
  /** Extra fields of the page copied into the envelope (e.g. `source` on the patient list). */
  envelopeExtras?: string[];
  /** Other answers chosen by a query parameter, e.g. `?format=pdf` for a receipt as PDF. */
  variants?: RouteVariant[];
  /** Query parameters that make a GET do something besides answering (`?email=` sends the receipt): HEAD leaves them out. */
  effectQuery?: string[];
  /** Honours an `Idempotency-Key` header (declared in /openapi.json; a key reused with another body is 409). */
  idempotent?: true;
  /**
   * Error statuses beyond those every row of its kind can answer (rest-bridge/openapi.ts
   * `errorStatuses`): 404 for a record named in the body, 409 for a state conflict, 502/503 when the
   * operation calls billing over HTTP and fails without it.
   */
  errors?: (404 | 409 | 502 | 503)[];
  /** Not rate-limited (no 429): the resolver has no RateLimit middleware. */
  unlimited?: true;
}

/**
 * When the query parameter `query` equals `equals`, the row runs `operation` instead; its `result` is
 * a file `{ filename, contentBase64 }` that the bridge answers as `contentType`.
 */
export interface RouteVariant {
  query: string;
  equals: string;
  operation: string;
  result: string;
  contentType: string;
}

/** Query parameters every paginated route accepts (spec, "Pagination"). */
export const PAGE_QUERY = { page: "page", page_size: "pageSize" } as const;
