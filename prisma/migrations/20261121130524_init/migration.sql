-- CreateEnum
CREATE TYPE "AccountingApiVersion" AS ENUM ('v3.1', 'v3');

-- CreateEnum
CREATE TYPE "ConnectionStatus" AS ENUM ('active', 'reauth_required', 'revoke_pending');

-- CreateTable
CREATE TABLE "users" (
    "id" UUID NOT NULL,
    "accounting_user_id" TEXT NOT NULL,
    "email" TEXT,
    "display_name" TEXT,
    "locale" TEXT NOT NULL DEFAULT 'en',
    "selected_business_id" TEXT,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "users_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "sessions" (
    "id" UUID NOT NULL,
    "user_id" UUID NOT NULL,
    "expires_at" TIMESTAMP(3) NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "last_seen_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "sessions_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "accounting_connections" (
    "id" UUID NOT NULL,
    "user_id" UUID NOT NULL,
    "version" "AccountingApiVersion" NOT NULL DEFAULT 'v3.1',
    "status" "ConnectionStatus" NOT NULL DEFAULT 'active',
    "scopes" TEXT NOT NULL,
    "country" TEXT,
    "resource_owner_id" TEXT,
    "refresh_token_encrypted" TEXT,
    "access_token_encrypted" TEXT,
    "access_token_expires_at" TIMESTAMP(3),
    "refresh_token_expires_at" TIMESTAMP(3),
    "last_renewed_at" TIMESTAMP(3),
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "accounting_connections_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "payroll_connections" (
    "id" UUID NOT NULL,
    "user_id" UUID NOT NULL,
    "base_url" TEXT NOT NULL,
    "api_key_encrypted" TEXT NOT NULL,
    "username" TEXT NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "payroll_connections_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "users_accounting_user_id_key" ON "users"("accounting_user_id");

-- CreateIndex
CREATE INDEX "sessions_user_id_idx" ON "sessions"("user_id");

-- CreateIndex
CREATE UNIQUE INDEX "accounting_connections_user_id_version_key" ON "accounting_connections"("user_id", "version");

-- CreateIndex
CREATE UNIQUE INDEX "payroll_connections_user_id_key" ON "payroll_connections"("user_id");

-- AddForeignKey
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "accounting_connections" ADD CONSTRAINT "accounting_connections_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "payroll_connections" ADD CONSTRAINT "payroll_connections_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;
