import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useQueryClient } from "@tanstack/react-query";
import { ExternalLink } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Switch } from "@/components/ui/switch";
import { Textarea } from "@/components/ui/textarea";
import { useAbility } from "@/lib/ability";
import { notify } from "@/lib/notify";
import { assistantApi, assistantKeys } from "@/features/assistants/api";
import { ModelSelect } from "@/features/assistants/components/model-select";
import { notifyFailure } from "@/features/assistants/errors";
import type { Assistant } from "@/features/assistants/types";

/** The test chat's "configure" dialog (§2.11, §9: max width 500, height 400): quick settings of the chat's assistant. */
export function AssistantSettingsDialog({ assistant, open, onOpenChange }: { assistant: Assistant | undefined; open: boolean; onOpenChange: (o: boolean) => void }) {
  const { t } = useTranslation("testChat");
  const queryClient = useQueryClient();
  const canEdit = useAbility().can("update", "Assistant");
  const [values, setValues] = useState(() => pick(assistant));
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (open) setValues(pick(assistant));
  }, [open, assistant]);

  if (!assistant) return null;
  const temperatureOk = values.temperature >= 0 && values.temperature <= 2;
  const tokensOk = Number.isInteger(values.maxReplyTokens) && values.maxReplyTokens >= 50 && values.maxReplyTokens <= 4000;

  const save = async () => {
    setSaving(true);
    try {
      const saved = await assistantApi.update(assistant.accountId, assistant.assistantId, values);
      const { message: _m, ...fresh } = saved;
      queryClient.setQueryData(assistantKeys.detail(assistant.accountId, assistant.assistantId), fresh);
      await queryClient.invalidateQueries({ queryKey: [...assistantKeys.all(assistant.accountId), "list"] });
      notify({ type: "success", message: t("settings.saved") });
      onOpenChange(false);
    } catch (e) {
      notifyFailure("errors.update", e);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="flex h-[400px] max-h-[calc(100dvh-2rem)] max-w-[500px] flex-col gap-4 p-0 sm:max-w-[500px] sm:p-0" data-testid="assistant-settings-dialog">
        <DialogHeader className="px-6 pt-6">
          <DialogTitle>{t("settings.title")}</DialogTitle>
          <DialogDescription className="truncate">
            {assistant.name} · {t("settings.description")}
          </DialogDescription>
        </DialogHeader>
        <fieldset disabled={!canEdit} className="grid min-h-0 flex-1 gap-4 overflow-y-auto px-6 py-1">
          <div className="grid gap-1.5">
            <Label htmlFor="ts-model">{t("settings.model")}</Label>
            <ModelSelect id="ts-model" value={values.model} onChange={(model) => setValues((v) => ({ ...v, model: model as Assistant["model"] }))} disabled={!canEdit} />
          </div>
          <div className="grid grid-cols-2 gap-4">
            <NumberField id="ts-temperature" label={t("settings.temperature")} min={0} max={2} step={0.1} value={values.temperature} invalid={!temperatureOk} onChange={(temperature) => setValues((v) => ({ ...v, temperature }))} />
            <NumberField id="ts-tokens" label={t("settings.maxReplyTokens")} min={50} max={4000} step={50} value={values.maxReplyTokens} invalid={!tokensOk} onChange={(maxReplyTokens) => setValues((v) => ({ ...v, maxReplyTokens }))} />
          </div>
          <label className="flex cursor-pointer items-center justify-between gap-4 rounded-md border px-3 py-2.5">
            <span className="text-[0.9375rem] font-medium">{t("settings.isActive")}</span>
            <Switch checked={values.isActive} onCheckedChange={(isActive) => setValues((v) => ({ ...v, isActive }))} />
          </label>
          <div className="grid gap-1.5">
            <Label htmlFor="ts-instructions">{t("settings.instructions")}</Label>
            <Textarea
              id="ts-instructions"
              rows={5}
              maxLength={20_000}
              value={values.instructions}
              onChange={(e) => setValues((v) => ({ ...v, instructions: e.target.value }))}
              className="field-sizing-fixed min-h-28"
            />
          </div>
        </fieldset>
        <DialogFooter className="border-t px-6 py-4 sm:justify-between">
          <Button variant="link" asChild className="justify-start">
            <Link to={`/${assistant.accountId}/assistants/${assistant.assistantId}`} onClick={() => onOpenChange(false)}>
              <ExternalLink aria-hidden />
              {t("settings.openEditor")}
            </Link>
          </Button>
          {canEdit && (
            <Button onClick={save} loading={saving} disabled={!temperatureOk || !tokensOk}>
              {t("settings.save")}
            </Button>
          )}
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

function NumberField({ id, label, min, max, step, value, invalid, onChange }: { id: string; label: string; min: number; max: number; step: number; value: number; invalid: boolean; onChange: (n: number) => void }) {
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <Input id={id} type="number" min={min} max={max} step={step} value={value} aria-invalid={invalid} onChange={(e) => onChange(e.target.valueAsNumber)} />
    </div>
  );
}

function pick(a: Assistant | undefined) {
  return {
    model: a?.model ?? "gpt-4.1-mini",
    temperature: a?.temperature ?? 0.4,
    maxReplyTokens: a?.maxReplyTokens ?? 400,
    isActive: a?.isActive ?? true,
    instructions: a?.instructions ?? "",
  } as Pick<Assistant, "model" | "temperature" | "maxReplyTokens" | "isActive" | "instructions">;
}
