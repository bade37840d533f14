import { useMemo } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { CreditCard } from "lucide-react";
import { z } from "zod";
import { FormCard } from "@/components/form-card";
import { TextField } from "@/components/form/field";
import { SwitchField } from "@/components/form/switch-field";
import { billingApi, billingKeys, checkoutHref, type BillingState } from "@/features/billing-account/api";
import { parseRub, rubInput } from "@/features/billing-account/money";
import { useZodForm, useResetWhileClean } from "@/lib/form";
import { notify } from "@/lib/notify";

/**
 * Auto top-up: when the balance falls under the threshold, the saved card is charged the amount
 * (once per crossing, by the server's billing tick). Needs a saved method (a card payment saves one).
 */
export function AutoTopupCard({ accountId, billing, canPay }: { accountId: string; billing: BillingState; canPay: boolean }) {
  const { t } = useTranslation("billing");
  const qc = useQueryClient();
  const method = billing.subscription.paymentMethod;
  const schema = useMemo(
    () =>
      z
        .object({ enabled: z.boolean(), threshold: z.string(), amount: z.string() })
        .superRefine((v, ctx) => {
          if (!v.enabled) return;
          if (parseRub(v.threshold) === null) ctx.addIssue({ code: "custom", path: ["threshold"], message: t("autoTopUp.errors.sum") });
          const amount = parseRub(v.amount);
          if (amount === null) ctx.addIssue({ code: "custom", path: ["amount"], message: t("autoTopUp.errors.sum") });
          else if (amount < 10_000) ctx.addIssue({ code: "custom", path: ["amount"], message: t("autoTopUp.errors.min") });
        }),
    [t],
  );
  const valuesOf = (b: BillingState) => ({ enabled: !!b.subscription.autoTopup, threshold: rubInput(b.subscription.autoTopup?.thresholdKopecks ?? 50_000), amount: rubInput(b.subscription.autoTopup?.amountKopecks ?? 200_000) });
  const form = useZodForm(schema, { defaultValues: valuesOf(billing) });
  useResetWhileClean(form, billing, valuesOf);
  const enabled = form.watch("enabled");

  const onSubmit = form.handleSubmit(async (v) => {
    try {
      const body = v.enabled ? { enabled: true, thresholdKopecks: parseRub(v.threshold)!, amountKopecks: parseRub(v.amount)! } : { enabled: false };
      const next = await billingApi.setAutoTopup(accountId, body);
      qc.setQueryData(billingKeys.state(accountId), next);
      form.reset(valuesOf(next));
      notify({ type: "success", message: t(v.enabled ? "autoTopUp.saved" : "autoTopUp.disabled") });
    } catch (e) {
      form.setError("amount", { type: "server", message: e instanceof Error ? e.message : t("autoTopUp.errors.failed") });
    }
  });

  const intro = !method ? (
    <div className="mx-6 flex items-start gap-3 rounded-md bg-info/10 p-3 text-sm">
      <CreditCard className="mt-0.5 size-4 shrink-0 text-info" aria-hidden />
      <p>
        {t("autoTopUp.noMethod")}{" "}
        {canPay && (
          <Link className="font-medium text-primary-text underline-offset-4 hover:underline" to={checkoutHref(accountId, { kind: "topup", amount: 1000 })}>
            {t("autoTopUp.noMethodAction")}
          </Link>
        )}
      </p>
    </div>
  ) : null;

  return (
    <FormCard
      form={form}
      onSubmit={onSubmit}
      title={t("autoTopUp.title")}
      description={method ? t("autoTopUp.description", { method: method.title }) : t("autoTopUp.descriptionNoMethod")}
      intro={intro}
      contentClassName="grid gap-4 sm:grid-cols-2"
      footer={canPay && !!method}
      onReset={() => form.reset(valuesOf(billing))}
      submitLabel={t("autoTopUp.save")}
      submitTestId="auto-topup-save"
      testId="billing-auto-topup"
    >
      <SwitchField control={form.control} name="enabled" label={t("autoTopUp.enabled")} description={t("autoTopUp.enabledHint")} className="sm:col-span-2" disabled={!canPay || !method} data-testid="auto-topup-enabled" />
      {enabled && (
        <>
          <TextField control={form.control} name="threshold" label={t("autoTopUp.threshold")} description={t("autoTopUp.thresholdHint")} inputMode="decimal" disabled={!canPay} />
          <TextField control={form.control} name="amount" label={t("autoTopUp.amount")} description={t("autoTopUp.amountHint")} inputMode="decimal" disabled={!canPay} />
        </>
      )}
    </FormCard>
  );
}
