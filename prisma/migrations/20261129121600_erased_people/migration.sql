-- CreateTable
CREATE TABLE "erased_people" (
    "user_id" UUID NOT NULL,
    "erased_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "workspace_id" UUID NOT NULL,

    CONSTRAINT "erased_people_pkey" PRIMARY KEY ("user_id")
);
