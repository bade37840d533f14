import { useTranslation } from "react-i18next";
import { FileText, Globe, MessageCircleQuestion, NotebookText, type LucideIcon } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import type { SourceKind, SourceStatus } from "../api";

export const KIND_ICON: Record<SourceKind, LucideIcon> = { faq: MessageCircleQuestion, document: FileText, url: Globe, text: NotebookText };

const STATUS_TONE: Record<SourceStatus, "warning" | "info" | "success" | "destructive"> = { pending: "warning", indexing: "info", indexed: "success", failed: "destructive" };

/** A source's indexing state; a failed one says why under it. */
export function SourceStatusBadge({ status, error }: { status: SourceStatus; error?: string | null }) {
  const { t } = useTranslation("knowledge");
  return (
    <div className="min-w-[120px]">
      <Badge variant={STATUS_TONE[status]} data-testid="source-status" data-status={status}>
        {(status === "pending" || status === "indexing") && <span className="size-1.5 animate-pulse rounded-full bg-current" aria-hidden />}
        {t(`status.${status}`)}
      </Badge>
      {status === "failed" && error && <p className="mt-1 max-w-[220px] text-[0.8125rem] whitespace-normal text-destructive">{error}</p>}
    </div>
  );
}

export function SourceKindLabel({ kind }: { kind: SourceKind }) {
  const { t } = useTranslation("knowledge");
  const Icon = KIND_ICON[kind];
  return (
    <span className="inline-flex items-center gap-1.5 whitespace-nowrap text-muted-foreground">
      <Icon className="size-3.5" aria-hidden />
      {t(`kind.${kind}`)}
    </span>
  );
}
