import { serverText } from "@/lib/api";
import { i18n } from "@/lib/i18n";
import { useMemo } from "react";
import { useFieldArray, type UseFormReturn } from "react-hook-form";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Plus, Trash2 } from "lucide-react";
import { z } from "zod";
import { FormCard } from "@/components/form-card";
import { TextField } from "@/components/form/field";
import { SelectField, type SelectOption } from "@/components/form/select-field";
import { SwitchField } from "@/components/form/switch-field";
import { Button } from "@/components/ui/button";
import { applyServerErrors, useResetWhileClean, useZodForm } from "@/lib/form";
import { notify } from "@/lib/notify";
import { customFieldQueries } from "@/features/custom-fields/api";
import { integrationKeys, integrationApi, integrationQueries, type Bitrix24Options, type Bitrix24Settings } from "../api";

/** Radix selects take no empty value: "none" stands for "not set" in the form. */
const NONE = "__none";
const TRIGGERS = ["firstMessage", "handoff", "flowAction", "assistantTool"] as const;
const SOURCES = ["name", "phone", "username", "platform", "about"] as const;

type Values = Omit<Bitrix24Settings, "stageId" | "sourceId" | "responsibleId"> & { stageId: string; sourceId: string; responsibleId: string };

const toValues = (s: Bitrix24Settings): Values => ({ ...s, stageId: s.stageId || NONE, sourceId: s.sourceId || NONE, responsibleId: s.responsibleId || NONE });
const fromValues = (v: Values): Bitrix24Settings => ({
  ...v,
  stageId: v.stageId === NONE ? "" : v.stageId,
  sourceId: v.sourceId === NONE ? "" : v.sourceId,
  responsibleId: v.responsibleId === NONE ? "" : v.responsibleId,
});

function FieldMap({ form, accountId, disabled }: { form: UseFormReturn<Values>; accountId: string; disabled: boolean }) {
  const { t } = useTranslation("integrations");
  const rows = useFieldArray({ control: form.control, name: "fieldMap" });
  const custom = useQuery(customFieldQueries.fields(accountId));
  const from: SelectOption[] = [
    ...SOURCES.map((s) => ({ value: s, label: t(`bitrix.settings.sources.${s}`) })),
    ...(custom.data?.data ?? []).map((f) => ({ value: `custom:${f.key}`, label: t("bitrix.settings.customField", { name: f.label }) })),
  ];
  return (
    <fieldset className="space-y-3">
      <legend className="mb-1 font-medium text-heading">{t("bitrix.settings.fieldMap")}</legend>
      <p className="text-sm text-muted-foreground">{t("bitrix.settings.fieldMapHint")}</p>
      {rows.fields.map((row, i) => (
        <div key={row.id} className="grid items-start gap-3 rounded-md border p-3 sm:grid-cols-[1fr_1fr_auto]">
          <SelectField control={form.control} name={`fieldMap.${i}.from`} label={t("bitrix.settings.from")} options={from} disabled={disabled} />
          <TextField control={form.control} name={`fieldMap.${i}.to`} label={t("bitrix.settings.to")} placeholder="UF_CRM_1700000000" disabled={disabled} />
          <Button type="button" variant="ghost" size="icon" className="sm:mt-7" aria-label={t("bitrix.settings.removeMapping", { n: i + 1 })} onClick={() => rows.remove(i)} disabled={disabled}>
            <Trash2 aria-hidden />
          </Button>
        </div>
      ))}
      <Button type="button" variant="outline" onClick={() => rows.append({ from: "name", to: "" })} disabled={disabled || rows.fields.length >= 30} data-testid="bitrix-add-mapping">
        <Plus aria-hidden />
        {t("bitrix.settings.addMapping")}
      </Button>
    </fieldset>
  );
}

const opts = (list: { id: string; name: string }[], none?: string): SelectOption[] => [...(none ? [{ value: NONE, label: none }] : []), ...list.map((x) => ({ value: x.id, label: x.name }))];

function CrmChoices({ form, options, disabled }: { form: UseFormReturn<Values>; options: Bitrix24Options | undefined; disabled: boolean }) {
  const { t } = useTranslation("integrations");
  const entity = form.watch("entity");
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      {entity === "deal" && (
        <SelectField control={form.control} name="categoryId" label={t("bitrix.settings.pipeline")} options={opts(options?.categories ?? [])} disabled={disabled} onValueChange={() => form.setValue("stageId", NONE)} triggerTestId="bitrix-pipeline" />
      )}
      <SelectField control={form.control} name="stageId" label={entity === "deal" ? t("bitrix.settings.stage") : t("bitrix.settings.leadStatus")} options={opts(entity === "deal" ? (options?.stages ?? []) : (options?.leadStatuses ?? []), t("bitrix.settings.firstStage"))} disabled={disabled} />
      <SelectField control={form.control} name="sourceId" label={t("bitrix.settings.source")} options={opts(options?.sources ?? [], t("bitrix.settings.notSet"))} disabled={disabled} />
      <SelectField control={form.control} name="responsibleId" label={t("bitrix.settings.responsible")} options={opts(options?.users ?? [], t("bitrix.settings.webhookUser"))} disabled={disabled} />
    </div>
  );
}

/** What to create in Bitrix24, when, where (pipeline and stage, source, responsible) and from which fields. */
export function Bitrix24SettingsForm({ accountId, settings, canEdit }: { accountId: string; settings: Bitrix24Settings; canEdit: boolean }) {
  const { t } = useTranslation("integrations");
  const qc = useQueryClient();
  const schema = useMemo(
    () =>
      z.object({
        entity: z.enum(["lead", "deal"]),
        triggers: z.object({ firstMessage: z.boolean(), handoff: z.boolean(), flowAction: z.boolean(), assistantTool: z.boolean() }),
        categoryId: z.string(),
        stageId: z.string(),
        sourceId: z.string(),
        responsibleId: z.string(),
        fieldMap: z.array(z.object({ from: z.string().min(1), to: z.string().trim().regex(/^[A-Z][A-Z0-9_]{1,63}$/, t("bitrix.settings.fieldCode")) })).max(30),
      }),
    [t],
  );
  const form = useZodForm(schema, { defaultValues: toValues(settings) }) as unknown as UseFormReturn<Values>;
  useResetWhileClean(form, settings, toValues);
  const categoryId = form.watch("categoryId");
  const options = useQuery(integrationQueries.options(accountId, categoryId || "0"));
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const saved = await integrationApi.saveSettings(accountId, fromValues(values));
      notify({ type: "success", message: serverText(saved.message, i18n.t("common:serverToasts.bitrix24Saved")) });
      form.reset(values);
      await qc.invalidateQueries({ queryKey: integrationKeys.bitrix(accountId) });
    } catch (error) {
      applyServerErrors(form, error);
    }
  });
  const disabled = !canEdit;
  return (
    <FormCard form={form} onSubmit={onSubmit} title={t("bitrix.settings.title")} description={t("bitrix.settings.description")} submitLabel={t("bitrix.settings.save")} submitTestId="bitrix-settings-save" resetLabel={t("bitrix.settings.reset")} onReset={() => form.reset(toValues(settings))} footer={canEdit} testId="bitrix-settings" contentClassName="space-y-8">
      <section className="space-y-4">
        <SelectField
          control={form.control}
          name="entity"
          label={t("bitrix.settings.entity")}
          options={[
            { value: "lead", label: t("bitrix.settings.entities.lead") },
            { value: "deal", label: t("bitrix.settings.entities.deal") },
          ]}
          disabled={disabled}
          onValueChange={() => form.setValue("stageId", NONE)}
          triggerTestId="bitrix-entity"
        />
        {options.isError && <p className="text-sm text-destructive">{t("bitrix.settings.optionsFailed")}</p>}
        <CrmChoices form={form} options={options.data} disabled={disabled} />
      </section>
      <fieldset className="space-y-3">
        <legend className="mb-1 font-medium text-heading">{t("bitrix.settings.when")}</legend>
        <div className="grid gap-3 lg:grid-cols-2">
          {TRIGGERS.map((k) => (
            <SwitchField key={k} control={form.control} name={`triggers.${k}`} label={t(`bitrix.settings.triggers.${k}`)} description={t(`bitrix.settings.triggerHints.${k}`)} disabled={disabled} data-testid={`bitrix-trigger-${k}`} />
          ))}
        </div>
      </fieldset>
      <FieldMap form={form} accountId={accountId} disabled={disabled} />
    </FormCard>
  );
}
