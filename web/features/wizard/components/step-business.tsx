import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { Form, FormControl } from "@/components/ui/form";
import { Button } from "@/components/ui/button";
import { FieldItem, TextareaField, TextField } from "@/components/form/field";
import { SelectField } from "@/components/form/select-field";
import { applyServerErrors, useZodForm } from "@/lib/form";
import { notify } from "@/lib/notify";
import { settingsApi } from "@/features/settings/api";
import { TimezoneSelect } from "@/features/accounts/components/timezone-select";
import type { AccountDetail } from "@/features/accounts/types";
import { INDUSTRY_OPTIONS } from "../api";
import { failureText } from "../errors";
import { StepCard } from "./step-card";

/** Step 1: about the business — its name, its field and its time zone (and a line about it for step 2). */
export function StepBusiness({ account, onDone }: { account: AccountDetail; onDone: () => Promise<void> }) {
  const { t } = useTranslation(["wizard", "accounts"]);
  const schema = useMemo(
    () =>
      z.object({
        name: z.string().trim().min(1, t("accounts:validation.nameRequired")).max(100, t("accounts:validation.nameMax")),
        industry: z.enum(INDUSTRY_OPTIONS, t("wizard:business.industryRequired")),
        timezone: z.string().min(1, t("accounts:validation.timezoneRequired")),
        description: z.string().trim().max(2000, t("accounts:validation.descriptionMax")),
      }),
    [t],
  );
  const form = useZodForm(schema, {
    defaultValues: {
      name: account.name,
      industry: (INDUSTRY_OPTIONS as readonly string[]).includes(account.industry ?? "") ? (account.industry as (typeof INDUSTRY_OPTIONS)[number]) : (undefined as unknown as (typeof INDUSTRY_OPTIONS)[number]),
      timezone: account.timezone || Intl.DateTimeFormat().resolvedOptions().timeZone,
      description: account.description ?? "",
    },
  });
  const onSubmit = form.handleSubmit(async (v) => {
    try {
      await settingsApi.updateAccount(account.accountId, { name: v.name, industry: v.industry, timezone: v.timezone, description: v.description || null });
      await onDone();
    } catch (e) {
      if (!applyServerErrors(form, e)) notify({ type: "error", message: failureText(e, t("wizard:saveFailed")) });
    }
  });
  return (
    <Form {...form}>
      <form onSubmit={onSubmit} noValidate>
        <StepCard
          testId="wizard-business"
          title={t("wizard:business.title")}
          description={t("wizard:business.description")}
          footer={
            <Button type="submit" loading={form.formState.isSubmitting} data-testid="wizard-next">
              {t("wizard:next")}
            </Button>
          }
        >
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField control={form.control} name="name" label={t("accounts:fields.name")} className="sm:col-span-2" autoFocus maxLength={100} />
            <SelectField
              control={form.control}
              name="industry"
              label={t("wizard:business.industry")}
              placeholder={t("wizard:business.industryPlaceholder")}
              triggerClassName="w-full"
              options={INDUSTRY_OPTIONS.map((i) => ({ value: i, label: t(`wizard:industries.${i}`) }))}
            />
            <FieldItem control={form.control} name="timezone" label={t("accounts:fields.timezone")} description={t("wizard:business.timezoneHint")}>
              {(field) => (
                <FormControl>
                  <TimezoneSelect value={field.value} onChange={field.onChange} />
                </FormControl>
              )}
            </FieldItem>
            <TextareaField control={form.control} name="description" label={t("wizard:business.about")} description={t("wizard:business.aboutHint")} className="sm:col-span-2" rows={3} placeholder={t("wizard:business.aboutPlaceholder")} />
          </div>
        </StepCard>
      </form>
    </Form>
  );
}
