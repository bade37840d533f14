import { useNavigate } from "react-router";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { FLOW_TEMPLATES, type FlowTemplate } from "@worker/features/flows/contract";
import { FormDialog, useFormDialog } from "@/components/form-dialog";
import { FieldItem, TextField } from "@/components/form/field";
import { FormControl } from "@/components/ui/form";
import { RadioGroup, RadioGroupItem } from "@/components/ui/radio-group";
import { useZodForm } from "@/lib/form";
import { cn } from "@/lib/utils";
import { flowApi, flowKeys } from "../api";

const schema = z.object({ name: z.string().trim().min(1, "Введите название сценария").max(100, "Не длиннее 100 символов"), template: z.enum(FLOW_TEMPLATES) });

/** "Новый сценарий": a name and a start (blank or a built-in template); the editor opens on the new flow. */
export function CreateFlowDialog({ accountId, trigger }: { accountId: string; trigger: React.ReactNode }) {
  const { t } = useTranslation("flows");
  const navigate = useNavigate();
  const form = useZodForm(schema, { defaultValues: { name: "", template: "blank" } });
  const dialog = useFormDialog(form, {
    defaults: () => ({ name: "", template: "blank" as FlowTemplate }),
    save: (v) => flowApi.create(accountId, v.template === "blank" ? { name: v.name } : v),
    success: t("toasts.created"),
    invalidate: [flowKeys.all(accountId)],
    onSaved: (f) => navigate(`/${accountId}/flows/${f.flowId}/edit`),
    failure: { toast: t("errors.create") },
  });
  return (
    <FormDialog {...dialog} trigger={trigger} title={t("create.title")} description={t("create.description")} submitLabel={t("create.submit")} submitTestId="flow-create-submit" className="sm:max-w-xl" testId="flow-create-dialog">
      <TextField control={form.control} name="name" label={t("create.name")} placeholder={t("create.namePlaceholder")} autoFocus data-testid="flow-name" />
      <FieldItem control={form.control} name="template" label={t("create.template")}>
        {(field) => (
          <FormControl>
            <RadioGroup value={field.value} onValueChange={field.onChange} className="grid gap-2 sm:grid-cols-2">
              {FLOW_TEMPLATES.map((tpl) => (
                <label
                  key={tpl}
                  className={cn("flex cursor-pointer gap-3 rounded-lg border p-3 transition-colors hover:bg-muted/60", field.value === tpl && "border-primary bg-primary/6")}
                  data-testid={`flow-template-${tpl}`}
                >
                  <RadioGroupItem value={tpl} className="mt-0.5" />
                  <span className="min-w-0">
                    <span className="block font-medium text-heading">{t(`templates.${tpl}.name`)}</span>
                    <span className="block text-[0.8125rem] text-muted-foreground">{t(`templates.${tpl}.description`)}</span>
                  </span>
                </label>
              ))}
            </RadioGroup>
          </FormControl>
        )}
      </FieldItem>
    </FormDialog>
  );
}
