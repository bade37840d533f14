import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { FormDialog, useFormDialog } from "@/components/form-dialog";
import { TextField } from "@/components/form/field";
import { SwitchField } from "@/components/form/switch-field";
import { packageKeys, packagesApi, type BroadcastPackage } from "@/features/broadcast-packages/api";
import { useZodForm } from "@/lib/form";
import { PACKAGE_LANGUAGES, packageFormSchema, type PackageFormInput } from "../schemas";

const valuesOf = (pkg: BroadcastPackage | null): PackageFormInput => ({
  name: pkg?.name ?? "",
  translations: { en: { name: pkg?.translations.en?.name ?? "" }, fr: { name: pkg?.translations.fr?.name ?? "" }, ar: { name: pkg?.translations.ar?.name ?? "" } },
  recipients: pkg ? String(pkg.recipients) : "",
  price: pkg ? String(pkg.priceKopecks / 100) : "",
  validityDays: pkg ? String(pkg.validityDays) : "30",
  active: pkg?.active ?? true,
});

/** Create a package (`pkg` null) or edit one; the parent owns `open`. */
export function PackageDialog({ pkg, open, onOpenChange }: { pkg: BroadcastPackage | null; open: boolean; onOpenChange: (open: boolean) => void }) {
  const { t } = useTranslation("admin");
  const schema = useMemo(() => packageFormSchema(t), [t]);
  const form = useZodForm(schema, { defaultValues: valuesOf(pkg) });
  const dialog = useFormDialog(form, {
    open,
    onOpenChange,
    // Opened by the page (a row's "edit" or the create button): start from that package each time.
    defaults: () => valuesOf(pkg),
    save: (values) => (pkg ? packagesApi.update(pkg.id, values) : packagesApi.create(values)),
    success: (saved) => saved.message,
    invalidate: [packageKeys.all()],
    failure: { field: "name", message: t("packages.form.failed") },
  });

  return (
    <FormDialog
      {...dialog}
      title={pkg ? t("packages.form.editTitle") : t("packages.form.createTitle")}
      description={t("packages.form.description")}
      className="sm:max-w-lg"
      formClassName="space-y-4"
      submitLabel={pkg ? t("packages.form.save") : t("packages.form.create")}
      testId="package-dialog"
    >
      <TextField control={form.control} name="name" label={t("packages.fields.name")} placeholder={t("packages.fields.namePlaceholder")} autoFocus data-testid="package-name" />
      <div className="grid gap-4 sm:grid-cols-3">
        <TextField control={form.control} name="recipients" label={t("packages.fields.recipients")} inputMode="numeric" data-testid="package-recipients" />
        <TextField control={form.control} name="price" label={t("packages.fields.price")} inputMode="decimal" data-testid="package-price" />
        <TextField control={form.control} name="validityDays" label={t("packages.fields.validityDays")} inputMode="numeric" data-testid="package-validity" />
      </div>
      <SwitchField control={form.control} name="active" label={t("packages.fields.active")} description={t("packages.fields.activeHint")} data-testid="package-active" />
      <fieldset className="space-y-3" data-testid="package-translations">
        <legend className="text-sm font-semibold text-heading">{t("packages.form.translations.title")}</legend>
        <p className="text-sm text-muted-foreground">{t("packages.form.translations.hint")}</p>
        <div className="grid gap-4 sm:grid-cols-3">
          {PACKAGE_LANGUAGES.map((l) => (
            <TextField
              key={l}
              control={form.control}
              name={`translations.${l}.name`}
              label={t("packages.form.translations.name", { language: t(`packages.form.translations.languages.${l}`) })}
              // Each name is typed in its own direction: Arabic right to left whatever the interface's direction.
              dir={l === "ar" ? "rtl" : "ltr"}
              lang={l}
              data-testid={`package-translation-${l}`}
            />
          ))}
        </div>
      </fieldset>
    </FormDialog>
  );
}
