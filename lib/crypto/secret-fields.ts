/**
 * Every column that holds a secret ciphertext, with the table it lives in.
 * New secret columns are added here, so re-encryption reaches them.
 */
export const SECRET_COLUMNS = [
  { table: "accounting_connections", column: "refresh_token_encrypted" },
  { table: "accounting_connections", column: "access_token_encrypted" },
  { table: "payroll_connections", column: "api_key_encrypted" },
  { table: "webhook_endpoints", column: "secret_encrypted" },
  { table: "webhook_endpoints", column: "previous_secret_encrypted" },
] as const;
