CREATE TABLE "map_cell_states" (
	"key" text PRIMARY KEY NOT NULL,
	"geocontent_id" integer NOT NULL,
	"status" text NOT NULL,
	"error" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "map_cell_states" ADD CONSTRAINT "map_cell_states_geocontent_id_geocontents_id_fk" FOREIGN KEY ("geocontent_id") REFERENCES "public"."geocontents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "map_cell_states_gc_idx" ON "map_cell_states" USING btree ("geocontent_id");