export * from "./common";
export * from "./parts";
export * from "./v2";
export * from "./events";
export * from "./usage";
export * from "./quotas";
export * from "./mcp-explorer";
export * as v1 from "./v1";
