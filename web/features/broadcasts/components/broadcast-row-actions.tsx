import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { Ban, Eye, Pause, Pencil, Play, Trash2 } from "lucide-react";
import { ActionsMenu } from "@/components/actions-menu";
import { DropdownMenuItem, DropdownMenuSeparator } from "@/components/ui/dropdown-menu";
import { useAbility } from "@/lib/ability";
import type { Broadcast, BroadcastAction } from "../api";

/** What may be done with a broadcast in its status, by whom (operators only open it). */
export function broadcastActions(b: Pick<Broadcast, "status">, can: { update: boolean; remove: boolean }) {
  return {
    edit: can.update && b.status === "draft",
    pause: can.update && b.status === "sending",
    resume: can.update && b.status === "paused",
    cancel: can.update && (b.status === "scheduled" || b.status === "sending" || b.status === "paused"),
    remove: can.remove && (b.status === "draft" || b.status === "completed" || b.status === "cancelled" || b.status === "failed"),
  };
}

/** The "⋮" menu of a row: open, and what the user's role allows in the broadcast's status. */
export function BroadcastRowActions({
  accountId,
  broadcast: b,
  busy,
  onAction,
  onDelete,
}: {
  accountId: string;
  broadcast: Broadcast;
  busy?: boolean;
  onAction: (b: Broadcast, action: BroadcastAction) => void;
  onDelete: (b: Broadcast) => void;
}) {
  const { t } = useTranslation("broadcasts");
  const navigate = useNavigate();
  const ability = useAbility();
  const can = broadcastActions(b, { update: ability.can("update", "Broadcast"), remove: ability.can("delete", "Broadcast") });
  const changes = can.edit || can.pause || can.resume || can.cancel || can.remove;
  return (
    <div onClick={(e) => e.stopPropagation()} className="flex justify-end">
      <ActionsMenu label={t("list.actionsFor", { name: b.name })} loading={busy} testId="broadcast-actions">
        <DropdownMenuItem onSelect={() => navigate(`/${accountId}/broadcasts/${b.broadcastId}`)}>
          <Eye aria-hidden />
          {t("actions.open")}
        </DropdownMenuItem>
        {can.edit && (
          <DropdownMenuItem onSelect={() => navigate(`/${accountId}/broadcasts/${b.broadcastId}/edit`)}>
            <Pencil aria-hidden />
            {t("actions.edit")}
          </DropdownMenuItem>
        )}
        {changes && <DropdownMenuSeparator />}
        {can.pause && (
          <DropdownMenuItem onSelect={() => onAction(b, "pause")}>
            <Pause aria-hidden />
            {t("actions.pause")}
          </DropdownMenuItem>
        )}
        {can.resume && (
          <DropdownMenuItem onSelect={() => onAction(b, "resume")}>
            <Play aria-hidden />
            {t("actions.resume")}
          </DropdownMenuItem>
        )}
        {can.cancel && (
          <DropdownMenuItem variant="destructive" onSelect={() => onAction(b, "cancel")}>
            <Ban aria-hidden />
            {t("actions.cancel")}
          </DropdownMenuItem>
        )}
        {can.remove && (
          <DropdownMenuItem variant="destructive" onSelect={() => onDelete(b)}>
            <Trash2 aria-hidden />
            {t("actions.delete")}
          </DropdownMenuItem>
        )}
      </ActionsMenu>
    </div>
  );
}
