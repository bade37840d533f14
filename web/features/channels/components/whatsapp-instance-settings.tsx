import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { TriangleAlert } from "lucide-react";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Skeleton } from "@/components/ui/skeleton";
import { SwitchRow } from "@/components/form/switch-field";
import { isApiError } from "@/lib/api";
import { notify } from "@/lib/notify";
import { channelApi, channelKeys, channelQueries, type InstanceSettings } from "../api";

const FLAGS = ["markIncomingMessagesReaded", "markIncomingMessagesReadedOnReply", "keepOnlineStatus"] as const;
type Flag = (typeof FLAGS)[number];

/** The gateway's own instance settings (PUT /instance-settings). Saving restarts the instance. */
export function WhatsappInstanceSettings({ accountId, open, onOpenChange }: { accountId: string; open: boolean; onOpenChange: (v: boolean) => void }) {
  const { t } = useTranslation("channels");
  const queryClient = useQueryClient();
  const current = useQuery({ ...channelQueries.instanceSettings(accountId), enabled: open });
  const [draft, setDraft] = useState<InstanceSettings | null>(null);
  const [delayText, setDelayText] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (open && current.data) {
      setDraft(current.data);
      setDelayText(String(current.data.delaySendMessagesMilliseconds ?? 1000));
      setError(null);
    }
  }, [open, current.data]);

  const delay = Number(delayText);
  const delayError = !/^\d+$/.test(delayText) || delay < 500 || delay > 600_000 ? t("whatsapp.instance.delayRange") : null;

  const save = async () => {
    if (!draft || delayError) return;
    setSaving(true);
    setError(null);
    try {
      const body: InstanceSettings = { delaySendMessagesMilliseconds: delay };
      for (const f of FLAGS) if (draft[f]) body[f] = draft[f];
      const saved = await channelApi.putInstanceSettings(accountId, body);
      queryClient.setQueryData(channelKeys.instanceSettings(accountId), saved);
      notify({ type: "success", message: t("whatsapp.instance.saved") });
      onOpenChange(false);
    } catch (e) {
      setError(isApiError(e) ? (Object.values(e.fieldErrors())[0] ?? e.body.message) : t("common.network"));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-lg" data-testid="whatsapp-instance-settings">
        <DialogHeader>
          <DialogTitle>{t("whatsapp.instance.title")}</DialogTitle>
          <DialogDescription>{t("whatsapp.instance.description")}</DialogDescription>
        </DialogHeader>
        {current.isError ? (
          <Alert variant="destructive">
            <AlertDescription>{isApiError(current.error) ? current.error.body.message : t("common.network")}</AlertDescription>
          </Alert>
        ) : !draft ? (
          <div className="space-y-3" aria-busy="true">
            <Skeleton className="h-9.5 w-full" />
            <Skeleton className="h-6 w-3/4" />
            <Skeleton className="h-6 w-2/3" />
            <Skeleton className="h-6 w-1/2" />
          </div>
        ) : (
          <div className="space-y-4">
            <div className="grid gap-1.5">
              <Label htmlFor="wa-delay">{t("whatsapp.instance.delay")}</Label>
              <Input id="wa-delay" inputMode="numeric" value={delayText} onChange={(e) => setDelayText(e.target.value.trim())} aria-invalid={!!delayError} />
              <p className={delayError ? "text-[0.8125rem] text-destructive" : "text-[0.8125rem] text-muted-foreground"} role={delayError ? "alert" : undefined}>
                {delayError ?? t("whatsapp.instance.delayHint")}
              </p>
            </div>
            {FLAGS.map((f: Flag) => (
              <SwitchRow
                key={f}
                id={`wa-${f}`}
                label={t(`whatsapp.instance.${f}`)}
                hint={t(`whatsapp.instance.${f}Hint`)}
                checked={draft[f] === "yes"}
                onCheckedChange={(v) => setDraft({ ...draft, [f]: v ? "yes" : "no" })}
              />
            ))}
            <Alert variant="warning">
              <TriangleAlert aria-hidden />
              <AlertDescription>{t("whatsapp.instance.restartWarning")}</AlertDescription>
            </Alert>
            {error && (
              <p role="alert" className="text-[0.875rem] text-destructive">
                {error}
              </p>
            )}
          </div>
        )}
        <DialogFooter>
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            {t("common.cancel")}
          </Button>
          <Button onClick={save} loading={saving} disabled={!draft || !!delayError}>
            {t("common.save")}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
