import { useTranslation } from "react-i18next";
import { useQuery } from "@tanstack/react-query";
import { Building2, Plus } from "lucide-react";
import { ListSkeleton } from "@/components/list-skeleton";
import { useDebouncedSearch, useListParams } from "@/components/list-params";
import { PageHeader } from "@/components/page-header";
import { QueryView } from "@/components/query-view";
import { SearchInput } from "@/components/search-input";
import { Button } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";
import { EmptyState, NoMatchesState } from "@/components/ui/empty-state";
import { Skeleton } from "@/components/ui/skeleton";
import { useSession } from "@/lib/session";
import { accountQueries } from "@/features/accounts/api";
import { AccountRow } from "@/features/accounts/components/account-row";
import { CreateAccountDialog } from "@/features/accounts/components/create-account-dialog";
import { ListPager } from "@/features/accounts/components/list-pager";

export const handle = { titleKey: "accounts:list.pageTitle" };

export default function AccountsPage() {
  const { t } = useTranslation("accounts");
  const { user, currentAccountId } = useSession();
  const { page, limit, q, update } = useListParams();
  const [search, setSearch] = useDebouncedSearch(q, update);
  const list = useQuery(accountQueries.list({ page, limit, q: q || undefined }));

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
            <SearchInput value={search} onChange={setSearch} label={t("list.searchPlaceholder")} wrapperClassName="max-w-sm" />
          </div>
        )}
        <QueryView
          query={list}
          loading={<ListSkeleton as="ul" count={4} className="divide-y" rowClassName="flex items-center gap-4 px-6 py-4" label={t("list.loading")} lead="size-10 rounded-full" lines={["h-4 w-48", "h-3 w-72 max-w-full"]} trailing={<Skeleton className="h-8 w-24" />} />}
          errorFrame={(error) => <CardContent className="py-6">{error}</CardContent>}
          isEmpty={(data) => data.data.length === 0}
          empty={
            isFirstRun ? (
              <EmptyState icon={Building2} title={t("list.emptyTitle")} description={t("list.emptyDescription")} action={<CreateAccountDialog trigger={createButton} />} />
            ) : (
              <NoMatchesState title={t("list.notFoundTitle")} description={t("list.notFound", { q })} resetLabel={t("list.clearSearch")} onReset={() => setSearch("")} />
            )
          }
        >
          {(data) => (
            <>
              <ul className="divide-y" data-testid="accounts-list">
                {data.data.map((a) => (
                  <AccountRow key={a.accountId} account={a} current={a.accountId === currentAccountId} />
                ))}
              </ul>
              <div className="border-t py-3">
                <ListPager
                  page={data.meta.page}
                  lastPage={data.meta.lastPage}
                  limit={data.meta.limit}
                  total={data.meta.total}
                  onPage={(p) => update({ page: p }, { push: true })}
                  onLimit={(l) => update({ limit: l }, { push: true })}
                />
              </div>
            </>
          )}
        </QueryView>
      </Card>
    </div>
  );
}
