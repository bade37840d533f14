import { api } from "@/lib/api";
import type { ApiResponse } from "@/lib/api-types";
import type { WizardPage } from "@worker/features/accounts/accounts.schemas";

export type { WizardPage };

/** The wizard's pages in order (the server's WIZARD_PAGES). */
export const WIZARD_PAGE_ORDER = ["business", "assistant", "channel", "test", "team", "done"] as const satisfies readonly WizardPage[];

export const INDUSTRY_OPTIONS = ["retail", "beauty", "food", "education", "health", "services", "realty", "auto", "travel", "other"] as const;

export const wizardApi = {
  /** Stores the page the wizard reached; answers the account as `GET /accounts/:id` does. */
  setPage: (accountId: string, at: WizardPage) => api.put<ApiResponse<"/accounts/:accountId/wizard", "put">>(`/accounts/${accountId}/wizard`, { at }, { silent: true }),
};
