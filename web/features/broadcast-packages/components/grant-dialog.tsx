import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { useQuery } from "@tanstack/react-query";
import { Gift } from "lucide-react";
import { z } from "zod";
import { FormDialog, useFormDialog } from "@/components/form-dialog";
import { FieldItem } from "@/components/form/field";
import { SelectField } from "@/components/form/select-field";
import { LoadError } from "@/components/load-error";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { packageKeys, packageQueries, packagesApi, type AdminAccount } from "@/features/broadcast-packages/api";
import { packageName, useInterfaceLanguage } from "@/features/billing/localized-name";
import { AccountPicker } from "./account-picker";
import { QuotaGrants } from "@/features/broadcasts/components/quota-grants";
import { useZodForm } from "@/lib/form";
import { formatNumber, formatRub } from "@/lib/i18n";

/**
 * "Выдать аккаунту": pick an account by search, see what it has left, pick a package and grant it.
 * The dialog stays open after a grant so the administrator sees the account's new balance.
 */
export function GrantDialog() {
  const { t } = useTranslation("admin");
  const lang = useInterfaceLanguage();
  const [account, setAccount] = useState<AdminAccount | null>(null);
  const schema = useMemo(() => z.object({ accountId: z.string().min(1, t("grant.errors.account")), packageId: z.string().min(1, t("grant.errors.package")) }), [t]);
  const defaults = () => ({ accountId: "", packageId: "" });
  const form = useZodForm(schema, { defaultValues: defaults() });

  const pick = (a: AdminAccount | null) => {
    setAccount(a);
    form.setValue("accountId", a?.accountId ?? "", { shouldValidate: !!a });
  };

  const dialog = useFormDialog(form, {
    defaults,
    save: (values) => packagesApi.grant(values.accountId, values.packageId),
    // Worded here: the server's sentence names the package in Russian.
    success: (grant) => t("grant.done", { name: packageName({ name: grant.packageName, translations: grant.packageTranslations }, lang) }),
    invalidate: [packageKeys.all()],
    // The dialog stays on the account (its new balance), ready for another package.
    keepOpen: true,
    onSaved: (_, values) => form.reset({ accountId: values.accountId, packageId: "" }),
    failure: { field: "packageId", message: t("grant.failed") },
  });
  const packages = useQuery({ ...packageQueries.grantable(), enabled: dialog.open });

  return (
    <FormDialog
      {...dialog}
      onOpenChange={(o) => {
        dialog.onOpenChange(o);
        if (o) pick(null);
      }}
      trigger={
        <Button variant="outline" data-testid="grant-open">
          <Gift aria-hidden />
          {t("grant.button")}
        </Button>
      }
      title={t("grant.title")}
      description={t("grant.description")}
      className="sm:max-w-lg"
      formClassName="space-y-4"
      submitLabel={t("grant.submit")}
      cancelLabel={t("grant.close")}
      testId="grant-dialog"
    >
      <FieldItem control={form.control} name="accountId" label={t("grant.account")}>
        {() => <AccountPicker value={account} onChange={pick} invalid={!!form.formState.errors.accountId} />}
      </FieldItem>
      {account && <AccountBalance accountId={account.accountId} />}
      <SelectField
        control={form.control}
        name="packageId"
        label={t("grant.package")}
        placeholder={packages.isPending ? t("grant.loadingPackages") : packages.data?.length ? t("grant.pickPackage") : t("grant.noPackages")}
        disabled={!packages.data?.length}
        options={(packages.data ?? []).map((p) => ({
          value: p.id,
          label: t("grant.packageOption", { name: packageName(p, lang), recipients: formatNumber(p.recipients), price: formatRub(p.priceKopecks), count: p.validityDays }),
        }))}
      />
    </FormDialog>
  );
}

/** What the picked account has now: the remaining recipients and each package with its expiry. */
function AccountBalance({ accountId }: { accountId: string }) {
  const { t } = useTranslation("admin");
  const quota = useQuery(packageQueries.accountQuota(accountId));
  if (quota.isPending) return <Skeleton className="h-16 w-full" />;
  if (quota.isError) return <LoadError error={quota.error} onRetry={() => void quota.refetch()} retrying={quota.isFetching} className="p-4" />;
  return (
    <div className="space-y-2 rounded-md bg-muted/50 p-3" data-testid="account-quota">
      <p className="font-medium">{t("grant.remaining", { count: quota.data.remaining, formatted: formatNumber(quota.data.remaining) })}</p>
      <QuotaGrants quota={quota.data} className="text-muted-foreground" />
    </div>
  );
}
