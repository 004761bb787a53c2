export * from "./import";
export * from "./content-types";
export * from "./language";
export * from "./path-name";
export * from "./limits";
export * from "./locks";
export * from "./tree";
export * from "./archive-name";
