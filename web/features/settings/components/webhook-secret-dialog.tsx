import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Check, Copy, TriangleAlert } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { notify } from "@/lib/notify";

/** The signing secret, shown once after creating an endpoint or rotating its secret. */
export function SecretDialog({ secret, rotated, url, onClose }: { secret: string; rotated: boolean; url: string; onClose: () => void }) {
  const { t } = useTranslation("settings");
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(secret);
      setCopied(true);
      notify({ type: "success", message: t("webhooks.secret.copied") });
    } catch {
      notify({ type: "error", message: t("webhooks.secret.copyFailed") });
    }
  };
  return (
    <Dialog open onOpenChange={(o) => !o && onClose()}>
      <DialogContent persistent className="sm:max-w-lg" data-testid="webhook-secret-dialog">
        <DialogHeader>
          <DialogTitle>{rotated ? t("webhooks.secret.rotatedTitle") : t("webhooks.secret.title")}</DialogTitle>
          <DialogDescription className="break-all">{url}</DialogDescription>
        </DialogHeader>
        <div className="space-y-3">
          <div className="flex gap-2">
            <Input readOnly value={secret} className="font-mono text-xs" aria-label={t("webhooks.secret.label")} data-testid="webhook-secret" onFocus={(e) => e.currentTarget.select()} />
            <Button type="button" variant="outline" onClick={copy} data-testid="webhook-secret-copy">
              {copied ? <Check aria-hidden /> : <Copy aria-hidden />}
              {copied ? t("webhooks.secret.copiedShort") : t("webhooks.secret.copy")}
            </Button>
          </div>
          <p className="flex items-start gap-2 rounded-md bg-warning/12 p-3 text-sm text-foreground">
            <TriangleAlert className="mt-0.5 size-4 shrink-0 text-warning" aria-hidden />
            <span>{rotated ? t("webhooks.secret.rotatedHint") : t("webhooks.secret.once")}</span>
          </p>
        </div>
        <DialogFooter>
          <Button onClick={onClose} data-testid="webhook-secret-done">
            {t("webhooks.secret.done")}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
