import { useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { confirm } from "@/lib/confirm";
import { useBusyAction } from "@/lib/use-busy-action";
import { broadcastApi, broadcastKeys, type Broadcast, type BroadcastAction } from "./api";

/**
 * Pause, resume, cancel (asked first: what was not sent is not sent) and delete (asked first) of a
 * broadcast; the lists, the page and the quota refetch after each.
 */
export function useBroadcastActions(accountId: string, onDeleted?: () => void) {
  const { t } = useTranslation("broadcasts");
  const qc = useQueryClient();
  const { busy, run } = useBusyAction<string>();
  const refresh = () => Promise.all([qc.invalidateQueries({ queryKey: broadcastKeys.all(accountId) }), qc.invalidateQueries({ queryKey: broadcastKeys.quota(accountId) })]);

  const act = async (b: Pick<Broadcast, "broadcastId" | "name">, action: BroadcastAction) => {
    if (action === "cancel" && !(await confirm({ title: t("confirm.cancelTitle"), message: t("confirm.cancelText", { name: b.name }), confirmText: t("confirm.cancelOk"), cancelText: t("confirm.keep") }))) return;
    const r = await run(`${b.broadcastId}:${action}`, () => broadcastApi.act(accountId, b.broadcastId, action), t(`toasts.${action}`));
    if (r) await refresh();
  };

  const remove = async (b: Pick<Broadcast, "broadcastId" | "name">) => {
    if (!(await confirm({ title: t("confirm.deleteTitle"), message: t("confirm.deleteText", { name: b.name }), confirmText: t("actions.delete") }))) return;
    const r = await run(`${b.broadcastId}:delete`, () => broadcastApi.remove(accountId, b.broadcastId), t("toasts.deleted"));
    if (r) {
      await refresh();
      onDeleted?.();
    }
  };

  const busyOn = (broadcastId: string) => !!busy?.startsWith(`${broadcastId}:`);
  return { act, remove, busy, busyOn };
}
