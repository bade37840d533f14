import { useTranslation } from "react-i18next";
import { Globe } from "lucide-react";
import { Card, CardContent, CardHeading } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { formatDate } from "@/lib/i18n";
import type { AccountDetail } from "@/features/accounts/types";
import { RoleBadge } from "@/features/accounts/components/role-badge";

/** The account's name, your role, time zone, language, site and creation date (skeleton lines until loaded). */
export function AccountCard({ account }: { account: AccountDetail | undefined }) {
  const { t } = useTranslation(["dashboard", "accounts"]);
  return (
    <Card data-testid="account-card">
      <CardHeading title={t("account.title")} />
      <CardContent>
        {account ? (
          <dl className="space-y-3 text-sm">
            <Fact label={t("account.name")} className="font-medium text-heading">
              <bdi>{account.name}</bdi>
            </Fact>
            {account.role && (
              <Fact label={t("account.yourRole")} className="mt-1">
                <RoleBadge role={account.role} />
              </Fact>
            )}
            <Fact label={t("account.timezone")} className="flex items-center gap-1.5">
              <Globe className="size-4 text-muted-foreground" aria-hidden />
              {account.timezone.replaceAll("_", " ")}
            </Fact>
            <Fact label={t("account.language")}>{t(`accounts:languages.${account.language}`)}</Fact>
            {account.website && (
              <Fact label={t("account.website")}>
                <a href={account.website} target="_blank" rel="noreferrer noopener" dir="ltr" className="break-all text-primary hover:underline">
                  {account.website.replace(/^https?:\/\//, "")}
                </a>
              </Fact>
            )}
            <Fact label={t("account.created")}>{formatDate(account.createdAt, { long: true })}</Fact>
          </dl>
        ) : (
          <div className="space-y-3">
            <Skeleton className="h-4 w-3/4" />
            <Skeleton className="h-4 w-1/2" />
            <Skeleton className="h-4 w-2/3" />
          </div>
        )}
      </CardContent>
    </Card>
  );
}

function Fact({ label, className, children }: { label: string; className?: string; children: React.ReactNode }) {
  return (
    <div>
      <dt className="text-muted-foreground">{label}</dt>
      <dd className={className}>{children}</dd>
    </div>
  );
}
