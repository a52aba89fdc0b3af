import { Outlet } from "react-router";

// PLACEHOLDER until the page is built (owner: UI helper). Must be replaced before submission.
export function SystemPage() {
  return <Outlet />;
}
