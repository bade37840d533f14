import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useParams, useSearchParams } from "react-router";
import { useQuery } from "@tanstack/react-query";
import { Bot, LayoutTemplate, Plus, Search, SearchX } from "lucide-react";
import { PageHeader } from "@/components/page-header";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { Input } from "@/components/ui/input";
import { PAGE_SIZE_OPTIONS, TablePagination } from "@/components/ui/pagination";
import { Skeleton } from "@/components/ui/skeleton";
import { Can } from "@/lib/ability";
import { assistantQueries } from "@/features/assistants/api";
import { AssistantCard } from "@/features/assistants/components/assistant-card";
import { CreateAssistantDialog } from "@/features/assistants/components/create-assistant-dialog";
import { DemoModelBadge } from "@/features/assistants/components/demo-model-badge";
import { LoadError } from "@/components/load-error";
import { useDeleteAssistant } from "@/features/assistants/use-delete-assistant";

export const handle = { titleKey: "assistants:list.title" };

export default function AssistantsPage() {
  const { t } = useTranslation("assistants");
  const { accountId = "" } = useParams();
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get("page")) || 1);
  const limitParam = Number(params.get("limit"));
  const limit = (PAGE_SIZE_OPTIONS as readonly number[]).includes(limitParam) ? limitParam : 20;
  const q = params.get("q") ?? "";
  const [search, setSearch] = useState(q);
  const remove = useDeleteAssistant(accountId);

  // The search box writes to the URL after a pause, so typing doesn't fire a request per key.
  useEffect(() => {
    const id = setTimeout(() => {
      if (search.trim() === q) return;
      setParams(
        (p) => {
          const next = new URLSearchParams(p);
          if (search.trim()) next.set("q", search.trim());
          else next.delete("q");
          next.delete("page");
          return next;
        },
        { replace: true },
      );
    }, 300);
    return () => clearTimeout(id);
  }, [search, q, setParams]);

  const list = useQuery(assistantQueries.list(accountId, { page, limit, q: q || undefined }));
  const setParam = (key: string, value: number) =>
    setParams((p) => {
      const next = new URLSearchParams(p);
      next.set(key, String(value));
      if (key === "limit") next.delete("page");
      return next;
    });

  const createButton = (
    <Button data-testid="create-assistant">
      <Plus aria-hidden />
      {t("list.create")}
    </Button>
  );
  const templatesButton = (
    <Button variant="outline" asChild>
      <Link to="/assistant-templates">
        <LayoutTemplate aria-hidden />
        {t("list.fromTemplate")}
      </Link>
    </Button>
  );
  const isFirstRun = list.data && list.data.meta.total === 0 && !q;

  return (
    <div>
      <PageHeader
        title={
          <span className="inline-flex flex-wrap items-center gap-3">
            {t("list.title")}
            <DemoModelBadge />
          </span>
        }
        description={t("list.description")}
        actions={
          <Can I="create" a="Assistant">
            {templatesButton}
            <CreateAssistantDialog accountId={accountId} trigger={createButton} />
          </Can>
        }
      />

      {!isFirstRun && (
        <div className="relative mb-6 max-w-sm">
          <Search className="pointer-events-none absolute start-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden />
          <Input
            type="search"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            placeholder={t("list.searchPlaceholder")}
            aria-label={t("list.searchPlaceholder")}
            className="bg-card ps-9"
            maxLength={100}
          />
        </div>
      )}

      {list.isPending ? (
        <div className="grid gap-6 md:grid-cols-2 lg:grid-cols-3" aria-busy="true" aria-label={t("list.loading")}>
          {Array.from({ length: 6 }, (_, i) => (
            <Card key={i} className="gap-4 px-5 py-5">
              <div className="flex gap-3">
                <Skeleton className="size-11" />
                <div className="flex-1 space-y-2">
                  <Skeleton className="h-4 w-40" />
                  <Skeleton className="h-4 w-28" />
                </div>
              </div>
              <Skeleton className="h-14 w-full" />
              <Skeleton className="h-4 w-48" />
            </Card>
          ))}
        </div>
      ) : list.isError ? (
        <Card>
          <LoadError error={list.error} onRetry={() => list.refetch()} retrying={list.isFetching} className="mx-6 border-none" />
        </Card>
      ) : isFirstRun ? (
        <Card>
          <EmptyState
            icon={Bot}
            title={t("list.emptyTitle")}
            description={t("list.emptyDescription")}
            action={
              <Can I="create" a="Assistant">
                <CreateAssistantDialog accountId={accountId} trigger={createButton} />
                {templatesButton}
              </Can>
            }
          />
        </Card>
      ) : list.data.data.length === 0 ? (
        <Card>
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
        </Card>
      ) : (
        <>
          <div className="grid gap-6 md:grid-cols-2 lg:grid-cols-3" data-testid="assistants-grid">
            {list.data.data.map((a) => (
              <AssistantCard key={a.assistantId} assistant={a} onDelete={(x) => void remove(x)} />
            ))}
          </div>
          {(list.data.meta.lastPage > 1 || limit !== 20) && (
            <Card className="mt-6 py-0">
              <TablePagination
                page={list.data.meta.page}
                pageSize={list.data.meta.limit}
                total={list.data.meta.total}
                onPageChange={(p) => setParam("page", p)}
                onPageSizeChange={(l) => setParam("limit", l)}
              />
            </Card>
          )}
        </>
      )}
    </div>
  );
}
