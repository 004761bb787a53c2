/**
 * Every error code the embedded service answers with (v1 `error.code`; v2 bodies carry only the message): a closed
 * set, so a new code is added here once and a misspelt one fails the type check. The first group are the defaults
 * of v1 error bodies by status (error-body.ts); the rest name one failure each.
 */
export const ERROR_CODES = [
  // defaults by status
  "invalid_json",
  "unauthorized",
  "forbidden",
  "not_found",
  "method_not_allowed",
  "conflict",
  "payload_too_large",
  "validation_failed",
  "rate_limited",
  "bad_gateway",
  "service_unavailable",
  "internal_error",
  // unknown resources
  "chat_not_found",
  "message_not_found",
  "version_not_found",
  "project_not_found",
  "deployment_not_found",
  "webhook_not_found",
  "delivery_not_found",
  "mcp_server_not_found",
  "env_var_not_found",
  // a chat's generation and its requests
  "chat_busy",
  "not_generating",
  "stop_timeout",
  "task_not_pending",
  "stale_task",
  "integration_mismatch",
  "permissions_mismatch",
  // files and versions
  "nothing_to_restore",
  "already_restored",
  "version_not_latest",
  "version_not_ready",
  "no_changes",
  "too_many_files",
  "file_too_large",
  "repo_import_unsupported",
  // imports from a zip or a Git repository, push and pull
  "import_refused",
  "git_auth_required",
  "git_branch_moved",
  "git_remote_not_found",
  "git_credential_not_found",
  // webhooks, MCP servers, quotas
  "webhook_disabled",
  "delivery_busy",
  "mcp_server_not_oauth",
  "mcp_not_connected",
  "mcp_credentials_refused",
  "mcp_server_unreachable",
  "mcp_server_error",
  "quota_exceeded",
  // spending: credit budgets, the context's summary
  "budget_exceeded",
  "nothing_to_compact",
  // a project's environment variables
  "env_var_exists",
  "env_var_unreadable",
  // people, roles and API keys (issue 39, docs/people.md)
  "role_required",
  "acting_as_refused",
  "member_not_found",
  "api_key_not_found",
  "invitation_not_found",
  "email_taken",
  "first_admin_protected",
  // privacy (issue 40): a chat one may read but not write
  "chat_read_only",
  "author_only",
  "not_shareable",
  // operations of the real service's own platform, which the embedded service does not have
  "platform_unavailable",
  // the service is draining (SIGTERM): new requests are refused until another instance or the next start answers
  "service_shutting_down",
] as const;

/**
 * Where a v2 error's code travels when there is one to give: v2 bodies are `{message}` only (interface.md 7.1), so
 * the code is a response header (the shutdown's 503 uses it; v1 has it in the body too).
 */
export const ERROR_CODE_HEADER = "x-error-code";

export type ErrorCode = (typeof ERROR_CODES)[number];
