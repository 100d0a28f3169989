CREATE TABLE "trusted_devices" (
	"user_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "trusted_devices_user_id_token_hash_pk" PRIMARY KEY("user_id","token_hash")
);
--> statement-breakpoint
CREATE TABLE "signups" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"password_hash" text NOT NULL,
	"gender" "gender",
	"dept" text,
	"year" text,
	"roll_number" text,
	"link_token_hash" text NOT NULL,
	"browser_token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "signups_link_token_hash_unique" UNIQUE("link_token_hash")
);
--> statement-breakpoint
-- Unverified accounts become pending sign-ups with the same profile and password. The newest
-- unused link keeps working (its hash becomes the sign-up's link); no browser is bound to them,
-- so that link asks for the password. Without such a link the placeholder hashes match no token:
-- signing in with the password sends a new link. They wait at least a day from now.
INSERT INTO "signups" ("name", "email", "password_hash", "gender", "dept", "year", "roll_number", "link_token_hash", "browser_token_hash", "expires_at", "created_at")
SELECT u."name", u."email", u."password_hash", u."gender", u."dept", u."year", u."roll_number",
	coalesce(link."token_hash", 'migrated:' || u."id"), 'migrated:' || u."id",
	greatest(coalesce(link."expires_at", now()), now() + interval '1 day'), u."created_at"
FROM "users" u
LEFT JOIN LATERAL (
	SELECT t."token_hash", t."expires_at" FROM "account_tokens" t
	WHERE t."user_id" = u."id" AND t."purpose" = 'verify_email' AND t."used_at" IS NULL AND t."expires_at" > now()
	ORDER BY t."created_at" DESC LIMIT 1
) link ON true
WHERE u."is_verified" = false AND u."role" = 'student';--> statement-breakpoint
DELETE FROM "account_tokens" WHERE "purpose" = 'verify_email';--> statement-breakpoint
-- An unverified student could never sign in, so these rows hold no sessions or registrations.
DELETE FROM "users" WHERE "is_verified" = false AND "role" = 'student';--> statement-breakpoint
ALTER TABLE "account_tokens" ALTER COLUMN "purpose" SET DATA TYPE text;--> statement-breakpoint
DROP TYPE "public"."account_token_purpose";--> statement-breakpoint
CREATE TYPE "public"."account_token_purpose" AS ENUM('reset_password');--> statement-breakpoint
ALTER TABLE "account_tokens" ALTER COLUMN "purpose" SET DATA TYPE "public"."account_token_purpose" USING "purpose"::"public"."account_token_purpose";--> statement-breakpoint
ALTER TABLE "trusted_devices" ADD CONSTRAINT "trusted_devices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "trusted_devices_last_used" ON "trusted_devices" USING btree ("last_used_at");--> statement-breakpoint
CREATE INDEX "signups_email" ON "signups" USING btree ("email","created_at");