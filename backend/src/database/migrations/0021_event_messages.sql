CREATE TYPE "public"."message_audience" AS ENUM('registrants', 'waitlist', 'everyone');--> statement-breakpoint
ALTER TYPE "public"."audit_action" ADD VALUE 'event.message_sent';--> statement-breakpoint
CREATE TABLE "event_message_recipients" (
	"message_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	CONSTRAINT "event_message_recipients_message_id_user_id_pk" PRIMARY KEY("message_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "event_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"event_id" uuid NOT NULL,
	"sender_id" uuid,
	"sender_name" text NOT NULL,
	"audience" "message_audience" NOT NULL,
	"subject" text NOT NULL,
	"body" text NOT NULL,
	"recipients" integer NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "event_message_recipients" ADD CONSTRAINT "event_message_recipients_message_id_event_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."event_messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_message_recipients" ADD CONSTRAINT "event_message_recipients_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_messages" ADD CONSTRAINT "event_messages_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_messages" ADD CONSTRAINT "event_messages_sender_id_users_id_fk" FOREIGN KEY ("sender_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "event_message_recipients_by_user" ON "event_message_recipients" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "event_messages_by_event" ON "event_messages" USING btree ("event_id","sent_at");