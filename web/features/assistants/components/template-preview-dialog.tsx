import { useTranslation } from "react-i18next";
import { useQuery } from "@tanstack/react-query";
import { Check, Minus } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { assistantQueries } from "../api";
import { useToolText } from "../tool-text";
import type { AssistantTemplate } from "../types";

/** Everything a template would put into an assistant, before copying it. */
export function TemplatePreviewDialog({ template, onOpenChange, onUse }: { template: AssistantTemplate | null; onOpenChange: (o: boolean) => void; onUse: (t: AssistantTemplate) => void }) {
  const { t } = useTranslation("assistants");
  const tools = useQuery({ ...assistantQueries.tools(), enabled: !!template });
  const toolText = useToolText();
  return (
    <Dialog open={!!template} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[calc(100dvh-2rem)] gap-0 p-0 sm:max-w-2xl sm:p-0" data-testid="template-preview">
        {template && (
          <>
            <DialogHeader className="border-b px-6 pt-6 pb-4">
              <DialogTitle>{template.name}</DialogTitle>
              <DialogDescription>{template.description || t("templates.noDescription")}</DialogDescription>
              <div className="flex flex-wrap gap-1.5 pt-1">
                <Badge variant="outline" className="font-mono text-[0.75rem]">
                  {template.model}
                </Badge>
                <Badge variant="secondary">{t(`languages.${template.language}`)}</Badge>
                <Badge variant="secondary">{t("templates.temperature", { value: template.temperature })}</Badge>
                <Badge variant="secondary">{t("templates.maxTokens", { value: template.maxReplyTokens })}</Badge>
                {template.debounceSeconds > 0 && <Badge variant="secondary">{t("templates.debounce", { value: template.debounceSeconds })}</Badge>}
                {template.tags.map((tag) => (
                  <Badge key={tag}>#{tag}</Badge>
                ))}
              </div>
            </DialogHeader>
            <div className="grid max-h-[55dvh] gap-5 overflow-y-auto px-6 py-5">
              <Block title={t("templates.previewInstructions")} text={template.instructions} />
              <Block title={t("templates.previewGreeting")} text={template.greeting} />
              <Block title={t("templates.previewKnowledge")} text={template.knowledge} />
              <section className="grid gap-1.5">
                <h4 className="text-sm font-semibold text-heading">{t("templates.previewTools")}</h4>
                {(tools.data?.data ?? []).length ? (
                  <ul className="grid gap-1 text-sm">
                    {(tools.data?.data ?? []).map((tool) => {
                      const on = template.tools.includes(tool.name);
                      return (
                        <li key={tool.name} className={on ? "flex items-center gap-2 text-foreground" : "flex items-center gap-2 text-muted-foreground line-through"}>
                          {on ? <Check className="size-4 text-success" aria-hidden /> : <Minus className="size-4" aria-hidden />}
                          {toolText(tool).title}
                        </li>
                      );
                    })}
                  </ul>
                ) : (
                  <p className="text-sm text-muted-foreground">{template.tools.join(", ") || t("templates.previewEmpty")}</p>
                )}
              </section>
              {(template.handoffKeywords.length > 0 || template.handoffMessage) && (
                <section className="grid gap-1.5">
                  <h4 className="text-sm font-semibold text-heading">{t("templates.previewHandoff")}</h4>
                  {template.handoffKeywords.length > 0 && (
                    <div className="flex flex-wrap gap-1.5">
                      {template.handoffKeywords.map((k) => (
                        <Badge key={k} variant="secondary">
                          {k}
                        </Badge>
                      ))}
                    </div>
                  )}
                  {template.handoffMessage && <p className="text-sm text-muted-foreground">{template.handoffMessage}</p>}
                </section>
              )}
            </div>
            <DialogFooter className="border-t px-6 py-4">
              <Button variant="secondary" onClick={() => onOpenChange(false)}>
                {t("common:actions.close")}
              </Button>
              <Button onClick={() => onUse(template)} data-testid="template-preview-use">
                {t("templates.use")}
              </Button>
            </DialogFooter>
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}

function Block({ title, text }: { title: string; text: string }) {
  const { t } = useTranslation("assistants");
  return (
    <section className="grid gap-1.5">
      <h4 className="text-sm font-semibold text-heading">{title}</h4>
      {text.trim() ? (
        <p className="max-h-60 overflow-y-auto rounded-md bg-muted/60 px-3 py-2 text-sm leading-relaxed whitespace-pre-wrap text-foreground dark:bg-white/5">{text}</p>
      ) : (
        <p className="text-sm text-muted-foreground italic">{t("templates.previewEmpty")}</p>
      )}
    </section>
  );
}
