CREATE TABLE "installation_cells" (
	"installation_id" integer NOT NULL,
	"registration_id" integer NOT NULL,
	"cell_name" text NOT NULL,
	"edition" integer NOT NULL,
	"update" integer NOT NULL,
	"exchange_set_id" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "installation_cells_installation_id_cell_name_pk" PRIMARY KEY("installation_id","cell_name")
);
--> statement-breakpoint
ALTER TABLE "installation_cells" ADD CONSTRAINT "installation_cells_installation_id_installations_id_fk" FOREIGN KEY ("installation_id") REFERENCES "public"."installations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "installation_cells" ADD CONSTRAINT "installation_cells_registration_id_device_registrations_id_fk" FOREIGN KEY ("registration_id") REFERENCES "public"."device_registrations"("id") ON DELETE cascade ON UPDATE no action;