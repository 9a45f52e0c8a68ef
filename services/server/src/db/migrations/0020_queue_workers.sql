CREATE TABLE "queue_workers" (
	"worker_id" text PRIMARY KEY NOT NULL,
	"seen_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "queue_workers_seen_idx" ON "queue_workers" USING btree ("seen_at");