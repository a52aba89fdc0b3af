export * from "./presets";
export * from "./weights";
export * from "./wizard-state";
