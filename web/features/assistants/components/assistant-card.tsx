import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { MessageSquareText, Settings2, Trash2, Wrench } from "lucide-react";
import { ActionsMenu } from "@/components/actions-menu";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { DropdownMenuItem } from "@/components/ui/dropdown-menu";
import { Tooltip, TooltipContent, TooltipTrigger } from "@/components/ui/tooltip";
import { useAbility } from "@/lib/ability";
import { formatDate } from "@/lib/i18n";
import { cn } from "@/lib/utils";
import { openTestChat } from "@/features/test-chat/store";
import type { Assistant } from "../types";
import { AssistantBadges, AssistantMark } from "./assistant-mark";

export function AssistantCard({ assistant, onDelete }: { assistant: Assistant; onDelete: (a: Assistant) => void }) {
  const { t } = useTranslation("assistants");
  const ability = useAbility();
  const to = `/${assistant.accountId}/assistants/${assistant.assistantId}`;
  const excerpt = assistant.instructions.trim();

  return (
    <Card className="group relative gap-4 py-5 transition-shadow hover:shadow-pop" data-testid="assistant-card">
      <div className="flex items-start gap-3 px-5">
        <AssistantMark active={assistant.isActive} className="size-11" iconClassName="size-6" />
        <div className="min-w-0 flex-1">
          <Link to={to} className="line-clamp-1 text-[1.0625rem] font-semibold text-heading outline-none after:absolute after:inset-0 after:rounded-md focus-visible:after:ring-3 focus-visible:after:ring-primary/30 hover:text-primary">
            {assistant.name}
          </Link>
          <AssistantBadges assistant={assistant} />
        </div>
        {ability.can("delete", "Assistant") && (
          <ActionsMenu label={t("list.menu")} className="relative z-10 -me-2 text-muted-foreground">
            <DropdownMenuItem asChild>
              <Link to={to}>
                <Settings2 aria-hidden />
                {t("list.open")}
              </Link>
            </DropdownMenuItem>
            <DropdownMenuItem onSelect={() => openTestChat(assistant.assistantId)}>
              <MessageSquareText aria-hidden />
              {t("list.test")}
            </DropdownMenuItem>
            <DropdownMenuItem variant="destructive" onSelect={() => onDelete(assistant)} data-testid="assistant-delete">
              <Trash2 aria-hidden />
              {t("list.delete")}
            </DropdownMenuItem>
          </ActionsMenu>
        )}
      </div>
      <p className={cn("mx-5 line-clamp-3 h-[3lh] text-sm", excerpt ? "text-muted-foreground" : "text-muted-foreground/70 italic")}>
        {excerpt || t("list.noInstructions")}
      </p>
      <div className="flex items-center gap-3 border-t px-5 pt-4 text-[0.8125rem] text-muted-foreground">
        <span className="inline-flex items-center gap-1.5">
          <Wrench className="size-3.5" aria-hidden />
          {t("list.tools", { count: assistant.tools.length })}
        </span>
        <span className="me-auto truncate">{t("list.updatedAt", { date: formatDate(assistant.updatedAt) })}</span>
        <Tooltip>
          <TooltipTrigger asChild>
            <Button
              variant="ghost"
              size="icon"
              className="relative z-10 size-8 text-primary hover:bg-primary/10"
              aria-label={t("list.test")}
              onClick={() => openTestChat(assistant.assistantId)}
              data-testid="assistant-test"
            >
              <MessageSquareText className="size-4.5" />
            </Button>
          </TooltipTrigger>
          <TooltipContent>{t("list.test")}</TooltipContent>
        </Tooltip>
      </div>
    </Card>
  );
}
