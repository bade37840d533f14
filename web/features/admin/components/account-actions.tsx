import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "react-router";
import { z } from "zod";
import { Ban, CircleCheck, CreditCard, Trash2, Wallet } from "lucide-react";
import { FormDialog, useFormDialog } from "@/components/form-dialog";
import { TextareaField, TextField } from "@/components/form/field";
import { SelectField } from "@/components/form/select-field";
import { Button } from "@/components/ui/button";
import { confirm } from "@/lib/confirm";
import { useZodForm } from "@/lib/form";
import { notify } from "@/lib/notify";
import { planName, useInterfaceLanguage } from "@/features/billing/localized-name";
import { signedKopecks } from "@/features/billing-admin/amount-fields";
import { formatRub } from "@/lib/i18n";
import { CharCount } from "./char-count";
import { adminApi, adminKeys, adminQueries, type AdminAccountPage } from "../api";

/** The API's limits: a correction of ±1 000 000 ₽ at a time (billing.schemas.ts adjustmentSchema), a reason up to 500 characters. */
const ADJUST_MAX = 100_000_000;
const REASON_MAX = 500;

/** The administrator's actions on one account: block or unblock, plan, balance, delete. */
export function AccountActions({ account }: { account: AdminAccountPage }) {
  const { t } = useTranslation("admin");
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const refresh = () => queryClient.invalidateQueries({ queryKey: adminKeys.all() });
  const unblock = async () => {
    if (!(await confirm({ title: t("accounts.unblock.title"), message: t("accounts.unblock.message", { name: account.name }), confirmText: t("accounts.unblock.confirm") }))) return;
    setBusy(true);
    try {
      await adminApi.unblock(account.accountId);
      notify({ type: "success", message: t("accounts.unblock.done") });
      await refresh();
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="flex flex-wrap gap-2">
      {account.blocked ? (
        <Button variant="outline" loading={busy} onClick={unblock} data-testid="admin-unblock">
          <CircleCheck aria-hidden /> {t("accounts.unblock.action")}
        </Button>
      ) : (
        <BlockDialog account={account} onDone={refresh} />
      )}
      <PlanDialog account={account} onDone={refresh} />
      <AdjustDialog account={account} onDone={refresh} />
      <DeleteDialog account={account} />
    </div>
  );
}

function BlockDialog({ account, onDone }: { account: AdminAccountPage; onDone: () => Promise<void> }) {
  const { t } = useTranslation("admin");
  const schema = useMemo(() => z.object({ reason: z.string().trim().min(3, t("accounts.block.reasonRequired")).max(REASON_MAX, t("accounts.reasonLong", { max: REASON_MAX })) }), [t]);
  const form = useZodForm(schema, { defaultValues: { reason: "" } });
  const reasonLength = form.watch("reason").length;
  const dialog = useFormDialog(form, {
    defaults: () => ({ reason: "" }),
    save: (v) => adminApi.block(account.accountId, v.reason),
    success: t("accounts.block.done"),
    onSaved: () => void onDone(),
    failure: { field: "reason", message: t("accounts.failed") },
  });
  return (
    <FormDialog
      {...dialog}
      trigger={
        <Button variant="outline" className="text-destructive" data-testid="admin-block">
          <Ban aria-hidden /> {t("accounts.block.action")}
        </Button>
      }
      title={t("accounts.block.title", { name: account.name })}
      description={t("accounts.block.description")}
      submitLabel={t("accounts.block.confirm")}
      cancelVariant="secondary"
    >
      <TextareaField control={form.control} name="reason" label={t("accounts.block.reason")} rows={3} autoFocus maxLength={REASON_MAX} labelAside={<CharCount count={reasonLength} max={REASON_MAX} />} />
    </FormDialog>
  );
}

function PlanDialog({ account, onDone }: { account: AdminAccountPage; onDone: () => Promise<void> }) {
  const { t } = useTranslation("admin");
  const lang = useInterfaceLanguage();
  const plans = useQuery(adminQueries.plans());
  const schema = useMemo(() => z.object({ planId: z.string().min(1, t("accounts.plan.required")), period: z.enum(["month", "year"]) }), [t]);
  const defaults = () => ({ planId: account.billing.plan.id, period: account.billing.subscription.billingPeriod as "month" | "year" });
  const form = useZodForm(schema, { defaultValues: defaults() });
  const dialog = useFormDialog(form, { defaults, save: (v) => adminApi.setPlan(account.accountId, v), success: t("accounts.plan.done"), onSaved: () => void onDone(), failure: { field: "planId", message: t("accounts.failed") } });
  return (
    <FormDialog
      {...dialog}
      trigger={
        <Button variant="outline" data-testid="admin-plan">
          <CreditCard aria-hidden /> {t("accounts.plan.action")}
        </Button>
      }
      title={t("accounts.plan.title")}
      description={t("accounts.plan.description")}
      submitLabel={t("accounts.plan.confirm")}
      cancelVariant="secondary"
    >
      <SelectField control={form.control} name="planId" label={t("accounts.plan.plan")} triggerClassName="w-full" options={(plans.data?.data ?? []).map((p) => ({ value: p.id, label: planName(p, lang) }))} />
      <SelectField control={form.control} name="period" label={t("accounts.plan.period")} triggerClassName="w-full" options={(["month", "year"] as const).map((p) => ({ value: p, label: t(`accounts.plan.periods.${p}`) }))} />
    </FormDialog>
  );
}

function AdjustDialog({ account, onDone }: { account: AdminAccountPage; onDone: () => Promise<void> }) {
  const { t } = useTranslation("admin");
  const schema = useMemo(
    () =>
      z.object({
        amount: z.string().superRefine((value, ctx) => {
          const problem = adjustmentProblem(value);
          if (problem) ctx.addIssue({ code: "custom", message: problem === "max" ? t("accounts.adjust.amountMax", { max: formatRub(ADJUST_MAX) }) : t(`accounts.adjust.${problem}`) });
        }),
        reason: z.string().trim().min(3, t("accounts.adjust.reasonRequired")).max(REASON_MAX, t("accounts.reasonLong", { max: REASON_MAX })),
      }),
    [t],
  );
  const form = useZodForm(schema, { defaultValues: { amount: "", reason: "" } });
  const reasonLength = form.watch("reason").length;
  const dialog = useFormDialog(form, {
    defaults: () => ({ amount: "", reason: "" }),
    save: (v) => adminApi.adjust(account.accountId, { amountKopecks: signedKopecks(v.amount)!, reason: v.reason }),
    success: t("accounts.adjust.done"),
    onSaved: () => void onDone(),
    failure: { field: "reason", message: t("accounts.failed") },
    serverFields: { amountKopecks: "amount" },
  });
  return (
    <FormDialog
      {...dialog}
      trigger={
        <Button variant="outline" data-testid="admin-adjust">
          <Wallet aria-hidden /> {t("accounts.adjust.action")}
        </Button>
      }
      title={t("accounts.adjust.title")}
      description={t("accounts.adjust.description")}
      submitLabel={t("accounts.adjust.confirm")}
      cancelVariant="secondary"
    >
      <TextField control={form.control} name="amount" label={t("accounts.adjust.amount")} inputMode="decimal" placeholder={t("accounts.adjust.placeholder")} autoFocus />
      <TextareaField control={form.control} name="reason" label={t("accounts.adjust.reason")} rows={2} maxLength={REASON_MAX} labelAside={<CharCount count={reasonLength} max={REASON_MAX} />} />
    </FormDialog>
  );
}

/** What is wrong with a correction typed in roubles ("500", "-120,50"), as its message key; null when it is fine. */
function adjustmentProblem(value: string): "amountRequired" | "amountInvalid" | "amountZero" | "max" | null {
  if (!value.trim()) return "amountRequired";
  const k = signedKopecks(value);
  if (k === null) return "amountInvalid";
  if (k === 0) return "amountZero";
  return Math.abs(k) > ADJUST_MAX ? "max" : null;
}

function DeleteDialog({ account }: { account: AdminAccountPage }) {
  const { t } = useTranslation("admin");
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const schema = useMemo(() => z.object({ confirm: z.string().refine((s) => s.trim() === account.name.trim(), t("accounts.delete.mismatch")) }), [t, account.name]);
  const form = useZodForm(schema, { defaultValues: { confirm: "" } });
  const dialog = useFormDialog(form, {
    defaults: () => ({ confirm: "" }),
    save: (v) => adminApi.remove(account.accountId, v.confirm.trim()),
    success: t("accounts.delete.done"),
    onSaved: () => {
      void queryClient.invalidateQueries({ queryKey: adminKeys.accounts() });
      navigate("/admin/accounts");
    },
    failure: { field: "confirm", message: t("accounts.failed") },
  });
  return (
    <FormDialog
      {...dialog}
      trigger={
        <Button variant="destructive" data-testid="admin-delete">
          <Trash2 aria-hidden /> {t("accounts.delete.action")}
        </Button>
      }
      title={t("accounts.delete.title")}
      description={t("accounts.delete.description", { name: account.name })}
      submitLabel={t("accounts.delete.confirm")}
      cancelVariant="secondary"
    >
      <TextField control={form.control} name="confirm" label={t("accounts.delete.typeName", { name: account.name })} autoComplete="off" autoFocus />
    </FormDialog>
  );
}
