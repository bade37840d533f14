import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { useQuery } from "@tanstack/react-query";
import { FormDialog, useFormDialog } from "@/components/form-dialog";
import { FieldItem, TextareaField, TextField } from "@/components/form/field";
import { SelectField } from "@/components/form/select-field";
import { SwitchField } from "@/components/form/switch-field";
import { useZodForm } from "@/lib/form";
import { AVAILABILITIES, flattenCategories, productApi, productKeys, productQueries, type Product } from "../api";
import { NO_CATEGORY, productDefaults, productSchema } from "../product-schema";
import { AttributesEditor } from "./attributes-editor";
import { ProductImages } from "./product-images";

/**
 * Create a product, or edit one. Prices are typed in roubles; the server's 400 messages land at
 * their fields (a taken SKU at «Артикул»).
 */
export function ProductDialog({ accountId, product, categoryId, onClose }: { accountId: string; product: Product | null; categoryId?: string; onClose: () => void }) {
  const { t } = useTranslation("products");
  const schema = useMemo(() => productSchema(t), [t]);
  const form = useZodForm(schema, { defaultValues: productDefaults(product, categoryId) });
  const categories = useQuery(productQueries.categories(accountId)).data?.data ?? [];
  const availability = form.watch("availability");
  const attributeErrors = form.formState.errors.attributes;

  const dialog = useFormDialog(form, {
    onClose,
    save: (values) => (product ? productApi.update(accountId, product.productId, values) : productApi.create(accountId, values)),
    success: product ? t("toasts.saved") : t("toasts.created"),
    invalidate: [productKeys.all(accountId), productKeys.categories(accountId)],
    failure: { toast: t("toasts.saveFailed") },
  });

  return (
    <FormDialog
      {...dialog}
      title={product ? t("form.editTitle") : t("form.createTitle")}
      description={t("form.description")}
      submitLabel={product ? t("form.save") : t("form.create")}
      submitTestId="product-save"
      className="max-h-[92dvh] overflow-y-auto sm:max-w-2xl"
      formClassName="grid items-start gap-5 sm:grid-cols-2"
      footerClassName="sm:col-span-2"
      persistent={form.formState.isDirty}
      testId="product-dialog"
    >
      <TextField control={form.control} name="name" label={t("form.name")} placeholder={t("form.namePlaceholder")} autoFocus maxLength={200} className="sm:col-span-2" />
      <TextField control={form.control} name="sku" label={t("form.sku")} placeholder="SKU-001" maxLength={64} spellCheck={false} />
      <SelectField
        control={form.control}
        name="categoryId"
        label={t("form.category")}
        triggerTestId="product-category"
        options={[{ value: NO_CATEGORY, label: t("categories.none") }, ...flattenCategories(categories).map(({ category, path }) => ({ value: category.categoryId, label: path }))]}
      />
      <TextField control={form.control} name="price" label={t("form.price")} placeholder="1990" inputMode="decimal" description={t("form.priceHint")} />
      <TextField control={form.control} name="oldPrice" label={t("form.oldPrice")} placeholder="2490" inputMode="decimal" description={t("form.oldPriceHint")} />
      <SelectField control={form.control} name="availability" label={t("form.availability")} options={AVAILABILITIES.map((a) => ({ value: a, label: t(`availability.${a}`) }))} triggerTestId="product-availability" />
      {availability === "in_stock" ? (
        <TextField control={form.control} name="stockCount" label={t("form.stockCount")} inputMode="numeric" placeholder={t("form.stockCountPlaceholder")} />
      ) : (
        <div className="hidden sm:block" />
      )}
      <FieldItem control={form.control} name="images" label={t("form.images.label")} className="sm:col-span-2">
        {(f) => <ProductImages accountId={accountId} value={f.value} onChange={f.onChange} />}
      </FieldItem>
      <TextareaField control={form.control} name="description" label={t("form.descriptionLabel")} placeholder={t("form.descriptionPlaceholder")} rows={3} maxLength={5000} className="sm:col-span-2" />
      <TextField control={form.control} name="link" label={t("form.link")} placeholder="https://shop.example/item" inputMode="url" className="sm:col-span-2" />
      <FieldItem control={form.control} name="attributes" label={t("form.attributes.label")} description={t("form.attributes.hint")} className="sm:col-span-2">
        {(f) => <AttributesEditor value={f.value} onChange={f.onChange} errors={Array.isArray(attributeErrors) ? attributeErrors.map((e) => e?.key?.message ?? e?.value?.message) : undefined} />}
      </FieldItem>
      <SwitchField control={form.control} name="active" label={t("form.active")} description={t("form.activeHint")} className="sm:col-span-2" data-testid="product-active" />
    </FormDialog>
  );
}
