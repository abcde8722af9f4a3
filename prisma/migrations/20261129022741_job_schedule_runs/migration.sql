-- CreateTable
CREATE TABLE "job_schedule_runs" (
    "queue" TEXT NOT NULL,
    "last_run_at" TIMESTAMPTZ(3) NOT NULL,
    "last_job_id" TEXT NOT NULL,

    CONSTRAINT "job_schedule_runs_pkey" PRIMARY KEY ("queue")
);
