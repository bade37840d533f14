import { useTranslation } from "react-i18next";
import { Link, useParams } from "react-router";
import { useQuery } from "@tanstack/react-query";
import { Bot, LayoutTemplate, Plus } from "lucide-react";
import { CardGridView } from "@/components/card-grid";
import { useDebouncedSearch, useListParams } from "@/components/list-params";
import { PageHeader } from "@/components/page-header";
import { SearchInput } from "@/components/search-input";
import { Button } from "@/components/ui/button";
import { EmptyState, NoMatchesState } from "@/components/ui/empty-state";
import { Can } from "@/lib/ability";
import { assistantQueries } from "@/features/assistants/api";
import { AssistantCard } from "@/features/assistants/components/assistant-card";
import { CreateAssistantDialog } from "@/features/assistants/components/create-assistant-dialog";
import { DemoModelBadge } from "@/features/assistants/components/demo-model-badge";
import { useDeleteAssistant } from "@/features/assistants/use-delete-assistant";

export const handle = { titleKey: "assistants:list.title" };

export default function AssistantsPage() {
  const { t } = useTranslation("assistants");
  const { accountId = "" } = useParams();
  const { page, limit, q, update } = useListParams();
  const [search, setSearch] = useDebouncedSearch(q, update);
  const remove = useDeleteAssistant(accountId);
  const list = useQuery(assistantQueries.list(accountId, { page, limit, q: q || undefined }));
  const isFirstRun = list.data && list.data.meta.total === 0 && !q;

  return (
    <div>
      <PageHeader
        title={t("list.title")}
        badge={<DemoModelBadge />}
        description={t("list.description")}
        actions={
          <Can I="create" a="Assistant">
            <TemplatesButton />
            <CreateAssistantDialog accountId={accountId} trigger={<CreateButton />} />
          </Can>
        }
      />

      {!isFirstRun && <SearchInput value={search} onChange={setSearch} label={t("list.searchPlaceholder")} wrapperClassName="mb-6 max-w-sm" className="bg-card" />}

      <CardGridView
        query={list}
        skeleton={{ label: t("list.loading"), lines: ["h-4 w-40", "h-4 w-28"], footer: "h-4 w-48" }}
        testId="assistants-grid"
        onPageChange={(p) => update({ page: p }, { push: true })}
        onPageSizeChange={(l) => update({ limit: l }, { push: true })}
        empty={
          isFirstRun ? (
            <EmptyState
              icon={Bot}
              title={t("list.emptyTitle")}
              description={t("list.emptyDescription")}
              action={
                <Can I="create" a="Assistant">
                  <CreateAssistantDialog accountId={accountId} trigger={<CreateButton />} />
                  <TemplatesButton />
                </Can>
              }
            />
          ) : (
            <NoMatchesState title={t("list.notFoundTitle")} description={t("list.notFound", { q })} resetLabel={t("list.clearSearch")} onReset={() => setSearch("")} />
          )
        }
      >
        {(a) => <AssistantCard key={a.assistantId} assistant={a} onDelete={(x) => void remove(x)} />}
      </CardGridView>
    </div>
  );
}

function CreateButton(props: React.ComponentProps<typeof Button>) {
  const { t } = useTranslation("assistants");
  return (
    <Button data-testid="create-assistant" {...props}>
      <Plus aria-hidden />
      {t("list.create")}
    </Button>
  );
}

function TemplatesButton() {
  const { t } = useTranslation("assistants");
  return (
    <Button variant="outline" asChild>
      <Link to="/assistant-templates">
        <LayoutTemplate aria-hidden />
        {t("list.fromTemplate")}
      </Link>
    </Button>
  );
}
