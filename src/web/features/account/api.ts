import { useQuery } from "@tanstack/react-query";
import type { AccountSummary, DeleteAccountInput } from "../../../contracts/account";
import { getJson, postJson } from "../../lib/api";

export const accountSummaryQueryKey = ["/api/account/summary"] as const;
/** A plain link: the browser downloads the zip itself, so a large export never sits in the page's memory. */
export const accountExportUrl = "/api/account/export";

export function useAccountSummary(enabled: boolean) {
  return useQuery({ queryKey: accountSummaryQueryKey, queryFn: () => getJson<AccountSummary>("/api/account/summary"), enabled, staleTime: 0 });
}

export async function deleteAccount(input: DeleteAccountInput): Promise<void> {
  await postJson("/api/account/delete", input);
}
