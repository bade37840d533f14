import { useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useQueryClient } from "@tanstack/react-query";
import { confirm } from "@/lib/confirm";
import { notify } from "@/lib/notify";
import { knowledgeApi, knowledgeKeys, type KnowledgeSource } from "./api";
import type { SourceAction } from "./components/sources-table";
import { sourceTitle } from "./source-title";

/** The page's actions on sources: the dialogs it opens, reindex/refresh/delete (with confirmation), the document upload. */
export function useSourceActions(accountId: string) {
  const { t } = useTranslation("knowledge");
  const queryClient = useQueryClient();
  const [dialog, setDialog] = useState<{ kind: "faq"; source: KnowledgeSource | null } | { kind: "url" } | null>(null);
  const [uploading, setUploading] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: knowledgeKeys.all(accountId) });

  const act = async (s: KnowledgeSource, action: SourceAction) => {
    if (action === "edit") return setDialog({ kind: "faq", source: s });
    try {
      if (action === "delete") {
        const ok = await confirm({ title: t("delete.title"), message: t("delete.message", { title: sourceTitle(t, s) }), confirmText: t("delete.confirm") });
        if (!ok) return;
        await knowledgeApi.remove(accountId, s.sourceId);
        notify({ type: "success", message: t("toasts.deleted") });
      } else if (action === "refresh") {
        await knowledgeApi.refresh(accountId, s.sourceId);
        notify({ type: "success", message: t("toasts.refreshing") });
      } else {
        await knowledgeApi.reindex(accountId, s.sourceId);
        notify({ type: "success", message: t("toasts.reindexing") });
      }
    } catch {
      // the API client has shown the reason
    }
    await refresh();
  };

  const upload = async (files: FileList | null) => {
    const file = files?.[0];
    if (fileInput.current) fileInput.current.value = "";
    if (!file) return;
    setUploading(true);
    try {
      await knowledgeApi.upload(accountId, file);
      notify({ type: "success", message: t("toasts.uploaded", { name: file.name }) });
    } catch {
      // the API client has shown the reason (format, size)
    } finally {
      setUploading(false);
    }
    await refresh();
  };

  return { dialog, setDialog, act, upload, uploading, fileInput };
}
