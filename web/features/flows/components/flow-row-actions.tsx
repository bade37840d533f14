import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { Copy, Download, Eye, Pencil, Send, Trash2, Undo2 } from "lucide-react";
import { ActionsMenu } from "@/components/actions-menu";
import { DropdownMenuItem, DropdownMenuSeparator } from "@/components/ui/dropdown-menu";
import type { FlowListItem } from "../api";
import type { FlowAction } from "../use-flow-actions";

/** The "⋮" menu of a flow row: open (edit), then what an editor may do; operators only open and export. */
export function FlowRowActions({
  accountId,
  flow: f,
  canWrite,
  busy,
  onAction,
  onDelete,
}: {
  accountId: string;
  flow: FlowListItem;
  canWrite: boolean;
  busy?: boolean;
  onAction: (f: FlowListItem, action: FlowAction) => void;
  onDelete: (f: FlowListItem) => void;
}) {
  const { t } = useTranslation("flows");
  const navigate = useNavigate();
  const publishable = f.status !== "published" || f.hasUnpublishedChanges;
  return (
    <div onClick={(e) => e.stopPropagation()} className="flex justify-end">
      <ActionsMenu label={t("list.actionsFor", { name: f.name })} loading={busy} testId="flow-actions">
        <DropdownMenuItem onSelect={() => navigate(`/${accountId}/flows/${f.flowId}/edit`)}>
          {canWrite ? <Pencil aria-hidden /> : <Eye aria-hidden />}
          {canWrite ? t("actions.edit") : t("actions.open")}
        </DropdownMenuItem>
        {canWrite && publishable && (
          <DropdownMenuItem onSelect={() => onAction(f, "publish")} data-testid="flow-publish">
            <Send aria-hidden />
            {t("actions.publish")}
          </DropdownMenuItem>
        )}
        {canWrite && f.status === "published" && (
          <DropdownMenuItem onSelect={() => onAction(f, "unpublish")} data-testid="flow-unpublish">
            <Undo2 aria-hidden />
            {t("actions.unpublish")}
          </DropdownMenuItem>
        )}
        {canWrite && (
          <DropdownMenuItem onSelect={() => onAction(f, "duplicate")} data-testid="flow-duplicate">
            <Copy aria-hidden />
            {t("actions.duplicate")}
          </DropdownMenuItem>
        )}
        <DropdownMenuItem onSelect={() => onAction(f, "export")} data-testid="flow-export">
          <Download aria-hidden />
          {t("actions.export")}
        </DropdownMenuItem>
        {canWrite && (
          <>
            <DropdownMenuSeparator />
            <DropdownMenuItem variant="destructive" onSelect={() => onDelete(f)} data-testid="flow-delete">
              <Trash2 aria-hidden />
              {t("actions.delete")}
            </DropdownMenuItem>
          </>
        )}
      </ActionsMenu>
    </div>
  );
}
