import { useMemo, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useQuery } from "@tanstack/react-query";
import { z } from "zod";
import type { UseFormReturn } from "react-hook-form";
import { FormDialog, useFormDialog } from "@/components/form-dialog";
import { SelectField } from "@/components/form/select-field";
import { useZodForm } from "@/lib/form";
import { useSession } from "@/lib/session";
import { assistantApi, assistantKeys, assistantQueries } from "../api";
import { notifyFailure } from "../errors";
import { templateFormSchema } from "../schemas";
import { TemplateInfoFields } from "./template-info-fields";

/**
 * Platform administrators publish an account's assistant as a template (copy-to-template). With
 * `assistant` given it publishes that one; otherwise the dialog lets the admin pick account and assistant.
 */
export function PublishTemplateDialog({
  trigger,
  assistant,
  defaultAccountId,
}: {
  trigger: ReactNode;
  assistant?: { accountId: string; assistantId: string; name: string };
  defaultAccountId?: string | null;
}) {
  const { t } = useTranslation("assistants");
  const { accounts } = useSession();
  const schema = useMemo(
    () =>
      templateFormSchema(t)
        .pick({ name: true, description: true, tags: true })
        .extend({
          accountId: z.string().min(1, t("validation.accountRequired")),
          assistantId: z.string().min(1, t("validation.assistantRequired")),
        }),
    [t],
  );
  const defaults = () => ({
    accountId: assistant?.accountId ?? defaultAccountId ?? accounts[0]?.accountId ?? "",
    assistantId: assistant?.assistantId ?? "",
    name: assistant?.name ?? "",
    description: "",
    tags: [] as string[],
  });
  const form = useZodForm(schema, { defaultValues: defaults() });

  const dialog = useFormDialog(form, {
    defaults,
    save: (v) => assistantApi.copyToTemplate(v.assistantId, v.accountId, { name: v.name, description: v.description, tags: v.tags }),
    success: t("toasts.copiedToTemplate"),
    invalidate: [assistantKeys.templates()],
    failure: (e) => notifyFailure("errors.copyToTemplate", e),
  });

  return (
    <FormDialog {...dialog} trigger={trigger} title={t("publish.title")} description={t("publish.description")} className="sm:max-w-xl" cancelVariant="secondary" submitLabel={t("publish.submit")}>
      {!assistant && <SourceFields form={form} enabled={dialog.open} />}
      <TemplateInfoFields />
    </FormDialog>
  );
}

type PublishValues = { accountId: string; assistantId: string; name: string; description: string; tags: string[] };
type PublishForm = UseFormReturn<PublishValues, unknown, PublishValues>;

/** The account and, from its list, the assistant to publish; picking one fills an empty name. */
function SourceFields({ form, enabled }: { form: PublishForm; enabled: boolean }) {
  const { t } = useTranslation("assistants");
  const { accounts } = useSession();
  const accountId = form.watch("accountId");
  const choices = useQuery({ ...assistantQueries.list(accountId, { page: 1, limit: 100 }), enabled: enabled && !!accountId });
  const list = choices.data?.data;
  const accountOptions = accounts.map((a) => ({ value: a.accountId, label: a.name }));
  return (
    <div className="grid gap-5 sm:grid-cols-2">
      <SelectField control={form.control} name="accountId" label={t("publish.account")} placeholder={t("templates.copyAccountPlaceholder")} options={accountOptions} onValueChange={() => form.setValue("assistantId", "")} />
      <SelectField
        control={form.control}
        name="assistantId"
        label={t("publish.assistant")}
        placeholder={list && !list.length ? t("publish.noAssistants") : t("publish.assistantPlaceholder")}
        options={(list ?? []).map((a) => ({ value: a.assistantId, label: a.name }))}
        disabled={!list?.length}
        onValueChange={(v) => {
          const picked = list?.find((a) => a.assistantId === v);
          if (picked && !form.getValues("name")) form.setValue("name", picked.name, { shouldValidate: true });
        }}
      />
    </div>
  );
}
