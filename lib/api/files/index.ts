export * from "./language";
export * from "./locks";
export * from "./tree";
