CREATE TABLE "clinical"."literature_abstracts" (
	"id" text PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"issuing_body" text NOT NULL,
	"year" smallint,
	"grade" text,
	"topics" text[] NOT NULL,
	"summary" text NOT NULL,
	"details" text DEFAULT '' NOT NULL,
	"source_url" text NOT NULL,
	"statement_url" text,
	"licence" text NOT NULL,
	"search" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english', "title"), 'A') || setweight(to_tsvector('english', "summary"), 'B') || setweight(to_tsvector('english', "details"), 'C')) STORED
);
--> statement-breakpoint
CREATE TABLE "clinical"."literature_corpus" (
	"name" text PRIMARY KEY NOT NULL,
	"version" text NOT NULL,
	"sha256" text NOT NULL,
	"entries" integer NOT NULL,
	"loaded_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "literature_abstracts_search_idx" ON "clinical"."literature_abstracts" USING gin ("search");--> statement-breakpoint
CREATE INDEX "literature_abstracts_topics_idx" ON "clinical"."literature_abstracts" USING gin ("topics");--> statement-breakpoint
CREATE INDEX "literature_abstracts_year_idx" ON "clinical"."literature_abstracts" USING btree ("year");