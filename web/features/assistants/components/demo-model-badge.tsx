import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { FlaskConical } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { Tooltip, TooltipContent, TooltipTrigger } from "@/components/ui/tooltip";
import { useCurrentAccountId } from "@/lib/session-store";
import { assistantQueries } from "../api";

/** Shown while the backend answers with the built-in demo model (no OpenAI key, no provider of the account's own). */
export function DemoModelBadge({ className }: { className?: string }) {
  const { t } = useTranslation("assistants");
  const info = useQuery(assistantQueries.modelInfo(useCurrentAccountId()));
  if (!info.data?.demo) return null;
  return (
    <Tooltip>
      <TooltipTrigger asChild>
        <Badge variant="warning" className={className} tabIndex={0} data-testid="demo-model-badge">
          <FlaskConical aria-hidden />
          {t("demo.badge")}
        </Badge>
      </TooltipTrigger>
      <TooltipContent className="max-w-xs">{t("demo.hint")}</TooltipContent>
    </Tooltip>
  );
}
