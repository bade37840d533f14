import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { FormDialog, useFormDialog } from "@/components/form-dialog";
import { TextField } from "@/components/form/field";
import { useZodForm } from "@/lib/form";
import { productApi, productKeys, type Category } from "../api";

/** Create a category (at the top, or inside `parent`), or rename one. */
export function CategoryDialog({ accountId, category, parent, onClose }: { accountId: string; category: Category | null; parent: Category | null; onClose: () => void }) {
  const { t } = useTranslation("products");
  const schema = useMemo(() => z.object({ name: z.string().trim().min(1, t("categories.errors.nameRequired")).max(100, t("form.errors.max", { n: 100 })) }), [t]);
  const form = useZodForm(schema, { defaultValues: { name: category?.name ?? "" } });
  const dialog = useFormDialog(form, {
    onClose,
    save: (v) => (category ? productApi.updateCategory(accountId, category.categoryId, { name: v.name }) : productApi.createCategory(accountId, { name: v.name, parentId: parent?.categoryId ?? null })),
    success: category ? t("categories.renamed") : t("categories.created"),
    invalidate: [productKeys.categories(accountId), productKeys.all(accountId)],
    failure: { toast: t("toasts.saveFailed") },
  });
  return (
    <FormDialog
      {...dialog}
      title={category ? t("categories.renameTitle") : parent ? t("categories.createChildTitle", { parent: parent.name }) : t("categories.createTitle")}
      submitLabel={category ? t("form.save") : t("form.create")}
      submitTestId="category-save"
      className="sm:max-w-md"
      testId="category-dialog"
    >
      <TextField control={form.control} name="name" label={t("categories.name")} placeholder={t("categories.namePlaceholder")} autoFocus maxLength={100} />
    </FormDialog>
  );
}
