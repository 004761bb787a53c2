export * from "./schemas";
export * from "./routes";
export * from "./error-body";
export * from "./errors";
export * from "./parts";
export * from "./sse";
export * from "./stream-state";
export * from "./client";
