-- A checkpoint that closes a chain segment names the format the links after it are in
-- (docs/adr/0295-audit-chain-segments.md). Existing checkpoints close none: NULL, their signed
-- statements unchanged. Adds a column only: no audit row is changed.
-- AlterTable
ALTER TABLE "audit_checkpoints" ADD COLUMN     "opens_format" INTEGER;
