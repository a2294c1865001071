export * from "./admin";
export * from "./billing";
export * from "./clicks";
export * from "./domains";
export * from "./link-pages";
export * from "./shortened-urls";
export * from "./users";
