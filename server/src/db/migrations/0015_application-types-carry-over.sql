-- Issue 35: the application types that were constants in code become rows (generated with
-- `drizzle-kit generate --custom`). Keys are not data a migration can hold (they are sealed with
-- the data key), so an existing row keeps its keys as version 1 and a new row has none yet.
INSERT INTO "device_applications" ("application_type_id", "name", "platforms")
VALUES (101, 'mKart ECDIS', '[1,2,3,4]'::jsonb), (102, 'dKart Navigator', '[1,2,3,4]'::jsonb), (105, 'dKart Fishing', '[1,2,3,4]'::jsonb)
ON CONFLICT ("application_type_id") DO UPDATE SET "platforms" = EXCLUDED."platforms";--> statement-breakpoint
UPDATE "device_applications" SET "s63_key_version" = 1, "s63_key_set_at" = "created_at" WHERE "m_key_sealed" IS NOT NULL;--> statement-breakpoint
UPDATE "device_applications" SET "s100_key_version" = 1, "s100_key_set_at" = "created_at" WHERE "s100_m_key_sealed" IS NOT NULL;--> statement-breakpoint
-- Devices redeemed before versions existed redeemed with the only keys there were: version 1.
UPDATE "device_registrations" SET "s63_key_version" = 1, "s100_key_version" = 1;
