import { ChevronDown } from "lucide-react";
import { Accordion } from "radix-ui";
import { useTranslation } from "react-i18next";
import { Card } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import type { FaqResponse } from "../api";
import { HelpMarkdown } from "./help-markdown";

/** The FAQ grouped by category, each group an accordion (several answers may stay open). */
export function FaqList({ data, openAll }: { data: FaqResponse; openAll: boolean }) {
  const { t } = useTranslation("help");
  return (
    <div className="space-y-6" data-testid="faq-list">
      {data.groups.map((group) => (
        <section key={group.category} aria-labelledby={`faq-${group.category}`} className="space-y-3">
          <h2 id={`faq-${group.category}`} className="text-base font-semibold text-heading">
            {t(`categories.${group.category}`)}
          </h2>
          <Card className="gap-0 overflow-hidden py-0">
            {/* A search opens every match: the reader sees where the words are at once. */}
            <Accordion.Root key={openAll ? "open" : "closed"} type="multiple" defaultValue={openAll ? group.entries.map((e) => e.id) : []}>
              {group.entries.map((entry) => (
                <Accordion.Item key={entry.id} value={entry.id} className="border-b border-border last:border-b-0" data-testid="faq-entry">
                  <Accordion.Header className="m-0">
                    <Accordion.Trigger className="group flex w-full items-center justify-between gap-4 px-5 py-4 text-start text-[0.9375rem] font-medium text-heading hover:bg-accent/50 focus-visible:bg-accent/50 focus-visible:outline-none">
                      <span dir="auto" className="align-page-start">
                        {entry.question}
                      </span>
                      <ChevronDown className="size-4 shrink-0 text-muted-foreground transition-transform group-data-[state=open]:rotate-180" aria-hidden />
                    </Accordion.Trigger>
                  </Accordion.Header>
                  <Accordion.Content className="px-5 pb-5">
                    {/* Its own direction: Arabic readers get the English answer (QA). */}
                    <div lang={entry.locale} dir="auto" data-testid="faq-answer">
                      <HelpMarkdown>{entry.answer}</HelpMarkdown>
                    </div>
                  </Accordion.Content>
                </Accordion.Item>
              ))}
            </Accordion.Root>
          </Card>
        </section>
      ))}
    </div>
  );
}

export function FaqSkeleton() {
  return (
    <div className="space-y-6" aria-busy="true">
      {[0, 1].map((g) => (
        <div key={g} className="space-y-3">
          <Skeleton className="h-5 w-40" />
          <Card className="gap-0 py-0">
            {[0, 1, 2].map((i) => (
              <div key={i} className="border-b border-border px-5 py-4 last:border-b-0">
                <Skeleton className="h-4 w-3/4" />
              </div>
            ))}
          </Card>
        </div>
      ))}
    </div>
  );
}
