CREATE TABLE "cell_keys" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "cell_keys_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"cell_name" text NOT NULL,
	"edition" integer NOT NULL,
	"keys_sealed" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "device_applications" (
	"application_type_id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"m_id" text NOT NULL,
	"m_key_sealed" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "device_registrations" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "device_registrations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"activation_id" integer,
	"device_id" text NOT NULL,
	"hw_id" text NOT NULL,
	"application_type_id" integer NOT NULL,
	"platform_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"delivered" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone,
	"revoked_reason" text
);
--> statement-breakpoint
CREATE TABLE "device_swaps" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "device_swaps_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"license_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"old_device_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "exchange_sets" (
	"id" text PRIMARY KEY NOT NULL,
	"registration_id" integer NOT NULL,
	"blob_key" text NOT NULL,
	"size" integer NOT NULL,
	"sha256" text NOT NULL,
	"contents" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "license_signing_keys" (
	"kid" text PRIMARY KEY NOT NULL,
	"public_x" text NOT NULL,
	"private_sealed" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"retired_at" timestamp with time zone,
	"expires_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "registration_installations" (
	"registration_id" integer NOT NULL,
	"installation_id" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "webhook_deliveries" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "webhook_deliveries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"endpoint_id" integer NOT NULL,
	"event_id" text NOT NULL,
	"event_type" text NOT NULL,
	"payload" jsonb NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_status" integer,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"delivered_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "webhook_endpoints" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "webhook_endpoints_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"distributor_id" integer NOT NULL,
	"url" text NOT NULL,
	"secret_sealed" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "device_registrations" ADD CONSTRAINT "device_registrations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_registrations" ADD CONSTRAINT "device_registrations_activation_id_activations_id_fk" FOREIGN KEY ("activation_id") REFERENCES "public"."activations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exchange_sets" ADD CONSTRAINT "exchange_sets_registration_id_device_registrations_id_fk" FOREIGN KEY ("registration_id") REFERENCES "public"."device_registrations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registration_installations" ADD CONSTRAINT "registration_installations_registration_id_device_registrations_id_fk" FOREIGN KEY ("registration_id") REFERENCES "public"."device_registrations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registration_installations" ADD CONSTRAINT "registration_installations_installation_id_installations_id_fk" FOREIGN KEY ("installation_id") REFERENCES "public"."installations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_endpoint_id_webhook_endpoints_id_fk" FOREIGN KEY ("endpoint_id") REFERENCES "public"."webhook_endpoints"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_endpoints" ADD CONSTRAINT "webhook_endpoints_distributor_id_distributors_id_fk" FOREIGN KEY ("distributor_id") REFERENCES "public"."distributors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "cell_keys_cell_edition_unique" ON "cell_keys" USING btree ("cell_name","edition");--> statement-breakpoint
CREATE UNIQUE INDEX "device_registrations_token_unique" ON "device_registrations" USING btree ("token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "device_registrations_activation_unique" ON "device_registrations" USING btree ("activation_id");--> statement-breakpoint
CREATE INDEX "device_registrations_user_idx" ON "device_registrations" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "device_swaps_license_idx" ON "device_swaps" USING btree ("license_id","created_at");--> statement-breakpoint
CREATE INDEX "exchange_sets_registration_idx" ON "exchange_sets" USING btree ("registration_id");--> statement-breakpoint
CREATE UNIQUE INDEX "registration_installations_installation_unique" ON "registration_installations" USING btree ("installation_id");--> statement-breakpoint
CREATE INDEX "registration_installations_reg_idx" ON "registration_installations" USING btree ("registration_id");--> statement-breakpoint
CREATE INDEX "webhook_deliveries_endpoint_idx" ON "webhook_deliveries" USING btree ("endpoint_id","created_at");--> statement-breakpoint
CREATE INDEX "webhook_endpoints_distributor_idx" ON "webhook_endpoints" USING btree ("distributor_id");