import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { FormDialog, useFormDialog } from "@/components/form-dialog";
import { TextField } from "@/components/form/field";
import { SelectField } from "@/components/form/select-field";
import { useZodForm } from "@/lib/form";
import { productApi, productKeys, type Category } from "../api";

/** The parent select's value for "no parent" (a Radix select item cannot have an empty value). */
const TOP = "__top";

/**
 * Create a category (at the top, or inside `parent`), or edit one: its name and its parent (moved
 * to another top-level category or to the top). The tree stays two levels deep: the server answers
 * a move that would make it deeper with a field error, shown at the parent select.
 */
export function CategoryDialog({ accountId, category, parent, roots = [], onClose }: { accountId: string; category: Category | null; parent: Category | null; roots?: Category[]; onClose: () => void }) {
  const { t } = useTranslation("products");
  const schema = useMemo(
    () => z.object({ name: z.string().trim().min(1, t("categories.errors.nameRequired")).max(100, t("form.errors.max", { n: 100 })), parentId: z.string() }),
    [t],
  );
  const form = useZodForm(schema, { defaultValues: { name: category?.name ?? "", parentId: category?.parentId ?? TOP } });
  const dialog = useFormDialog(form, {
    onClose,
    save: (v) =>
      category
        ? productApi.updateCategory(accountId, category.categoryId, { name: v.name, parentId: v.parentId === TOP ? null : v.parentId })
        : productApi.createCategory(accountId, { name: v.name, parentId: parent?.categoryId ?? null }),
    success: category ? t("categories.renamed") : t("categories.created"),
    invalidate: [productKeys.categories(accountId), productKeys.all(accountId)],
    failure: { toast: t("toasts.saveFailed") },
  });
  const options = [{ value: TOP, label: t("categories.topLevel") }, ...roots.filter((r) => r.categoryId !== category?.categoryId).map((r) => ({ value: r.categoryId, label: r.name }))];
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
      {category && (
        <SelectField control={form.control} name="parentId" label={t("categories.parent")} description={t("categories.parentHint")} options={options} triggerTestId="category-parent" />
      )}
    </FormDialog>
  );
}
