import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { BookOpen } from "lucide-react";
import { Link } from "react-router";
import { QueryView } from "@/components/query-view";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Checkbox } from "@/components/ui/checkbox";
import { Label } from "@/components/ui/label";
import { RadioGroup, RadioGroupItem } from "@/components/ui/radio-group";
import { Skeleton } from "@/components/ui/skeleton";
import { Switch } from "@/components/ui/switch";
import { notify } from "@/lib/notify";
import { knowledgeApi, knowledgeKeys, knowledgeQueries, type AssistantKnowledge, type KnowledgeSource } from "../api";
import { sourceTitle } from "../source-title";
import { KIND_ICON } from "./source-badges";

type Draft = Pick<AssistantKnowledge, "mode" | "sourceIds" | "handoffWhenUncovered">;

/**
 * The assistant editor's card "Источники знаний": every source of the account or the chosen ones
 * (all FAQ entries as one choice, each document and page), and whether a question they do not
 * cover goes to an operator. Saved on its own (it is not a field of the assistant's form).
 */
export function AssistantSourcesCard({ accountId, assistantId, canEdit }: { accountId: string; assistantId: string; canEdit: boolean }) {
  const { t } = useTranslation("knowledge");
  const current = useQuery(knowledgeQueries.assistant(accountId, assistantId));
  const sources = useQuery(knowledgeQueries.list(accountId, { page: 1, limit: 100 }));
  return (
    <Card data-testid="assistant-sources">
      <CardHeader>
        <CardTitle className="flex items-center gap-2.5 text-base">
          <BookOpen className="size-5 text-primary" aria-hidden />
          {t("assistant.title")}
        </CardTitle>
        <CardDescription>{t("assistant.description")}</CardDescription>
      </CardHeader>
      <CardContent>
        <QueryView query={current} loading={<Skeleton className="h-32 w-full" />}>
          {(cfg) => <SourcesForm accountId={accountId} assistantId={assistantId} initial={cfg} sources={(sources.data?.data ?? []).filter((s) => s.kind !== "text")} canEdit={canEdit} />}
        </QueryView>
      </CardContent>
    </Card>
  );
}

function SourcesForm({ accountId, assistantId, initial, sources, canEdit }: { accountId: string; assistantId: string; initial: Draft; sources: KnowledgeSource[]; canEdit: boolean }) {
  const { t } = useTranslation("knowledge");
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<Draft>(initial);
  const [saving, setSaving] = useState(false);
  useEffect(() => setDraft(initial), [initial]);
  const faqCount = sources.filter((s) => s.kind === "faq").length;
  const others = sources.filter((s) => s.kind !== "faq");
  const toggle = (id: string, on: boolean) => setDraft((d) => ({ ...d, sourceIds: on ? [...new Set([...d.sourceIds, id])] : d.sourceIds.filter((x) => x !== id) }));
  const dirty = JSON.stringify(draft) !== JSON.stringify({ mode: initial.mode, sourceIds: initial.sourceIds, handoffWhenUncovered: initial.handoffWhenUncovered });
  const save = async () => {
    setSaving(true);
    try {
      await knowledgeApi.saveAssistant(accountId, assistantId, draft);
      notify({ type: "success", message: t("assistant.saved") });
      await queryClient.invalidateQueries({ queryKey: knowledgeKeys.assistant(accountId, assistantId) });
    } catch {
      // the API client has shown the reason
    } finally {
      setSaving(false);
    }
  };
  return (
    <div className="space-y-5">
      <RadioGroup value={draft.mode} onValueChange={(v) => setDraft((d) => ({ ...d, mode: v as Draft["mode"] }))} disabled={!canEdit} aria-label={t("assistant.modeLabel")}>
        <div className="flex items-center gap-2.5">
          <RadioGroupItem value="all" id="ks-all" data-testid="sources-mode-all" />
          <Label htmlFor="ks-all">{t("assistant.modeAll")}</Label>
        </div>
        <div className="flex items-center gap-2.5">
          <RadioGroupItem value="selected" id="ks-selected" data-testid="sources-mode-selected" />
          <Label htmlFor="ks-selected">{t("assistant.modeSelected")}</Label>
        </div>
      </RadioGroup>
      {draft.mode === "selected" && (
        <ul className="max-h-72 space-y-2 overflow-y-auto rounded-md border p-3" aria-label={t("assistant.listLabel")}>
          <SourceCheck id="faq" label={t("assistant.allFaq", { count: faqCount })} kind="faq" checked={draft.sourceIds.includes("faq")} disabled={!canEdit} onChange={toggle} />
          {others.map((s) => (
            <SourceCheck key={s.sourceId} id={s.sourceId} label={sourceTitle(t, s)} kind={s.kind} checked={draft.sourceIds.includes(s.sourceId)} disabled={!canEdit} onChange={toggle} />
          ))}
          {others.length === 0 && <li className="text-[0.8125rem] text-muted-foreground">{t("assistant.noDocuments")}</li>}
        </ul>
      )}
      <div className="flex items-start justify-between gap-4">
        <div>
          <Label htmlFor="ks-handoff">{t("assistant.handoff")}</Label>
          <p className="text-[0.8125rem] text-muted-foreground">{t("assistant.handoffHint")}</p>
        </div>
        <Switch id="ks-handoff" checked={draft.handoffWhenUncovered} onCheckedChange={(v) => setDraft((d) => ({ ...d, handoffWhenUncovered: v }))} disabled={!canEdit} data-testid="sources-handoff" />
      </div>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <Link to={`/${accountId}/knowledge`} className="text-[0.875rem] text-primary-text hover:underline">
          {t("assistant.open")}
        </Link>
        {canEdit && (
          <Button type="button" onClick={() => void save()} disabled={!dirty} loading={saving} data-testid="sources-save">
            {t("assistant.save")}
          </Button>
        )}
      </div>
    </div>
  );
}

function SourceCheck({ id, label, kind, checked, disabled, onChange }: { id: string; label: string; kind: KnowledgeSource["kind"]; checked: boolean; disabled: boolean; onChange: (id: string, on: boolean) => void }) {
  const Icon = KIND_ICON[kind];
  return (
    <li className="flex items-center gap-2.5">
      <Checkbox id={`ks-${id}`} checked={checked} disabled={disabled} onCheckedChange={(v) => onChange(id, v === true)} data-testid="source-check" />
      <Icon className="size-4 shrink-0 text-muted-foreground" aria-hidden />
      <Label htmlFor={`ks-${id}`} className="truncate font-normal">
        {label}
      </Label>
    </li>
  );
}
