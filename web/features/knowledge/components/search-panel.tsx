import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { useQuery } from "@tanstack/react-query";
import { SearchCheck } from "lucide-react";
import { QueryView } from "@/components/query-view";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { Input } from "@/components/ui/input";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { Skeleton } from "@/components/ui/skeleton";
import { assistantQueries } from "@/features/assistants/api";
import { knowledgeQueries, type SearchResult } from "../api";
import { sourceTitle } from "../source-title";
import { SourceKindLabel } from "./source-badges";

const EVERYTHING = "all";

/** "What would the assistant find": a question, optionally as one assistant sees the base, and the ranked chunks. */
export function SearchPanel({ accountId }: { accountId: string }) {
  const { t } = useTranslation("knowledge");
  const [draft, setDraft] = useState("");
  const [asked, setAsked] = useState<{ q: string; assistantId?: string } | null>(null);
  const [assistantId, setAssistantId] = useState(EVERYTHING);
  const assistants = useQuery(assistantQueries.list(accountId));
  const search = useQuery({ ...knowledgeQueries.search(accountId, asked?.q ?? "", asked?.assistantId), enabled: !!asked?.q });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (draft.trim()) setAsked({ q: draft.trim(), assistantId: assistantId === EVERYTHING ? undefined : assistantId });
  };
  return (
    <Card data-testid="knowledge-search">
      <CardHeader>
        <CardTitle>{t("search.title")}</CardTitle>
        <CardDescription>{t("search.description")}</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        <form onSubmit={submit} className="flex flex-col gap-3 md:flex-row">
          <Input value={draft} onChange={(e) => setDraft(e.target.value)} placeholder={t("search.placeholder")} aria-label={t("search.placeholder")} maxLength={500} className="md:flex-1" data-testid="knowledge-search-input" />
          <Select value={assistantId} onValueChange={setAssistantId}>
            <SelectTrigger className="w-full md:w-60" aria-label={t("search.assistant")}>
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              <SelectItem value={EVERYTHING}>{t("search.everything")}</SelectItem>
              {(assistants.data?.data ?? []).map((a) => (
                <SelectItem key={a.assistantId} value={a.assistantId}>
                  {t("search.asAssistant", { name: a.name })}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
          <Button type="submit" disabled={!draft.trim()} data-testid="knowledge-search-submit">
            {t("search.submit")}
          </Button>
        </form>
        {asked && (
          <QueryView
            query={search}
            loading={<Skeleton className="h-24 w-full" aria-label={t("search.loading")} />}
            isEmpty={(d) => d.results.length === 0}
            empty={<EmptyState icon={SearchCheck} title={t("search.nothing")} description={t(asked.assistantId ? "search.nothingHintAssistant" : "search.nothingHint")} className="py-6" />}
          >
            {(d) => <Results data={d} />}
          </QueryView>
        )}
      </CardContent>
    </Card>
  );
}

function Results({ data }: { data: SearchResult }) {
  const { t } = useTranslation("knowledge");
  return (
    <div className="space-y-3" data-testid="knowledge-search-results">
      <div className="flex flex-wrap items-center gap-2 text-[0.8125rem] text-muted-foreground">
        <Badge variant={data.covered ? "success" : "warning"}>{data.covered ? t("search.covered") : t("search.notCovered")}</Badge>
        <span>{t("search.terms", { terms: data.terms.join(", ") })}</span>
        {data.mode === "hybrid" && <Badge variant="info">{t("search.hybrid")}</Badge>}
      </div>
      <ol className="space-y-3">
        {data.results.map((h, i) => (
          <li key={h.chunkId} className="rounded-md border p-3" data-testid="knowledge-hit">
            <div className="mb-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-[0.8125rem]">
              <span className="font-medium text-heading">
                {i + 1}. {sourceTitle(t, h)}
              </span>
              <SourceKindLabel kind={h.kind} />
              <span className="text-muted-foreground">{t("search.coverage", { percent: Math.round(h.coverage * 100) })}</span>
            </div>
            <p className="line-clamp-4 whitespace-pre-line text-[0.875rem]">{h.text}</p>
          </li>
        ))}
      </ol>
    </div>
  );
}
