import { useCallback, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { useQueryClient } from "@tanstack/react-query";
import { confirm } from "@/lib/confirm";
import { notify } from "@/lib/notify";
import { productApi, productKeys, type Product } from "./api";
import type { RowActions } from "./components/products-columns";

/** The form's state (closed, a new product, or one to edit) and the row menu's actions. */
export function useProductActions(accountId: string) {
  const { t } = useTranslation("products");
  const qc = useQueryClient();
  const [editing, setEditing] = useState<{ product: Product | null } | null>(null);
  const refresh = useCallback(() => Promise.all([productKeys.all(accountId), productKeys.categories(accountId)].map((queryKey) => qc.invalidateQueries({ queryKey }))), [qc, accountId]);

  const actions = useMemo<RowActions>(
    () => ({
      onEdit: (product) => setEditing({ product }),
      onDuplicate: async (product) => {
        try {
          const copy = await productApi.duplicate(accountId, product.productId);
          notify({ type: "success", message: t("toasts.duplicated", { name: product.name }) });
          await refresh();
          setEditing({ product: copy });
        } catch {
          /* the snackbar said why */
        }
      },
      onDelete: async (product) => {
        const ok = await confirm({ title: t("list.deleteTitle", { name: product.name }), message: t("list.deleteMessage"), confirmText: t("list.deleteConfirm") });
        if (!ok) return;
        try {
          await productApi.remove(accountId, product.productId);
          notify({ type: "success", message: t("toasts.deleted", { name: product.name }) });
          await refresh();
        } catch {
          /* the snackbar said why */
        }
      },
    }),
    [accountId, t, refresh],
  );
  return { editing, setEditing, actions };
}
