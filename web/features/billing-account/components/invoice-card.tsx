import { serverText } from "@/lib/api";
import { useMemo } from "react";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Landmark } from "lucide-react";
import { z } from "zod";
import { FormCard } from "@/components/form-card";
import { TextField } from "@/components/form/field";
import { SelectField } from "@/components/form/select-field";
import { billingApi, billingKeys, billingQueries, openDocument } from "@/features/billing-account/api";
import { parseRub } from "@/features/billing-account/money";
import { planName, useInterfaceLanguage } from "@/features/billing/localized-name";
import { applyServerErrors, useZodForm } from "@/lib/form";
import { formatRub, i18n } from "@/lib/i18n";
import { notify } from "@/lib/notify";

/**
 * "Pay by invoice": a bank-transfer invoice for a top-up or a plan on the company's requisites; it
 * opens to print, and the balance grows (or the plan starts) once a platform administrator sees the
 * money and marks it paid.
 */
export function InvoiceCard({ accountId, hasRequisites, canPay }: { accountId: string; hasRequisites: boolean; canPay: boolean }) {
  const { t } = useTranslation("billing");
  const lang = useInterfaceLanguage();
  const qc = useQueryClient();
  const plans = useQuery(billingQueries.plans());
  const schema = useMemo(
    () =>
      z
        .object({ kind: z.enum(["topup", "plan"]), amount: z.string(), planId: z.string(), period: z.enum(["month", "year"]) })
        .superRefine((v, ctx) => {
          const amount = parseRub(v.amount);
          if (v.kind === "topup" && (amount === null || amount < 10_000)) ctx.addIssue({ code: "custom", path: ["amount"], message: t("paymentInfo.invoice.errors.amount") });
          if (v.kind === "plan" && !v.planId) ctx.addIssue({ code: "custom", path: ["planId"], message: t("paymentInfo.invoice.errors.plan") });
        }),
    [t],
  );
  const defaults = { kind: "topup" as const, amount: "10000", planId: "", period: "month" as const };
  const form = useZodForm(schema, { defaultValues: defaults });
  const kind = form.watch("kind");
  const paid = (plans.data?.data ?? []).filter((p) => !p.free && p.active && !p.archived);

  const onSubmit = form.handleSubmit(async (v) => {
    try {
      const body = v.kind === "topup" ? { kind: "topup" as const, amountKopecks: parseRub(v.amount)! } : { kind: "plan" as const, planId: v.planId, period: v.period };
      const doc = await billingApi.issueInvoice(accountId, body);
      notify({ type: "success", message: serverText(doc.message, i18n.t("common:serverToasts.invoiceIssued", { number: doc.number })) });
      form.reset(defaults);
      await qc.invalidateQueries({ queryKey: billingKeys.documents(accountId) });
      await openDocument(`/accounts/${accountId}/billing/documents/${doc.id}/html`, t("documents.opening"));
    } catch (e) {
      if (!applyServerErrors(form, e)) form.setError(kind === "topup" ? "amount" : "planId", { type: "server", message: e instanceof Error ? e.message : t("paymentInfo.invoice.failed") });
    }
  });

  return (
    <FormCard
      form={form}
      onSubmit={onSubmit}
      title={t("paymentInfo.invoice.title")}
      description={t("paymentInfo.invoice.description")}
      intro={
        !hasRequisites ? (
          <p className="mx-6 flex items-start gap-2 rounded-md bg-warning/12 p-3 text-sm" role="status">
            <Landmark className="mt-0.5 size-4 shrink-0 text-warning" aria-hidden />
            {t("paymentInfo.invoice.needRequisites")}
          </p>
        ) : null
      }
      contentClassName="grid gap-4 sm:grid-cols-2"
      footer={canPay && hasRequisites}
      submitLabel={t("paymentInfo.invoice.submit")}
      submitTestId="invoice-submit"
      testId="invoice-card"
    >
      <SelectField
        control={form.control}
        name="kind"
        label={t("paymentInfo.invoice.kind")}
        options={[
          { value: "topup", label: t("paymentInfo.invoice.kinds.topup") },
          { value: "plan", label: t("paymentInfo.invoice.kinds.plan") },
        ]}
        disabled={!canPay || !hasRequisites}
        className="sm:col-span-2"
      />
      {kind === "topup" ? (
        <TextField control={form.control} name="amount" label={t("paymentInfo.invoice.amount")} description={t("paymentInfo.invoice.amountHint")} inputMode="decimal" disabled={!canPay || !hasRequisites} />
      ) : (
        <>
          <SelectField
            control={form.control}
            name="planId"
            label={t("paymentInfo.invoice.plan")}
            placeholder={t("paymentInfo.invoice.pickPlan")}
            options={paid.map((p) => ({ value: p.id, label: t("paymentInfo.invoice.planOption", { name: planName(p, lang), price: formatRub(p.monthlyPriceKopecks) }) }))}
            disabled={!canPay || !hasRequisites}
          />
          <SelectField
            control={form.control}
            name="period"
            label={t("paymentInfo.invoice.period")}
            options={[
              { value: "month", label: t("paymentInfo.invoice.periods.month") },
              { value: "year", label: t("paymentInfo.invoice.periods.year") },
            ]}
            disabled={!canPay || !hasRequisites}
          />
        </>
      )}
    </FormCard>
  );
}
