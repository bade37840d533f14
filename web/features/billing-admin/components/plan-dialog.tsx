import { serverText } from "@/lib/api";
import { i18n } from "@/lib/i18n";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { CAPS, CONSUMABLES } from "@worker/features/billing/units";
import { FormDialog, useFormDialog } from "@/components/form-dialog";
import { TextField } from "@/components/form/field";
import { SwitchField } from "@/components/form/switch-field";
import { parseRub, rubInput } from "@/features/billing-account/money";
import { adminBillingApi, adminBillingKeys, type AdminPlan } from "@/features/billing-admin/api";
import { countField, rubField } from "@/features/billing-admin/amount-fields";
import { useZodForm } from "@/lib/form";

const UNITS = [...CONSUMABLES, ...CAPS];
const money = (k: number) => (k ? String(k / 100) : "0");
/** The languages a plan's name and description are translated into (Russian is «Название» itself). */
const LANGUAGES = ["en", "fr", "ar"] as const;
type Lang = (typeof LANGUAGES)[number];
const NAME_MAX = 60;
const DESCRIPTION_MAX = 300;
/** 100 000 000 ₽ a month or a year, 10 000 ₽ a unit beyond the plan, a billion units, the order up to 1000. */
const PRICE_MAX = 100_000_000_00;
const OVERAGE_MAX = 1_000_000;
const COUNT_MAX = 1_000_000_000;
const SORT_MAX = 1000;

function defaultsOf(plan: AdminPlan | null) {
  return {
    code: plan?.code ?? "",
    name: plan?.name ?? "",
    description: plan?.description ?? "",
    monthly: plan ? money(plan.monthlyPriceKopecks) : "",
    yearly: plan ? money(plan.yearlyPriceKopecks) : "",
    sortOrder: String(plan?.sortOrder ?? 10),
    active: plan?.active ?? true,
    included: Object.fromEntries(UNITS.map((u) => [u, String(plan?.included[u] ?? 0)])) as Record<(typeof UNITS)[number], string>,
    overage: Object.fromEntries(CONSUMABLES.map((u) => [u, plan ? money(plan.overage[u]) : rubInput(0) || "0"])) as Record<(typeof CONSUMABLES)[number], string>,
    translations: Object.fromEntries(LANGUAGES.map((l) => [l, { name: plan?.translations[l]?.name ?? "", description: plan?.translations[l]?.description ?? "" }])) as Record<Lang, { name: string; description: string }>,
  };
}

/** Create or edit a plan: prices in roubles, included units, prices beyond the plan per unit, and the name and description in the other interface languages. */
export function PlanDialog({ plan, onClose }: { plan: AdminPlan | null; onClose: () => void }) {
  const { t } = useTranslation("billing");
  const schema = useMemo(() => {
    // The API's limits (worker/features/billing/billing.schemas.ts), in roubles and counts.
    const price = rubField(t, { max: PRICE_MAX });
    const overagePrice = rubField(t, { max: OVERAGE_MAX });
    const int = countField(t, COUNT_MAX);
    // Optional: an empty field is sent empty and means "no translation" (the Russian text is shown).
    const translation = z.object({
      name: z.string().trim().max(NAME_MAX, t("admin.plans.translations.errors.nameLong")),
      description: z.string().trim().max(DESCRIPTION_MAX, t("admin.plans.translations.errors.descriptionLong")),
    });
    return z.object({
      code: z.string().trim().regex(/^[a-z0-9-]{2,32}$/, t("admin.plans.errors.code")),
      name: z.string().trim().min(1, t("admin.plans.errors.name")).max(NAME_MAX, t("admin.plans.errors.nameLong", { max: NAME_MAX })),
      description: z.string().trim().max(DESCRIPTION_MAX, t("admin.plans.errors.descriptionLong", { max: DESCRIPTION_MAX })),
      monthly: price,
      yearly: price,
      sortOrder: countField(t, SORT_MAX),
      active: z.boolean(),
      included: z.object(Object.fromEntries(UNITS.map((u) => [u, int])) as Record<(typeof UNITS)[number], typeof int>),
      overage: z.object(Object.fromEntries(CONSUMABLES.map((u) => [u, overagePrice])) as Record<(typeof CONSUMABLES)[number], typeof overagePrice>),
      translations: z.object(Object.fromEntries(LANGUAGES.map((l) => [l, translation])) as Record<Lang, typeof translation>),
    });
  }, [t]);
  const form = useZodForm(schema, { defaultValues: defaultsOf(plan) });
  const dialog = useFormDialog(form, {
    defaults: () => defaultsOf(plan),
    onClose,
    save: (v) => {
      const body = {
        code: v.code,
        name: v.name,
        description: v.description,
        monthlyPriceKopecks: parseRub(v.monthly)!,
        yearlyPriceKopecks: parseRub(v.yearly)!,
        sortOrder: Number(v.sortOrder),
        active: v.active,
        included: Object.fromEntries(UNITS.map((u) => [u, Number(v.included[u])])) as Record<(typeof UNITS)[number], number>,
        overage: Object.fromEntries(CONSUMABLES.map((u) => [u, parseRub(v.overage[u])!])) as Record<(typeof CONSUMABLES)[number], number>,
        translations: v.translations,
      };
      return plan ? adminBillingApi.updatePlan(plan.id, body) : adminBillingApi.createPlan(body);
    },
    success: (r) => serverText(r.message, i18n.t("common:serverToasts.done")),
    invalidate: [adminBillingKeys.all(), ["plans"]],
    failure: { toast: t("admin.errors.failed") },
    // The API takes kopecks where the form has roubles; its other keys (code, included.*, overage.*,
    // translations.*) are the form's own. A taken code comes back on `code`.
    serverFields: { monthlyPriceKopecks: "monthly", yearlyPriceKopecks: "yearly" },
  });
  return (
    <FormDialog {...dialog} title={t(plan ? "admin.plans.editTitle" : "admin.plans.createTitle")} submitLabel={t("admin.plans.save")} cancelLabel={t("admin.cancel")} className="sm:max-w-3xl" formClassName="space-y-6" testId="plan-dialog">
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField control={form.control} name="name" label={t("admin.plans.fields.name")} />
        <TextField control={form.control} name="code" label={t("admin.plans.fields.code")} description={t("admin.plans.fields.codeHint")} disabled={!!plan && plan.free} />
        <TextField control={form.control} name="description" label={t("admin.plans.fields.description")} className="sm:col-span-2" />
        <TextField control={form.control} name="monthly" label={t("admin.plans.fields.monthly")} inputMode="decimal" />
        <TextField control={form.control} name="yearly" label={t("admin.plans.fields.yearly")} inputMode="decimal" />
      </div>
      <fieldset className="space-y-3">
        <legend className="mb-2 text-sm font-semibold text-heading">{t("admin.plans.included")}</legend>
        <div className="grid gap-4 sm:grid-cols-3">
          {UNITS.map((u) => (
            <TextField key={u} control={form.control} name={`included.${u}`} label={t(`usage.units.${u}`)} inputMode="numeric" />
          ))}
        </div>
      </fieldset>
      <fieldset className="space-y-3">
        <legend className="mb-2 text-sm font-semibold text-heading">{t("admin.plans.overage")}</legend>
        <div className="grid gap-4 sm:grid-cols-2">
          {CONSUMABLES.map((u) => (
            <TextField key={u} control={form.control} name={`overage.${u}`} label={t(`usage.units.${u}`)} inputMode="decimal" />
          ))}
        </div>
      </fieldset>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField control={form.control} name="sortOrder" label={t("admin.plans.fields.sortOrder")} inputMode="numeric" />
        <SwitchField control={form.control} name="active" label={t("admin.plans.fields.active")} description={t("admin.plans.fields.activeHint")} />
      </div>
      <fieldset className="space-y-3" data-testid="plan-translations">
        <legend className="text-sm font-semibold text-heading">{t("admin.plans.translations.title")}</legend>
        <p className="text-sm text-muted-foreground">{t("admin.plans.translations.hint")}</p>
        {LANGUAGES.map((l) => {
          const language = t(`admin.plans.translations.languages.${l}`);
          // Each text is typed in its own direction: Arabic right to left whatever the interface's direction.
          const dir = l === "ar" ? "rtl" : "ltr";
          return (
            <div key={l} className="grid gap-4 sm:grid-cols-3">
              <TextField control={form.control} name={`translations.${l}.name`} label={t("admin.plans.translations.name", { language })} dir={dir} lang={l} data-testid={`plan-translation-${l}-name`} />
              <TextField control={form.control} name={`translations.${l}.description`} label={t("admin.plans.translations.description", { language })} dir={dir} lang={l} className="sm:col-span-2" data-testid={`plan-translation-${l}-description`} />
            </div>
          );
        })}
      </fieldset>
    </FormDialog>
  );
}
