import { useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { isApiError, saveBlob } from "@/lib/api";
import { confirm } from "@/lib/confirm";
import { notify } from "@/lib/notify";
import { useBusyAction } from "@/lib/use-busy-action";
import { flowApi, flowKeys, type FlowListItem } from "./api";

export type FlowAction = "publish" | "unpublish" | "duplicate" | "export";

/** The server's sentence for a refused call (409 FLOW_IN_USE names the broadcast), or `fallback`. */
export function errorSentence(e: unknown, fallback: string) {
  return isApiError(e) && e.message ? e.message : fallback;
}

/**
 * The list's row actions: publish, unpublish (asked first), duplicate, export (a JSON download),
 * import (a file) and delete (asked first; the server's refusal shown as it words it). The lists refetch after each.
 */
export function useFlowActions(accountId: string, onDeleted?: () => void) {
  const { t } = useTranslation("flows");
  const qc = useQueryClient();
  const { busy, run } = useBusyAction<string>();
  const refresh = () => qc.invalidateQueries({ queryKey: flowKeys.all(accountId) });

  const act = async (f: Pick<FlowListItem, "flowId" | "name">, action: FlowAction) => {
    if (action === "export") {
      const r = await run(`${f.flowId}:export`, () => flowApi.exportJson(accountId, f.flowId));
      if (r) saveBlob(new Blob([JSON.stringify(r, null, 2)], { type: "application/json" }), `${fileSlug(f.name)}.flow.json`);
      return;
    }
    if (action === "publish") {
      const r = await run(`${f.flowId}:publish`, () => flowApi.publish(accountId, f.flowId).catch((e: unknown) => {
        notify({ type: "error", message: errorSentence(e, t("errors.publish")) });
        throw e;
      }), t("toasts.published"));
      if (r) await refresh();
      return;
    }
    // Unpublishing stops the flow from starting anywhere at once: asked first, saying what happens to
    // the conversations running it (they finish on their version: a run keeps its graph).
    if (action === "unpublish" && !(await confirm({ title: t("confirm.unpublishTitle"), message: t("confirm.unpublishText", { name: f.name }), confirmText: t("actions.unpublish") }))) return;
    const call = action === "unpublish" ? () => flowApi.unpublish(accountId, f.flowId) : () => flowApi.duplicate(accountId, f.flowId);
    const r = await run(`${f.flowId}:${action}`, call, t(`toasts.${action}`));
    if (r) await refresh();
  };

  const remove = async (f: Pick<FlowListItem, "flowId" | "name">) => {
    if (!(await confirm({ title: t("confirm.deleteTitle"), message: t("confirm.deleteText", { name: f.name }), confirmText: t("actions.delete") }))) return;
    const r = await run(`${f.flowId}:delete`, () =>
      flowApi.remove(accountId, f.flowId).then(
        () => true,
        (e: unknown) => {
          notify({ type: "error", title: t("errors.deleteTitle"), message: errorSentence(e, t("errors.delete")) });
          throw e;
        },
      ), t("toasts.deleted"));
    if (r) {
      await refresh();
      onDeleted?.();
    }
  };

  const importFile = async (file: File) => {
    let body: unknown;
    try {
      body = JSON.parse(await file.text());
    } catch {
      notify({ type: "error", title: t("errors.importTitle"), message: t("errors.importNotJson") });
      return undefined;
    }
    const r = await run("import", () =>
      flowApi.importJson(accountId, body).catch((e: unknown) => {
        notify({ type: "error", title: t("errors.importTitle"), message: errorSentence(e, t("errors.import")) });
        throw e;
      }), t("toasts.imported"));
    if (r) await refresh();
    return r;
  };

  const busyOn = (flowId: string) => !!busy?.startsWith(`${flowId}:`);
  return { act, remove, importFile, busy, busyOn };
}

function fileSlug(name: string) {
  return name.trim().replace(/[\\/:*?"<>|\s]+/g, "-").slice(0, 60) || "flow";
}
