CREATE TABLE "signature_images" (
	"id" text PRIMARY KEY NOT NULL,
	"content_type" text NOT NULL,
	"content" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
