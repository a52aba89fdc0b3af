export * from "./auth";
export * from "./inquiries";
export * from "./outbox";
export * from "./profiles";
export * from "./teacher-profiles";
export * from "./assignments";
export * from "./chat";
