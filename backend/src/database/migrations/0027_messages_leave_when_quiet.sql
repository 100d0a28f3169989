-- An organiser's message is written at once and reaches its people at the server's next quiet
-- moment (MessagesService.deliverDue): the messages sent before had already reached theirs.
ALTER TABLE "event_messages" ADD COLUMN "delivered_at" timestamp with time zone;--> statement-breakpoint
UPDATE "event_messages" SET "delivered_at" = "sent_at";--> statement-breakpoint
CREATE INDEX "event_messages_to_deliver" ON "event_messages" USING btree ("sent_at") WHERE "event_messages"."delivered_at" is null;
