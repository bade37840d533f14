import { serverText } from "@/lib/api";
import { i18n } from "@/lib/i18n";
import { useMemo } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { FormCard } from "@/components/form-card";
import { TextField } from "@/components/form/field";
import { billingApi, billingKeys, type Requisites } from "@/features/billing-account/api";
import { applyServerErrors, useResetWhileClean, useZodForm } from "@/lib/form";
import { notify } from "@/lib/notify";

type Values = { legalName: string; inn: string; kpp: string; address: string; email: string };
const valuesOf = (r: Requisites | null): Values => ({ legalName: r?.legalName ?? "", inn: r?.inn ?? "", kpp: r?.kpp ?? "", address: r?.address ?? "", email: r?.email ?? "" });

/**
 * The company's requisites for invoices and acts. The INN's checksum is checked by the server (its
 * field message lands under the field); the form checks only shapes, so the two never disagree.
 */
export function RequisitesCard({ accountId, requisites, canPay }: { accountId: string; requisites: Requisites | null; canPay: boolean }) {
  const { t } = useTranslation("billing");
  const qc = useQueryClient();
  const schema = useMemo(
    () =>
      z.object({
        legalName: z.string().trim().min(1, t("paymentInfo.requisites.errors.legalName")).max(300),
        inn: z.string().trim().regex(/^(\d{10}|\d{12})$/, t("paymentInfo.requisites.errors.inn")),
        kpp: z.string().trim().regex(/^(\d{4}[\dA-Z]{2}\d{3})?$/, t("paymentInfo.requisites.errors.kpp")),
        address: z.string().trim().min(1, t("paymentInfo.requisites.errors.address")).max(500),
        email: z.string().trim().email(t("paymentInfo.requisites.errors.email")),
      }),
    [t],
  );
  const form = useZodForm(schema, { defaultValues: valuesOf(requisites) });
  useResetWhileClean(form, requisites, valuesOf);

  const onSubmit = form.handleSubmit(async (v) => {
    try {
      const r = await billingApi.putRequisites(accountId, { ...v, kpp: v.kpp || null });
      qc.setQueryData(billingKeys.requisites(accountId), { requisites: r.requisites });
      form.reset(valuesOf(r.requisites));
      notify({ type: "success", message: serverText(r.message, i18n.t("common:serverToasts.requisitesSaved")) });
    } catch (e) {
      if (!applyServerErrors(form, e)) form.setError("legalName", { type: "server", message: e instanceof Error ? e.message : t("paymentInfo.requisites.failed") });
    }
  });

  return (
    <FormCard
      form={form}
      onSubmit={onSubmit}
      title={t("paymentInfo.requisites.title")}
      description={t("paymentInfo.requisites.description")}
      contentClassName="grid gap-4 sm:grid-cols-2"
      footer={canPay}
      onReset={() => form.reset(valuesOf(requisites))}
      submitLabel={t("paymentInfo.requisites.save")}
      submitTestId="requisites-save"
      testId="requisites-card"
    >
      <TextField control={form.control} name="legalName" label={t("paymentInfo.requisites.legalName")} placeholder={t("paymentInfo.requisites.legalNamePlaceholder")} className="sm:col-span-2" disabled={!canPay} />
      <TextField control={form.control} name="inn" label={t("paymentInfo.requisites.inn")} description={t("paymentInfo.requisites.innHint")} inputMode="numeric" autoComplete="off" disabled={!canPay} />
      <TextField control={form.control} name="kpp" label={t("paymentInfo.requisites.kpp")} description={t("paymentInfo.requisites.kppHint")} autoComplete="off" disabled={!canPay} />
      <TextField control={form.control} name="address" label={t("paymentInfo.requisites.address")} className="sm:col-span-2" autoComplete="street-address" disabled={!canPay} />
      <TextField control={form.control} name="email" label={t("paymentInfo.requisites.email")} description={t("paymentInfo.requisites.emailHint")} type="email" autoComplete="email" disabled={!canPay} />
    </FormCard>
  );
}
