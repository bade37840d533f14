import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { PackageOpen } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { useAbility } from "@/lib/ability";
import type { QuotaShortage } from "../use-composer-actions";

/**
 * A start beyond what is left to send to (the plan's recipients and the packages'): the sentence
 * with the numbers, and the way out — the packages' checkout for whoever pays for the account
 * (the owner), a word on who can buy one for everyone else.
 */
export function QuotaShortageDialog({ accountId, shortage, onClose }: { accountId: string; shortage: QuotaShortage | null; onClose: () => void }) {
  const { t } = useTranslation("broadcasts");
  const canPay = useAbility().can("update", "Billing");
  return (
    <Dialog open={!!shortage} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-w-[440px] sm:p-7" data-testid="quota-shortage">
        <DialogHeader className="pe-0">
          <DialogTitle>{t("shortage.title")}</DialogTitle>
          <DialogDescription>{shortage?.message}</DialogDescription>
        </DialogHeader>
        {!canPay && <p className="text-sm text-muted-foreground">{t("shortage.ownerBuys")}</p>}
        <DialogFooter>
          <Button variant="secondary" onClick={onClose}>
            {t("shortage.close")}
          </Button>
          {canPay && (
            <Button asChild>
              <Link to={`/checkout?accountId=${encodeURIComponent(accountId)}&kind=package`} data-testid="quota-buy-package" onClick={onClose}>
                <PackageOpen aria-hidden />
                {t("shortage.buy")}
              </Link>
            </Button>
          )}
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
