import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import type { QueryKey } from "@tanstack/react-query";
import { z } from "zod";
import { FormDialog, useFormDialog } from "@/components/form-dialog";
import { TextField, TextareaField } from "@/components/form/field";
import { parseRub } from "@/features/billing-account/money";
import { useZodForm } from "@/lib/form";

/**
 * An administrator's money action with a reason (an adjustment, a refund, an invoice's cancel):
 * an optional sum in roubles (signed when `signed`) and the reason the audit log keeps.
 */
export function ReasonDialog({
  open,
  onClose,
  title,
  description,
  submitLabel,
  amount,
  save,
  invalidate,
  testId,
}: {
  open: boolean;
  onClose: () => void;
  title: string;
  description?: string;
  submitLabel: string;
  /** Ask for a sum: its label and hint, whether it may be negative, whether it may be left empty, and a default. */
  amount?: { label: string; hint?: string; signed?: boolean; optional?: boolean; initial?: string };
  save: (values: { amountKopecks: number | undefined; reason: string }) => Promise<{ message: string }>;
  invalidate: readonly QueryKey[];
  testId?: string;
}) {
  const { t } = useTranslation("billing");
  const schema = useMemo(
    () =>
      z
        .object({ amount: z.string(), reason: z.string().trim().min(1, t("admin.errors.reason")).max(500) })
        .superRefine((v, ctx) => {
          if (!amount || (amount.optional && !v.amount.trim())) return;
          const negative = amount.signed && v.amount.trim().startsWith("-");
          const k = parseRub(negative ? v.amount.trim().slice(1) : v.amount);
          if (k === null || k === 0) ctx.addIssue({ code: "custom", path: ["amount"], message: t("admin.errors.amount") });
        }),
    [t, amount],
  );
  const defaults = () => ({ amount: amount?.initial ?? "", reason: "" });
  const form = useZodForm(schema, { defaultValues: defaults() });
  const dialog = useFormDialog(form, {
    defaults,
    onClose,
    save: (v) => {
      const text = v.amount.trim();
      const negative = text.startsWith("-");
      const k = amount && text ? parseRub(negative ? text.slice(1) : text) : null;
      return save({ amountKopecks: k === null ? undefined : negative ? -k : k, reason: v.reason });
    },
    success: (r) => r.message,
    invalidate,
    failure: { field: "reason", message: t("admin.errors.failed") },
  });
  if (!open) return null;
  return (
    <FormDialog {...dialog} title={title} description={description} submitLabel={submitLabel} cancelLabel={t("admin.cancel")} testId={testId} submitTestId={testId ? `${testId}-submit` : undefined}>
      {amount && <TextField control={form.control} name="amount" label={amount.label} description={amount.hint} inputMode="decimal" autoFocus />}
      <TextareaField control={form.control} name="reason" label={t("admin.reason")} rows={3} />
    </FormDialog>
  );
}
