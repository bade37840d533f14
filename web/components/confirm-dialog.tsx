import { useSyncExternalStore } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "./ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "./ui/dialog";
import { confirmStore, settleConfirm } from "@/lib/confirm";

/**
 * The default confirmation dialog (SPEC §2.12): max width 400, not dismissible by an outside
 * click; Отмена in the secondary colour, Подтвердить in the error colour. Esc cancels.
 */
export function ConfirmDialogHost() {
  const pending = useSyncExternalStore(confirmStore.subscribe, confirmStore.get, confirmStore.get);
  const { t } = useTranslation("common");
  return (
    <Dialog open={!!pending} onOpenChange={(open) => !open && settleConfirm(false)}>
      <DialogContent persistent showCloseButton={false} className="max-w-[400px] sm:p-7" data-testid="confirm-dialog">
        <DialogHeader className="pe-0">
          <DialogTitle>{pending?.title ?? t("confirm.title")}</DialogTitle>
          <DialogDescription>{pending?.message ?? t("confirm.message")}</DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button variant="secondary" onClick={() => settleConfirm(false)}>
            {pending?.cancelText ?? t("confirm.cancel")}
          </Button>
          <Button variant="destructive" onClick={() => settleConfirm(true)} autoFocus>
            {pending?.confirmText ?? t("confirm.confirm")}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
