CREATE TABLE "server_processes" (
	"id" uuid PRIMARY KEY NOT NULL,
	"hostname" text NOT NULL,
	"pid" integer NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"heartbeat_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "locked_by" uuid;--> statement-breakpoint
ALTER TABLE "enc_uploads" ADD COLUMN "claimed_by" uuid;--> statement-breakpoint
ALTER TABLE "enc_uploads" ADD COLUMN "expires_at" timestamp with time zone DEFAULT now() + interval '7 days' NOT NULL;--> statement-breakpoint
ALTER TABLE "enc_uploads" ADD COLUMN "bytes" bigint DEFAULT 0 NOT NULL;