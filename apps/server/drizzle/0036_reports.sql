CREATE TABLE "report_active_players" (
	"day" date NOT NULL,
	"user_id" bigint NOT NULL,
	CONSTRAINT "report_active_players_day_user_id_pk" PRIMARY KEY("day","user_id")
);
--> statement-breakpoint
CREATE TABLE "report_cohorts" (
	"cohort_week" date NOT NULL,
	"activity_week" date NOT NULL,
	"licence" text NOT NULL,
	"active" integer NOT NULL,
	CONSTRAINT "report_cohorts_cohort_week_activity_week_licence_pk" PRIMARY KEY("cohort_week","activity_week","licence")
);
--> statement-breakpoint
CREATE TABLE "report_days" (
	"day" date PRIMARY KEY NOT NULL,
	"computed_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "report_money_daily" (
	"day" date NOT NULL,
	"currency" text NOT NULL,
	"licence" text NOT NULL,
	"bets" bigint DEFAULT 0 NOT NULL,
	"wins" bigint DEFAULT 0 NOT NULL,
	"bonus_bets" bigint DEFAULT 0 NOT NULL,
	"bonus_wins" bigint DEFAULT 0 NOT NULL,
	"bonus_costs" bigint DEFAULT 0 NOT NULL,
	"freespin_costs" bigint DEFAULT 0 NOT NULL,
	"jackpot_contributions" bigint DEFAULT 0 NOT NULL,
	"jackpot_payouts" bigint DEFAULT 0 NOT NULL,
	"comp_point_exchanges" bigint DEFAULT 0 NOT NULL,
	"adjustments" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "report_money_daily_day_currency_licence_pk" PRIMARY KEY("day","currency","licence")
);
--> statement-breakpoint
CREATE TABLE "report_payments_daily" (
	"day" date NOT NULL,
	"method" text NOT NULL,
	"currency" text NOT NULL,
	"licence" text NOT NULL,
	"deposits" integer DEFAULT 0 NOT NULL,
	"deposits_cents" bigint DEFAULT 0 NOT NULL,
	"cashouts" integer DEFAULT 0 NOT NULL,
	"cashouts_cents" bigint DEFAULT 0 NOT NULL,
	"declines" integer DEFAULT 0 NOT NULL,
	"cashouts_rejected" integer DEFAULT 0 NOT NULL,
	"approvals" integer DEFAULT 0 NOT NULL,
	"approval_ms_sum" bigint DEFAULT 0 NOT NULL,
	"approval_ms_median" bigint,
	CONSTRAINT "report_payments_daily_day_method_currency_licence_pk" PRIMARY KEY("day","method","currency","licence")
);
--> statement-breakpoint
CREATE TABLE "report_players_daily" (
	"day" date NOT NULL,
	"licence" text NOT NULL,
	"registrations" integer DEFAULT 0 NOT NULL,
	"first_depositors" integer DEFAULT 0 NOT NULL,
	"active_players" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "report_players_daily_day_licence_pk" PRIMARY KEY("day","licence")
);
--> statement-breakpoint
CREATE INDEX "report_cohorts_activity" ON "report_cohorts" USING btree ("activity_week");--> statement-breakpoint
CREATE INDEX "payments_finished_at" ON "payments" USING btree ("finished_at") WHERE "payments"."finished_at" is not null;--> statement-breakpoint
CREATE INDEX "ledger_transfers_created_at" ON "ledger_transfers" USING brin ("created_at");