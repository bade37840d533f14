import { useState } from "react";
import { useTranslation } from "react-i18next";
import { RefreshCw } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";

/**
 * 409 REVISION_CONFLICT: the flow was saved from another tab after this one loaded it. Saving stops;
 * the only way on is to load the saved version (this tab's unsaved edits are dropped).
 */
export function ConflictDialog({ open, onReload }: { open: boolean; onReload: () => Promise<void> }) {
  const { t } = useTranslation("flows");
  const [busy, setBusy] = useState(false);
  return (
    <Dialog open={open}>
      <DialogContent persistent showCloseButton={false} className="max-w-[420px]" data-testid="flow-conflict">
        <DialogHeader>
          <DialogTitle>{t("conflict.title")}</DialogTitle>
          <DialogDescription>{t("conflict.text")}</DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button
            loading={busy}
            onClick={async () => {
              setBusy(true);
              try {
                await onReload();
              } finally {
                setBusy(false);
              }
            }}
            data-testid="flow-conflict-reload"
          >
            <RefreshCw aria-hidden />
            {t("conflict.reload")}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
