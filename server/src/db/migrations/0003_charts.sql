CREATE TABLE "chart_collections" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "chart_collections_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"geocontent_id" integer NOT NULL,
	"kind" text NOT NULL,
	"type" text NOT NULL,
	"meta_info" jsonb,
	"companion_keys" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "charts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "charts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"collection_id" integer NOT NULL,
	"name" text NOT NULL,
	"edition" integer,
	"update" integer,
	"release_date" text,
	"scale" integer,
	"band" integer,
	"description" text,
	"west" double precision,
	"south" double precision,
	"east" double precision,
	"north" double precision,
	"coverage" jsonb,
	"source_type" text NOT NULL,
	"blob_keys" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "enc_uploads" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "enc_uploads_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"guid" uuid NOT NULL,
	"geocontent_id" integer NOT NULL,
	"created_by" integer,
	"state" text DEFAULT 'staged' NOT NULL,
	"comparison" jsonb NOT NULL,
	"plan" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"applied_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "s63_conversions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "s63_conversions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"geocontent_id" integer NOT NULL,
	"job_id" integer,
	"zip_file_name" text NOT NULL,
	"zip_key" text NOT NULL,
	"cells" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "chart_collections" ADD CONSTRAINT "chart_collections_geocontent_id_geocontents_id_fk" FOREIGN KEY ("geocontent_id") REFERENCES "public"."geocontents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "charts" ADD CONSTRAINT "charts_collection_id_chart_collections_id_fk" FOREIGN KEY ("collection_id") REFERENCES "public"."chart_collections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enc_uploads" ADD CONSTRAINT "enc_uploads_geocontent_id_geocontents_id_fk" FOREIGN KEY ("geocontent_id") REFERENCES "public"."geocontents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enc_uploads" ADD CONSTRAINT "enc_uploads_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "s63_conversions" ADD CONSTRAINT "s63_conversions_geocontent_id_geocontents_id_fk" FOREIGN KEY ("geocontent_id") REFERENCES "public"."geocontents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "s63_conversions" ADD CONSTRAINT "s63_conversions_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "chart_collections_gc_kind_unique" ON "chart_collections" USING btree ("geocontent_id","kind");--> statement-breakpoint
CREATE UNIQUE INDEX "charts_collection_name_unique" ON "charts" USING btree ("collection_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "enc_uploads_guid_unique" ON "enc_uploads" USING btree ("guid");--> statement-breakpoint
CREATE INDEX "enc_uploads_gc_idx" ON "enc_uploads" USING btree ("geocontent_id");--> statement-breakpoint
CREATE INDEX "s63_conversions_gc_idx" ON "s63_conversions" USING btree ("geocontent_id");