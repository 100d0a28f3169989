DROP INDEX "mail_outbox_due";--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "urgent" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "mail_outbox_due_urgent_first" ON "mail_outbox" USING btree ("urgent" desc,"next_attempt_at") WHERE "mail_outbox"."sent_at" is null;