import { serverText } from "@/lib/api";
import { i18n } from "@/lib/i18n";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import type { QueryKey } from "@tanstack/react-query";
import { z } from "zod";
import { FormDialog, useFormDialog } from "@/components/form-dialog";
import { TextField, TextareaField } from "@/components/form/field";
import { CharCount } from "@/features/admin/components/char-count";
import { rubField, signedKopecks } from "@/features/billing-admin/amount-fields";
import { useZodForm } from "@/lib/form";

/** The API's limits: a sum up to 1 000 000 ₽ either way, a reason up to 500 characters (kept whole in the ledger and the audit log). */
const AMOUNT_MAX = 100_000_000;
const REASON_MAX = 500;

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
      z.object({
        // Unused (and empty) when the dialog asks for no sum.
        amount: amount ? rubField(t, { max: AMOUNT_MAX, signed: amount.signed, optional: amount.optional, nonZero: true }) : z.string(),
        reason: z.string().trim().min(1, t("admin.errors.reason")).max(REASON_MAX, t("admin.errors.reasonLong", { max: REASON_MAX })),
      }),
    [t, amount],
  );
  const defaults = () => ({ amount: amount?.initial ?? "", reason: "" });
  const form = useZodForm(schema, { defaultValues: defaults() });
  const reasonLength = form.watch("reason").length;
  const dialog = useFormDialog(form, {
    defaults,
    onClose,
    save: (v) => {
      const k = amount && v.amount.trim() ? signedKopecks(v.amount) : null;
      return save({ amountKopecks: k === null ? undefined : k, reason: v.reason });
    },
    success: (r) => serverText(r.message, i18n.t("common:serverToasts.done")),
    invalidate,
    failure: { field: "reason", message: t("admin.errors.failed") },
    serverFields: { amountKopecks: "amount" },
  });
  if (!open) return null;
  return (
    <FormDialog {...dialog} title={title} description={description} submitLabel={submitLabel} cancelLabel={t("admin.cancel")} testId={testId} submitTestId={testId ? `${testId}-submit` : undefined}>
      {amount && <TextField control={form.control} name="amount" label={amount.label} description={amount.hint} inputMode="decimal" autoFocus />}
      <TextareaField
        control={form.control}
        name="reason"
        label={t("admin.reason")}
        rows={3}
        maxLength={REASON_MAX}
        labelAside={<CharCount count={reasonLength} max={REASON_MAX} />}
      />
    </FormDialog>
  );
}
