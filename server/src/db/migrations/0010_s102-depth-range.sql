ALTER TABLE "charts" ADD COLUMN "depth_min" double precision;--> statement-breakpoint
ALTER TABLE "charts" ADD COLUMN "depth_max" double precision;