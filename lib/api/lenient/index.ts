export * from "./values";
export * from "./chat";
export * from "./message";
export * from "./lists";
export * from "./webhooks";
export * from "./events";
