import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { useQuery } from "@tanstack/react-query";
import { Globe } from "lucide-react";
import { FormDialog, useFormDialog } from "@/components/form-dialog";
import { FieldItem, TextareaField, TextField } from "@/components/form/field";
import { SwitchField } from "@/components/form/switch-field";
import { FormControl } from "@/components/ui/form";
import { Label } from "@/components/ui/label";
import { RadioGroup, RadioGroupItem } from "@/components/ui/radio-group";
import { useZodForm } from "@/lib/form";
import { accountQueries } from "@/features/accounts/api";
import { promotionApi, promotionKeys, type Promotion } from "../api";
import { promotionDefaults, promotionSchema } from "../promotion-schema";
import { CategoryPicker, ProductPicker } from "./target-pickers";

/** A row of radio buttons bound to a form field (kind, applies to). */
function Choice({ name, value, onChange, options, testId }: { name: string; value: string; onChange: (v: string) => void; options: { value: string; label: string }[]; testId: string }) {
  return (
    <FormControl>
      <RadioGroup value={value} onValueChange={onChange} className="flex flex-wrap gap-x-6 gap-y-2">
        {options.map((o) => (
          <div key={o.value} className="flex items-center gap-2">
            <RadioGroupItem value={o.value} id={`${name}-${o.value}`} data-testid={`${testId}-${o.value}`} />
            <Label htmlFor={`${name}-${o.value}`} className="cursor-pointer font-normal">
              {o.label}
            </Label>
          </div>
        ))}
      </RadioGroup>
    </FormControl>
  );
}

/**
 * Create or edit a promotion: what customers read, the code, the kind with its input, what it
 * applies to, the minimum order, the dates on the account's clock, the usage limit. The server's
 * 400 lands at its field (reversed dates at «по», a percent outside 1–100 at the percent).
 */
export function PromotionDialog({ accountId, promotion, onClose }: { accountId: string; promotion: Promotion | null; onClose: () => void }) {
  const { t } = useTranslation("products");
  const timeZone = useQuery(accountQueries.detail(accountId)).data?.timezone ?? Intl.DateTimeFormat().resolvedOptions().timeZone;
  const schema = useMemo(() => promotionSchema(t), [t]);
  const form = useZodForm(schema, { defaultValues: promotionDefaults(promotion, timeZone) });
  const kind = form.watch("kind");
  const appliesTo = form.watch("appliesTo");
  const dialog = useFormDialog(form, {
    onClose,
    save: (v) => (promotion ? promotionApi.update(accountId, promotion.promotionId, v) : promotionApi.create(accountId, v)),
    success: promotion ? t("promotions.toasts.saved") : t("promotions.toasts.created"),
    invalidate: [promotionKeys.all(accountId)],
    failure: { toast: t("toasts.saveFailed") },
  });
  const zone = (
    <span className="inline-flex items-center gap-1.5">
      <Globe className="size-3.5" aria-hidden />
      {t("promotions.form.zone", { zone: timeZone.replaceAll("_", " ") })}
    </span>
  );

  return (
    <FormDialog
      {...dialog}
      title={promotion ? t("promotions.form.editTitle") : t("promotions.form.createTitle")}
      submitLabel={promotion ? t("form.save") : t("form.create")}
      submitTestId="promotion-save"
      className="max-h-[92dvh] overflow-y-auto sm:max-w-2xl"
      formClassName="grid items-start gap-5 sm:grid-cols-2"
      footerClassName="sm:col-span-2"
      persistent={form.formState.isDirty}
      testId="promotion-dialog"
    >
      <TextField control={form.control} name="name" label={t("promotions.form.name")} placeholder={t("promotions.form.namePlaceholder")} autoFocus maxLength={200} />
      <TextField control={form.control} name="code" label={t("promotions.form.code")} placeholder="SPRING10" description={t("promotions.form.codeHint")} maxLength={40} spellCheck={false} autoCapitalize="characters" />
      <TextareaField control={form.control} name="description" label={t("promotions.form.description")} description={t("promotions.form.descriptionHint")} rows={2} maxLength={2000} className="sm:col-span-2" />
      <FieldItem control={form.control} name="kind" label={t("promotions.form.kind")} className="sm:col-span-2">
        {(f) => <Choice name="promo-kind" value={f.value} onChange={f.onChange} testId="promotion-kind" options={(["percent", "fixed", "gift"] as const).map((k) => ({ value: k, label: t(`promotions.kind.${k}`) }))} />}
      </FieldItem>
      {kind === "percent" && <TextField control={form.control} name="percent" label={t("promotions.form.percent")} inputMode="numeric" placeholder="10" data-testid="promotion-percent" />}
      {kind === "fixed" && <TextField control={form.control} name="amount" label={t("promotions.form.amount")} inputMode="decimal" placeholder="500" />}
      {kind === "gift" && <TextField control={form.control} name="giftText" label={t("promotions.form.giftText")} placeholder={t("promotions.form.giftPlaceholder")} maxLength={500} />}
      <TextField control={form.control} name="minOrder" label={t("promotions.form.minOrder")} inputMode="decimal" placeholder={t("promotions.form.minOrderPlaceholder")} />
      <FieldItem control={form.control} name="appliesTo" label={t("promotions.form.appliesTo")} className="sm:col-span-2">
        {(f) => <Choice name="promo-applies" value={f.value} onChange={f.onChange} testId="promotion-applies" options={(["all", "categories", "products"] as const).map((k) => ({ value: k, label: t(`promotions.appliesTo.${k}`) }))} />}
      </FieldItem>
      {appliesTo === "categories" && (
        <FieldItem control={form.control} name="categoryIds" label={t("promotions.form.categories")} className="sm:col-span-2">
          {(f) => <CategoryPicker accountId={accountId} value={f.value} onChange={f.onChange} />}
        </FieldItem>
      )}
      {appliesTo === "products" && (
        <FieldItem control={form.control} name="productIds" label={t("promotions.form.products")} className="sm:col-span-2">
          {(f) => <ProductPicker accountId={accountId} value={f.value} onChange={f.onChange} />}
        </FieldItem>
      )}
      <TextField control={form.control} name="validFrom" type="datetime-local" label={t("promotions.form.validFrom")} description={zone} data-testid="promotion-valid-from" />
      <TextField control={form.control} name="validTo" type="datetime-local" label={t("promotions.form.validTo")} data-testid="promotion-valid-to" />
      <TextField control={form.control} name="usageLimit" label={t("promotions.form.usageLimit")} inputMode="numeric" placeholder={t("promotions.form.usageLimitPlaceholder")} description={promotion ? t("promotions.form.used", { count: promotion.usedCount }) : undefined} />
      <SwitchField control={form.control} name="active" label={t("promotions.form.active")} description={t("promotions.form.activeHint")} className="self-start" data-testid="promotion-active" />
    </FormDialog>
  );
}
