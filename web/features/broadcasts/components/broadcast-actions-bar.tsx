import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Ban, Pause, Pencil, Play, Trash2 } from "lucide-react";
import { Button } from "@/components/ui/button";
import { useAbility } from "@/lib/ability";
import type { Broadcast } from "../api";
import { useBroadcastActions } from "../use-broadcast-actions";
import { BroadcastExportMenu } from "./broadcast-export-menu";
import { broadcastActions } from "./broadcast-row-actions";

/** The broadcast page's buttons: what the user's role allows in its status, and the export for everyone. */
export function BroadcastActionsBar({ accountId, broadcast: b, onDeleted }: { accountId: string; broadcast: Broadcast; onDeleted: () => void }) {
  const { t } = useTranslation("broadcasts");
  const ability = useAbility();
  const can = broadcastActions(b, { update: ability.can("update", "Broadcast"), remove: ability.can("delete", "Broadcast") });
  const { act, remove, busy } = useBroadcastActions(accountId, onDeleted);
  const running = (a: string) => busy === `${b.broadcastId}:${a}`;
  return (
    <>
      {can.edit && (
        <Button asChild data-testid="broadcast-edit">
          <Link to={`/${accountId}/broadcasts/${b.broadcastId}/edit`}>
            <Pencil aria-hidden />
            {t("actions.editAndStart")}
          </Link>
        </Button>
      )}
      {can.pause && (
        <Button variant="outline" onClick={() => void act(b, "pause")} loading={running("pause")} disabled={!!busy} data-testid="broadcast-pause">
          <Pause aria-hidden />
          {t("actions.pause")}
        </Button>
      )}
      {can.resume && (
        <Button onClick={() => void act(b, "resume")} loading={running("resume")} disabled={!!busy} data-testid="broadcast-resume">
          <Play aria-hidden />
          {t("actions.resume")}
        </Button>
      )}
      {can.cancel && (
        <Button variant="outline" className="text-destructive" onClick={() => void act(b, "cancel")} loading={running("cancel")} disabled={!!busy} data-testid="broadcast-cancel">
          <Ban aria-hidden />
          {t("actions.cancel")}
        </Button>
      )}
      {b.status !== "draft" && <BroadcastExportMenu accountId={accountId} broadcastId={b.broadcastId} disabled={!b.counts.total} />}
      {can.remove && (
        <Button variant="ghost" className="text-destructive" onClick={() => void remove(b)} loading={running("delete")} disabled={!!busy} data-testid="broadcast-delete">
          <Trash2 aria-hidden />
          {t("actions.delete")}
        </Button>
      )}
    </>
  );
}
