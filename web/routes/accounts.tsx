import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";
import { useQuery } from "@tanstack/react-query";
import { ArrowRight, Building2, Plus, Search, SearchX } from "lucide-react";
import { PageHeader } from "@/components/page-header";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { Input } from "@/components/ui/input";
import { Skeleton } from "@/components/ui/skeleton";
import { formatDate } from "@/lib/i18n";
import { useSession } from "@/lib/session";
import { accountQueries } from "@/features/accounts/api";
import { CreateAccountDialog } from "@/features/accounts/components/create-account-dialog";
import { InitialsAvatar } from "@/features/accounts/components/initials-avatar";
import { ListPager, PAGE_SIZES } from "@/features/accounts/components/list-pager";
import { LoadError } from "@/components/load-error";
import { RoleBadge } from "@/features/accounts/components/role-badge";

export const handle = { titleKey: "accounts:list.pageTitle" };

export default function AccountsPage() {
  const { t } = useTranslation("accounts");
  const [params, setParams] = useSearchParams();
  const { user, currentAccountId } = useSession();
  const page = Math.max(1, Number(params.get("page")) || 1);
  const limitParam = Number(params.get("limit"));
  const limit = PAGE_SIZES.includes(limitParam) ? limitParam : 20;
  const q = params.get("q") ?? "";
  const [search, setSearch] = useState(q);

  // The search box writes to the URL after a pause, so typing doesn't fire a request per key.
  useEffect(() => {
    const id = setTimeout(() => {
      if (search.trim() === q) return;
      setParams((p) => {
        const next = new URLSearchParams(p);
        if (search.trim()) next.set("q", search.trim());
        else next.delete("q");
        next.delete("page");
        return next;
      }, { replace: true });
    }, 300);
    return () => clearTimeout(id);
  }, [search, q, setParams]);

  const list = useQuery(accountQueries.list({ page, limit, q: q || undefined }));
  const setParam = (key: string, value: number) =>
    setParams((p) => {
      const next = new URLSearchParams(p);
      next.set(key, String(value));
      if (key === "limit") next.delete("page");
      return next;
    });

  const createButton = (
    <Button>
      <Plus aria-hidden />
      {t("list.create")}
    </Button>
  );

  const isFirstRun = list.data && list.data.meta.total === 0 && !q;

  return (
    <div>
      <PageHeader title={t("list.title")} description={user ? t("list.description", { name: user.name }) : undefined} actions={<CreateAccountDialog trigger={createButton} />} />
      <Card className="gap-0 py-0">
        {!isFirstRun && (
          <div className="border-b p-4 sm:px-6">
            <div className="relative max-w-sm">
              <Search className="pointer-events-none absolute start-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden />
              <Input
                type="search"
                value={search}
                onChange={(e) => setSearch(e.target.value)}
                placeholder={t("list.searchPlaceholder")}
                aria-label={t("list.searchPlaceholder")}
                className="ps-9"
                maxLength={100}
              />
            </div>
          </div>
        )}
        {list.isPending ? (
          <ul className="divide-y" aria-busy="true" aria-label={t("list.loading")}>
            {Array.from({ length: 4 }, (_, i) => (
              <li key={i} className="flex items-center gap-4 px-6 py-4">
                <Skeleton className="size-10 rounded-full" />
                <div className="flex-1 space-y-2">
                  <Skeleton className="h-4 w-48" />
                  <Skeleton className="h-3 w-72 max-w-full" />
                </div>
                <Skeleton className="h-8 w-24" />
              </li>
            ))}
          </ul>
        ) : list.isError ? (
          <CardContent className="py-6">
            <LoadError error={list.error} onRetry={() => list.refetch()} retrying={list.isFetching} />
          </CardContent>
        ) : isFirstRun ? (
          <EmptyState
            icon={Building2}
            title={t("list.emptyTitle")}
            description={t("list.emptyDescription")}
            action={<CreateAccountDialog trigger={createButton} />}
          />
        ) : list.data.data.length === 0 ? (
          <EmptyState
            icon={SearchX}
            title={t("list.notFoundTitle")}
            description={t("list.notFound", { q })}
            action={
              <Button variant="outline" onClick={() => setSearch("")}>
                {t("list.clearSearch")}
              </Button>
            }
          />
        ) : (
          <>
            <ul className="divide-y" data-testid="accounts-list">
              {list.data.data.map((a) => {
                const current = a.accountId === currentAccountId;
                return (
                  <li key={a.accountId} className="group relative flex flex-wrap items-center gap-4 px-6 py-4 transition-colors hover:bg-muted/60">
                    <InitialsAvatar name={a.name} className="size-10" />
                    <div className="min-w-0 flex-1">
                      <div className="flex flex-wrap items-center gap-2">
                        <Link to={`/${a.accountId}/dashboard`} className="truncate font-medium text-heading after:absolute after:inset-0 hover:text-primary">
                          {a.name}
                        </Link>
                        {current && <Badge variant="success">{t("list.current")}</Badge>}
                      </div>
                      <p className="truncate text-sm text-muted-foreground">
                        {a.description || t("list.noDescription")}
                      </p>
                    </div>
                    <div className="hidden flex-col items-end gap-1 text-sm text-muted-foreground md:flex">
                      <span>{a.timezone.replaceAll("_", " ")}</span>
                      <span>{t("list.createdAt", { date: formatDate(a.createdAt) })}</span>
                    </div>
                    {a.role && <RoleBadge role={a.role} />}
                    <ArrowRight className="size-4 text-muted-foreground transition-transform group-hover:translate-x-0.5 group-hover:text-primary rtl:rotate-180" aria-hidden />
                  </li>
                );
              })}
            </ul>
            <div className="border-t py-3">
              <ListPager
                page={list.data.meta.page}
                lastPage={list.data.meta.lastPage}
                limit={list.data.meta.limit}
                total={list.data.meta.total}
                onPage={(p) => setParam("page", p)}
                onLimit={(l) => setParam("limit", l)}
              />
            </div>
          </>
        )}
      </Card>
    </div>
  );
}
