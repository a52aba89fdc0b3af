export * from "./presets";
export * from "./weights";
export * from "./wizard-state";
export * from "./grading-defaults";
