import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { useParams } from "react-router";
import { Globe, Plus, Upload } from "lucide-react";
import { useListParams } from "@/components/list-params";
import { PageHeader } from "@/components/page-header";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { useAbility } from "@/lib/ability";
import { knowledgeQueries, SOURCE_KINDS, type SourceKind, type SourceListParams } from "@/features/knowledge/api";
import { FaqDialog } from "@/features/knowledge/components/faq-dialog";
import { SearchPanel } from "@/features/knowledge/components/search-panel";
import { SourcesTable } from "@/features/knowledge/components/sources-table";
import { UrlDialog } from "@/features/knowledge/components/url-dialog";
import { useSourceActions } from "@/features/knowledge/use-source-actions";

export const handle = { titleKey: "knowledge:title" };

const ALL = "all";
const ACCEPT = ".pdf,.docx,.txt,.md,.markdown,application/pdf,application/vnd.openxmlformats-officedocument.wordprocessingml.document,text/plain,text/markdown";

/** /:accountId/knowledge — the knowledge base: sources with their indexing state, adding them, and the search the assistants make. */
export default function KnowledgePage() {
  const { t } = useTranslation("knowledge");
  const { accountId = "" } = useParams();
  const canEdit = useAbility().can("create", "Knowledge");
  const { params, page, limit, update } = useListParams();
  const kind = (SOURCE_KINDS as readonly string[]).includes(params.get("kind") ?? "") ? (params.get("kind") as SourceKind) : undefined;
  const p: SourceListParams = { page, limit, kind };
  const list = useQuery(knowledgeQueries.list(accountId, p));
  const { dialog, setDialog, act, upload, uploading, fileInput } = useSourceActions(accountId);

  const addFaq = (
    <Button onClick={() => setDialog({ kind: "faq", source: null })} data-testid="faq-add">
      <Plus aria-hidden />
      {t("actions.addFaq")}
    </Button>
  );
  return (
    <div className="space-y-6">
      <PageHeader
        title={t("title")}
        description={t("description")}
        actions={
          canEdit && (
            <>
              <Button variant="outline" onClick={() => setDialog({ kind: "url" })} data-testid="url-add">
                <Globe aria-hidden />
                {t("actions.addUrl")}
              </Button>
              <Button variant="outline" onClick={() => fileInput.current?.click()} loading={uploading} data-testid="document-upload">
                <Upload aria-hidden />
                {t("actions.upload")}
              </Button>
              <input ref={fileInput} type="file" accept={ACCEPT} className="hidden" onChange={(e) => void upload(e.target.files)} data-testid="document-input" aria-label={t("actions.upload")} />
              {addFaq}
            </>
          )
        }
      />
      <Card className="gap-0 overflow-hidden py-0">
        <div className="flex flex-wrap items-center justify-between gap-3 border-b px-5 py-4">
          <h2 className="text-base font-medium text-heading">{list.data ? t("list.total", { count: list.data.meta.total }) : t("list.title")}</h2>
          <Select value={kind ?? ALL} onValueChange={(v) => update({ kind: v === ALL ? undefined : v })}>
            <SelectTrigger className="w-full sm:w-56" aria-label={t("list.kindFilter")} data-testid="source-kind-filter">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              <SelectItem value={ALL}>{t("list.allKinds")}</SelectItem>
              {SOURCE_KINDS.map((k) => (
                <SelectItem key={k} value={k}>
                  {t(`kind.${k}`)}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
        <SourcesTable list={list} p={p} onPage={(patch) => update(patch)} onReset={() => update({ kind: undefined })} canEdit={canEdit} emptyAction={addFaq} onAction={(s, a) => void act(s, a)} />
      </Card>
      <SearchPanel accountId={accountId} />
      {dialog?.kind === "faq" && <FaqDialog accountId={accountId} source={dialog.source} onClose={() => setDialog(null)} />}
      {dialog?.kind === "url" && <UrlDialog accountId={accountId} onClose={() => setDialog(null)} />}
    </div>
  );
}
