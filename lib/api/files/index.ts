export * from "./import";
export * from "./language";
export * from "./limits";
export * from "./locks";
export * from "./tree";
export * from "./archive-name";
