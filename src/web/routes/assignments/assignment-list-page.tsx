// PLACEHOLDER until the page is built (owner: UI helper). Must be replaced before submission.
export function AssignmentListPage() {
  return null;
}
