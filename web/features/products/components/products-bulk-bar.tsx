import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useQueryClient } from "@tanstack/react-query";
import { Eye, EyeOff, Trash2 } from "lucide-react";
import { BulkActionBar, canWidenSelection } from "@/components/bulk-action-bar";
import { Button } from "@/components/ui/button";
import { confirm } from "@/lib/confirm";
import { notify } from "@/lib/notify";
import { productApi, productKeys } from "../api";
import type { ProductBulkTarget } from "../use-product-selection";

/**
 * The bar over the table while rows are chosen: how many, «выбрать все N», show, hide, and delete
 * after a confirmation naming the number.
 */
export function ProductsBulkBar({ accountId, target, pageCount, total, onSelectAll, onClear }: { accountId: string; target: ProductBulkTarget; pageCount: number; total: number; onSelectAll: () => void; onClear: () => void }) {
  const { t } = useTranslation("products");
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState<string | null>(null);
  const count = target.kind === "ids" ? target.ids.length : target.total;
  const scope = target.kind === "ids" ? { ids: target.ids } : { filter: target.filter };

  const run = async (action: "activate" | "deactivate" | "delete") => {
    setBusy(action);
    try {
      const r = await productApi.bulk(accountId, { action, ...scope });
      notify({ type: "success", message: t(`bulk.done.${action}`, { count: r.affected }) });
      await Promise.all([productKeys.all(accountId), productKeys.categories(accountId)].map((queryKey) => queryClient.invalidateQueries({ queryKey })));
      if (action === "delete") onClear();
    } catch {
      /* the snackbar told the reason */
    } finally {
      setBusy(null);
    }
  };
  const askDelete = async () => {
    if (await confirm({ title: t("bulk.deleteTitle", { count }), message: t("bulk.deleteMessage", { count }), confirmText: t("bulk.deleteConfirm", { count }) })) await run("delete");
  };

  return (
    <BulkActionBar
      label={t("bulk.label")}
      countText={target.kind === "ids" ? t("bulk.selected", { count }) : t("bulk.allMatching", { count })}
      selectAllText={canWidenSelection(target, pageCount, total) ? t("bulk.selectAll", { count: total }) : null}
      onSelectAll={onSelectAll}
      clearText={t("bulk.clear")}
      onClear={onClear}
    >
      <Button variant="outline" size="sm" onClick={() => void run("activate")} loading={busy === "activate"} data-testid="bulk-activate">
        <Eye aria-hidden />
        {t("bulk.activate")}
      </Button>
      <Button variant="outline" size="sm" onClick={() => void run("deactivate")} loading={busy === "deactivate"} data-testid="bulk-deactivate">
        <EyeOff aria-hidden />
        {t("bulk.deactivate")}
      </Button>
      <Button variant="outline" size="sm" className="text-destructive" onClick={() => void askDelete()} loading={busy === "delete"} data-testid="bulk-delete">
        <Trash2 aria-hidden />
        {t("bulk.delete")}
      </Button>
    </BulkActionBar>
  );
}
