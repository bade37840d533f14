import { useTranslation } from "react-i18next";
import { EyeOff, Pencil, Sparkles, Trash2, Users } from "lucide-react";
import { ActionsMenu } from "@/components/actions-menu";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { DropdownMenuItem } from "@/components/ui/dropdown-menu";
import type { AssistantTemplate } from "../types";

export function TemplateCard({
  template,
  isAdmin,
  onPreview,
  onUse,
  onEdit,
  onDelete,
  onTag,
}: {
  template: AssistantTemplate;
  isAdmin: boolean;
  onPreview: () => void;
  onUse: () => void;
  onEdit: () => void;
  onDelete: () => void;
  onTag: (tag: string) => void;
}) {
  const { t } = useTranslation("assistants");
  return (
    <Card className="relative gap-3 py-5 transition-shadow hover:shadow-pop" data-testid="template-card">
      <div className="flex items-start gap-3 px-5">
        <span className="flex size-11 shrink-0 items-center justify-center rounded-md bg-primary/12 text-primary">
          <Sparkles className="size-5.5" aria-hidden />
        </span>
        <div className="min-w-0 flex-1">
          <button type="button" onClick={onPreview} className="line-clamp-2 cursor-pointer text-start text-[1.0625rem] leading-snug font-semibold text-heading outline-none hover:text-primary focus-visible:text-primary focus-visible:underline">
            {template.name}
          </button>
          <div className="mt-1 flex flex-wrap items-center gap-1.5 text-[0.8125rem] text-muted-foreground">
            <span className="inline-flex items-center gap-1">
              <Users className="size-3.5" aria-hidden />
              {t("templates.uses", { count: template.usageCount })}
            </span>
            <span aria-hidden>·</span>
            <span className="font-mono text-[0.75rem]">{template.model}</span>
            {!template.isPublished && (
              <Badge variant="secondary" className="ms-1">
                <EyeOff aria-hidden />
                {t("templates.hidden")}
              </Badge>
            )}
          </div>
        </div>
        {isAdmin && (
          <ActionsMenu label={t("templates.menu")} className="-me-2 text-muted-foreground">
            <DropdownMenuItem onSelect={onEdit}>
              <Pencil aria-hidden />
              {t("templates.edit")}
            </DropdownMenuItem>
            <DropdownMenuItem variant="destructive" onSelect={onDelete}>
              <Trash2 aria-hidden />
              {t("templates.delete")}
            </DropdownMenuItem>
          </ActionsMenu>
        )}
      </div>
      <p className="mx-5 line-clamp-3 h-[3lh] text-sm text-muted-foreground">{template.description || t("templates.noDescription")}</p>
      {template.tags.length > 0 && (
        <div className="flex flex-wrap gap-1.5 px-5">
          {template.tags.map((tag) => (
            <button key={tag} type="button" onClick={() => onTag(tag)} className="cursor-pointer rounded-full bg-secondary/12 px-2.5 py-0.5 text-[0.75rem] font-medium text-muted-foreground transition-colors hover:bg-primary/12 hover:text-primary">
              #{tag}
            </button>
          ))}
        </div>
      )}
      <div className="mt-auto flex gap-2 border-t px-5 pt-4">
        <Button variant="secondary" size="sm" className="flex-1" onClick={onPreview}>
          {t("templates.preview")}
        </Button>
        <Button size="sm" className="flex-1" onClick={onUse} data-testid="template-use">
          {t("templates.use")}
        </Button>
      </div>
    </Card>
  );
}
