CREATE TABLE "map_tasks" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "map_tasks_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"task_id" text NOT NULL,
	"geocontent_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "nav_message_images" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "nav_message_images_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"message_id" integer NOT NULL,
	"blob_key" text NOT NULL,
	"mimetype" text NOT NULL,
	"size" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "nav_messages" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "nav_messages_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"geocontent_id" integer NOT NULL,
	"user_id" integer,
	"text" text NOT NULL,
	"lat" double precision NOT NULL,
	"lng" double precision NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ntms" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ntms_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"geocontent_id" integer NOT NULL,
	"blob_key" text NOT NULL,
	"filename" text NOT NULL,
	"size" integer NOT NULL,
	"description" text,
	"add_date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "poi_releases" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "poi_releases_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"geocontent_id" integer NOT NULL,
	"items_count" integer NOT NULL,
	"items" jsonb NOT NULL,
	"timestamp" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pois" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "pois_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"geocontent_id" integer NOT NULL,
	"name" text NOT NULL,
	"category" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"lat" double precision NOT NULL,
	"lng" double precision NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "raw_depths" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "raw_depths_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"geocontent_id" integer NOT NULL,
	"blob_key" text NOT NULL,
	"filename" text NOT NULL,
	"size" integer NOT NULL,
	"description" text,
	"is_published" boolean DEFAULT false NOT NULL,
	"summary" jsonb,
	"timestamp" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "map_tasks" ADD CONSTRAINT "map_tasks_geocontent_id_geocontents_id_fk" FOREIGN KEY ("geocontent_id") REFERENCES "public"."geocontents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "map_tasks" ADD CONSTRAINT "map_tasks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nav_message_images" ADD CONSTRAINT "nav_message_images_message_id_nav_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."nav_messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nav_messages" ADD CONSTRAINT "nav_messages_geocontent_id_geocontents_id_fk" FOREIGN KEY ("geocontent_id") REFERENCES "public"."geocontents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nav_messages" ADD CONSTRAINT "nav_messages_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ntms" ADD CONSTRAINT "ntms_geocontent_id_geocontents_id_fk" FOREIGN KEY ("geocontent_id") REFERENCES "public"."geocontents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "poi_releases" ADD CONSTRAINT "poi_releases_geocontent_id_geocontents_id_fk" FOREIGN KEY ("geocontent_id") REFERENCES "public"."geocontents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pois" ADD CONSTRAINT "pois_geocontent_id_geocontents_id_fk" FOREIGN KEY ("geocontent_id") REFERENCES "public"."geocontents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "raw_depths" ADD CONSTRAINT "raw_depths_geocontent_id_geocontents_id_fk" FOREIGN KEY ("geocontent_id") REFERENCES "public"."geocontents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "map_tasks_task_id_unique" ON "map_tasks" USING btree ("task_id");--> statement-breakpoint
CREATE INDEX "nav_message_images_message_idx" ON "nav_message_images" USING btree ("message_id");--> statement-breakpoint
CREATE INDEX "nav_messages_geocontent_idx" ON "nav_messages" USING btree ("geocontent_id");--> statement-breakpoint
CREATE INDEX "ntms_geocontent_idx" ON "ntms" USING btree ("geocontent_id");--> statement-breakpoint
CREATE INDEX "poi_releases_geocontent_idx" ON "poi_releases" USING btree ("geocontent_id");--> statement-breakpoint
CREATE INDEX "pois_geocontent_idx" ON "pois" USING btree ("geocontent_id");--> statement-breakpoint
CREATE INDEX "raw_depths_geocontent_idx" ON "raw_depths" USING btree ("geocontent_id");