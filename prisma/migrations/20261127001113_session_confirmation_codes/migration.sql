-- CreateTable
CREATE TABLE "session_confirmation_codes" (
    "session_id" UUID NOT NULL,
    "code_hash" TEXT NOT NULL,
    "expires_at" TIMESTAMP(3) NOT NULL,
    "wrong_tries" INTEGER NOT NULL DEFAULT 0,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "session_confirmation_codes_pkey" PRIMARY KEY ("session_id")
);

-- AddForeignKey
ALTER TABLE "session_confirmation_codes" ADD CONSTRAINT "session_confirmation_codes_session_id_fkey" FOREIGN KEY ("session_id") REFERENCES "sessions"("id") ON DELETE CASCADE ON UPDATE CASCADE;
