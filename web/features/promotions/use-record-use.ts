import { useCallback } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { notify } from "@/lib/notify";
import { promotionApi, promotionKeys, type Promotion } from "./api";

/**
 * The row action «Записать использование» (a customer's code applied by hand): one use of the
 * promotion, the new count in a toast; a promotion that no longer applies answers 409 and the
 * snackbar says why. Undefined when the member may not record uses.
 */
export function useRecordPromotionUse(accountId: string, allowed: boolean): ((p: Promotion) => Promise<void>) | undefined {
  const { t } = useTranslation("products");
  const qc = useQueryClient();
  const record = useCallback(
    async (promotion: Promotion) => {
      try {
        const r = await promotionApi.recordUse(accountId, promotion.promotionId);
        notify({ type: "success", message: t("promotions.toasts.used", { name: promotion.name, count: r.usedCount }) });
      } catch {
        /* the snackbar said why (expired, used up) */
      }
      await qc.invalidateQueries({ queryKey: promotionKeys.all(accountId) });
    },
    [accountId, qc, t],
  );
  return allowed ? record : undefined;
}
