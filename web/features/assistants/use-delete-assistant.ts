import { useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { confirm } from "@/lib/confirm";
import { notify } from "@/lib/notify";
import { assistantApi, assistantKeys } from "./api";
import { notifyFailure } from "./errors";
import type { Assistant } from "./types";

/** Asks, deletes, says «Ассистент успешно удален!»; resolves true when the assistant is gone. */
export function useDeleteAssistant(accountId: string) {
  const { t } = useTranslation("assistants");
  const queryClient = useQueryClient();
  return async (assistant: Pick<Assistant, "assistantId" | "name">): Promise<boolean> => {
    const ok = await confirm({
      title: t("list.deleteTitle"),
      message: t("list.deleteMessage", { name: assistant.name }),
      confirmText: t("list.deleteConfirm"),
    });
    if (!ok) return false;
    try {
      await assistantApi.remove(accountId, assistant.assistantId);
      notify({ type: "success", message: t("toasts.deleted") });
      queryClient.removeQueries({ queryKey: assistantKeys.detail(accountId, assistant.assistantId) });
      await queryClient.invalidateQueries({ queryKey: assistantKeys.all(accountId) });
      return true;
    } catch (e) {
      notifyFailure("errors.delete", e);
      return false;
    }
  };
}
