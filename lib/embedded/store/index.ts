import "server-only";

/** The embedded service's store: driver-agnostic queries over the drizzle schema. */
export * from "./db";
export * as chatsStore from "./chats";
export * as messagesStore from "./messages";
export * as filesStore from "./files";
export * as versionsStore from "./versions";
export * as projectsStore from "./projects";
export * as envVarsStore from "./env-vars";
export * as deploymentsStore from "./deployments";
export * as duplicateStore from "./duplicate";
export * as forkStore from "./fork";
export * as usageStore from "./usage";
export * as quotasStore from "./quotas";
export * as leasesStore from "./leases";
export * as gitStore from "./git";
export * as attachmentsStore from "./attachments";
export * as settingsStore from "./settings";
export { assertMessageArchiveLimit, MESSAGE_ARCHIVE_LIMIT, setMessageArchiveLimit } from "./archive";
export type {
  ChatFileRow,
  ChatRow,
  DeploymentLogLine,
  DeploymentRow,
  EnvVarRow,
  GitCredentialRow,
  MessageRow,
  ProjectRow,
  VersionFile,
  VersionRow,
} from "./schema";
