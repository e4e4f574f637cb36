CREATE TABLE "application_type_retired_keys" (
	"application_type_id" integer NOT NULL,
	"standard" text NOT NULL,
	"version" integer NOT NULL,
	"m_id" text NOT NULL,
	"m_key_sealed" text NOT NULL,
	"set_at" timestamp with time zone NOT NULL,
	"retired_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "application_type_retired_keys_application_type_id_standard_version_pk" PRIMARY KEY("application_type_id","standard","version")
);
--> statement-breakpoint
ALTER TABLE "device_applications" ALTER COLUMN "m_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "device_applications" ALTER COLUMN "m_key_sealed" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "device_applications" ADD COLUMN "platforms" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "device_applications" ADD COLUMN "enabled" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "device_applications" ADD COLUMN "s63_key_version" integer;--> statement-breakpoint
ALTER TABLE "device_applications" ADD COLUMN "s63_key_set_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "device_applications" ADD COLUMN "s100_key_version" integer;--> statement-breakpoint
ALTER TABLE "device_applications" ADD COLUMN "s100_key_set_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "device_applications" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "device_registrations" ADD COLUMN "s63_key_version" integer;--> statement-breakpoint
ALTER TABLE "device_registrations" ADD COLUMN "s100_key_version" integer;--> statement-breakpoint
ALTER TABLE "application_type_retired_keys" ADD CONSTRAINT "application_type_retired_keys_application_type_id_device_applications_application_type_id_fk" FOREIGN KEY ("application_type_id") REFERENCES "public"."device_applications"("application_type_id") ON DELETE cascade ON UPDATE no action;