import { useTranslation } from "react-i18next";
import { Bot } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { cn } from "@/lib/utils";
import type { Assistant } from "../types";

/** The assistant's tile: a robot, in the primary colour while the assistant answers, grey while it is off. */
export function AssistantMark({ active, className, iconClassName }: { active: boolean; className?: string; iconClassName?: string }) {
  return (
    <span className={cn("flex shrink-0 items-center justify-center rounded-md", active ? "bg-primary/12 text-primary" : "bg-secondary/15 text-secondary", className)}>
      <Bot className={iconClassName} aria-hidden />
    </span>
  );
}

/** Under the assistant's name: whether it answers and its model, then what the screen adds. */
export function AssistantBadges({ assistant, children }: { assistant: Pick<Assistant, "isActive" | "model">; children?: React.ReactNode }) {
  const { t } = useTranslation("assistants");
  return (
    <div className="mt-1 flex flex-wrap items-center gap-1.5">
      <Badge variant={assistant.isActive ? "success" : "secondary"}>{assistant.isActive ? t("list.active") : t("list.inactive")}</Badge>
      <Badge variant="outline" className="font-mono text-[0.75rem]">
        {assistant.model}
      </Badge>
      {children}
    </div>
  );
}
