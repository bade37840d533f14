import type { QueryClient } from "@tanstack/react-query";
import { installDashboardRealtime } from "@/features/analytics/realtime";
import { installBroadcastsRealtime } from "@/features/broadcasts/realtime";
import { installChatRealtime } from "@/features/chat/cache";
import { channelKeys } from "@/features/channels/api";
import { installCommentsRealtime } from "@/features/comments/realtime";
import { installContactsRealtime } from "@/features/contacts/api";
import { installTestChatRealtime } from "@/features/test-chat/realtime";
import type { Role } from "@worker/db/schema/accounts";
import { i18n } from "./i18n";
import { notify } from "./notify";
import { queryClient, queryKeys } from "./query";
import type { MeResponse } from "./session-store";
import { onSocketEvent } from "./socket";

/**
 * The one place where the room's events reach the SPA (SPEC §4): each feature's rules patch or
 * invalidate its React Query keys under ["accounts", accountId, …], whether or not a page showing
 * them is mounted, and components only read React Query. Installed once, by the account scope
 * (web/components/account-scope.tsx), before any account page renders.
 */
let installedOn: QueryClient | null = null;

export function installRealtime(qc: QueryClient = queryClient): void {
  if (installedOn) return;
  installedOn = qc;
  installChatRealtime(qc);
  installContactsRealtime();
  installCommentsRealtime(qc);
  installTestChatRealtime(qc);
  installBroadcastsRealtime(qc);
  installDashboardRealtime(qc);
  // Its data is the new settings of the channels page.
  onSocketEvent("core::whatsappStateChanged", (data, { accountId }) => qc.setQueryData(channelKeys.whatsapp(accountId), data));
  onSocketEvent("membershipChanged", (data, { accountId }) => void roleChanged(qc, accountId, data.role));
}

/**
 * The owner (or an admin) changed this user's role: the session (abilities, the role in the
 * switcher) is fetched first, so pages the new role may not see are left before their data is
 * asked for again; then the account's own answers that depend on the role.
 */
async function roleChanged(qc: QueryClient, accountId: string, role: Role): Promise<void> {
  await qc.invalidateQueries({ queryKey: ["auth"] });
  await Promise.all([
    qc.invalidateQueries({ queryKey: queryKeys.accountPart(accountId, "detail") }),
    qc.invalidateQueries({ queryKey: queryKeys.members(accountId) }),
    qc.invalidateQueries({ queryKey: ["accounts", "list"] }),
  ]);
  const account = qc.getQueryData<MeResponse>(queryKeys.me(accountId))?.accounts.find((a) => a.accountId === accountId)?.name;
  notify({
    id: `role-${accountId}`,
    type: "info",
    message: account
      ? i18n.t("common:accountAccess.roleChanged", { account, role: i18n.t(`common:userMenu.roles.${role}`) })
      : i18n.t("common:accountAccess.roleChangedHere", { role: i18n.t(`common:userMenu.roles.${role}`) }),
  });
}
