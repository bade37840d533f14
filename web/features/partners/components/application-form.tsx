import { useMemo } from "react";
import { Trans, useTranslation } from "react-i18next";
import { useQueryClient } from "@tanstack/react-query";
import { z } from "zod";
import { phoneRule } from "@worker/lib/phone";
import { FormCard } from "@/components/form-card";
import { CheckboxField } from "@/components/form/checkbox-field";
import { TextareaField, TextField } from "@/components/form/field";
import { SelectField } from "@/components/form/select-field";
import { partnerKeys, partnersApi } from "@/features/partners/api";
import { isApiError } from "@/lib/api";
import { applyServerErrors, useZodForm } from "@/lib/form";
import { Link } from "@/lib/nav";
import { notify } from "@/lib/notify";

function useApplicationSchema() {
  const { t } = useTranslation("partners");
  return useMemo(() => {
    const req = (max: number) => z.string().trim().min(1, t("apply.required")).max(max, t("apply.tooLong", { max }));
    return z
      .object({
        name: req(100),
        company: z.string().trim().max(200),
        phone: z.string().trim().superRefine((v, ctx) => {
          const r = phoneRule(v);
          if (r !== true) ctx.addIssue({ code: "custom", message: r });
        }),
        email: z.string().trim().email(t("apply.badEmail")),
        website: req(300),
        audience: req(1000),
        expectedVolume: req(200),
        payoutMethod: z.enum(["bank", "card"]),
        legalForm: z.enum(["self_employed", "company"]),
        inn: z.string().trim().max(12),
        bankAccount: z.string().trim().max(30),
        bik: z.string().trim().max(12),
        cardNumber: z.string().trim().max(25),
        agreed: z.boolean().refine((v) => v, t("apply.mustAgree")),
      })
      .superRefine((v, ctx) => {
        if (v.payoutMethod === "bank") {
          if (!/^\d{10}(\d{2})?$/.test(v.inn)) ctx.addIssue({ code: "custom", path: ["inn"], message: t("apply.innShape") });
          else if (v.legalForm === "self_employed" && v.inn.length === 10) ctx.addIssue({ code: "custom", path: ["inn"], message: t("apply.innSelfEmployed") });
          if (!/^\d{20}$/.test(v.bankAccount.replace(/\s/g, ""))) ctx.addIssue({ code: "custom", path: ["bankAccount"], message: t("apply.accountShape") });
          if (!/^\d{9}$/.test(v.bik)) ctx.addIssue({ code: "custom", path: ["bik"], message: t("apply.bikShape") });
        } else if (!/^\d{13,19}$/.test(v.cardNumber.replace(/[\s-]/g, ""))) ctx.addIssue({ code: "custom", path: ["cardNumber"], message: t("apply.cardShape") });
      });
  }, [t]);
}

/** The application: contacts, audience, payout requisites and the terms' acceptance; the server re-checks INN and card checksums. */
export function ApplicationForm({ defaults }: { defaults: { name: string; email: string } }) {
  const { t } = useTranslation("partners");
  const queryClient = useQueryClient();
  const schema = useApplicationSchema();
  const form = useZodForm(schema, {
    defaultValues: { name: defaults.name, company: "", phone: "", email: defaults.email, website: "", audience: "", expectedVolume: "", payoutMethod: "bank", legalForm: "self_employed", inn: "", bankAccount: "", bik: "", cardNumber: "", agreed: false },
  });
  const method = form.watch("payoutMethod");
  const onSubmit = form.handleSubmit(async (v) => {
    try {
      await partnersApi.apply({ ...v, agreed: true, company: v.company || undefined, inn: v.inn || undefined, bankAccount: v.bankAccount || undefined, bik: v.bik || undefined, cardNumber: v.cardNumber || undefined });
      notify({ type: "success", message: t("apply.sent") });
      await queryClient.invalidateQueries({ queryKey: partnerKeys.all() });
    } catch (e) {
      if (!applyServerErrors(form, e)) notify({ type: "error", message: isApiError(e) ? e.message : t("apply.failed") });
    }
  });
  const c = form.control;
  return (
    <FormCard form={form} onSubmit={onSubmit} title={t("apply.formTitle")} description={t("apply.formDescription")} contentClassName="grid gap-4 sm:grid-cols-2" submitLabel={t("apply.submit")}>
      <TextField control={c} name="name" label={t("apply.name")} autoComplete="name" />
      <TextField control={c} name="company" label={t("apply.company")} autoComplete="organization" />
      <TextField control={c} name="phone" label={t("apply.phone")} type="tel" autoComplete="tel" placeholder="+7 900 000-00-00" />
      <TextField control={c} name="email" label={t("apply.email")} type="email" autoComplete="email" />
      <TextField control={c} name="website" label={t("apply.website")} placeholder="https://t.me/…" className="sm:col-span-2" />
      <TextareaField control={c} name="audience" label={t("apply.audience")} placeholder={t("apply.audiencePlaceholder")} className="sm:col-span-2" rows={3} />
      <TextField control={c} name="expectedVolume" label={t("apply.volume")} placeholder={t("apply.volumePlaceholder")} />
      <SelectField control={c} name="legalForm" label={t("apply.legalForm")} options={[{ value: "self_employed", label: t("apply.selfEmployed") }, { value: "company", label: t("apply.companyForm") }]} />
      <SelectField control={c} name="payoutMethod" label={t("apply.payoutMethod")} options={[{ value: "bank", label: t("apply.bank") }, { value: "card", label: t("apply.card") }]} triggerTestId="apply-payout-method" />
      {method === "bank" ? (
        <>
          <TextField control={c} name="inn" label={t("apply.inn")} inputMode="numeric" />
          <TextField control={c} name="bankAccount" label={t("apply.bankAccount")} inputMode="numeric" />
          <TextField control={c} name="bik" label={t("apply.bik")} inputMode="numeric" />
        </>
      ) : (
        <TextField control={c} name="cardNumber" label={t("apply.cardNumber")} inputMode="numeric" autoComplete="cc-number" description={t("apply.cardHint")} />
      )}
      <div className="sm:col-span-2">
        <CheckboxField
          control={c}
          name="agreed"
          label={
            <span>
              <Trans t={t} i18nKey="apply.agree" components={{ terms: <Link to="/partner-terms" target="_blank" className="text-primary hover:underline" /> }} />
            </span>
          }
        />
      </div>
    </FormCard>
  );
}
