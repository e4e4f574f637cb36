CREATE TABLE "s100_dataset_keys" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "s100_dataset_keys_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"edition" integer NOT NULL,
	"key_sealed" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "s100_datasets" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "s100_datasets_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"geocontent_id" integer NOT NULL,
	"product" text NOT NULL,
	"name" text NOT NULL,
	"file_name" text NOT NULL,
	"edition" integer NOT NULL,
	"update" integer NOT NULL,
	"issue_date" text NOT NULL,
	"title" text,
	"features" jsonb,
	"west" double precision,
	"south" double precision,
	"east" double precision,
	"north" double precision,
	"blob_keys" jsonb NOT NULL,
	"sha256" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "device_registrations" ALTER COLUMN "hw_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "device_applications" ADD COLUMN "s100_m_id" text;--> statement-breakpoint
ALTER TABLE "device_applications" ADD COLUMN "s100_m_key_sealed" text;--> statement-breakpoint
ALTER TABLE "device_registrations" ADD COLUMN "s100_hw_id" text;--> statement-breakpoint
ALTER TABLE "device_registrations" ADD COLUMN "s100_user_permit" text;--> statement-breakpoint
ALTER TABLE "device_registrations" ADD COLUMN "s100_delivered" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "s100_datasets" ADD CONSTRAINT "s100_datasets_geocontent_id_geocontents_id_fk" FOREIGN KEY ("geocontent_id") REFERENCES "public"."geocontents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "s100_dataset_keys_name_edition_unique" ON "s100_dataset_keys" USING btree ("name","edition");--> statement-breakpoint
CREATE UNIQUE INDEX "s100_datasets_gc_name_unique" ON "s100_datasets" USING btree ("geocontent_id","name");--> statement-breakpoint
CREATE INDEX "s100_datasets_name_idx" ON "s100_datasets" USING btree ("name");