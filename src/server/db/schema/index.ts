export * from "./inquiries";
export * from "./outbox";
