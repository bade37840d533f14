export * from "./users";
export * from "./accounts";
export * from "./platform";
export * from "./inbox";
export * from "./channels";
export * from "./assistants";
export * from "./meta-oauth";
export * from "./ai-providers";
