import { useTranslation } from "react-i18next";
import { ExportMenu } from "@/components/export-menu";
import { broadcastApi } from "../api";

/** «Экспорт»: the broadcast's recipients with their states, reasons and times as CSV or XLSX. */
export function BroadcastExportMenu({ accountId, broadcastId, disabled }: { accountId: string; broadcastId: string; disabled?: boolean }) {
  const { t } = useTranslation("broadcasts");
  return (
    <ExportMenu
      testId="broadcast-export"
      disabled={disabled}
      fetchFile={(format) => broadcastApi.export(accountId, broadcastId, format)}
      labels={{ button: t("actions.export"), csv: t("actions.exportCsv"), xlsx: t("actions.exportXlsx"), done: (name) => t("toasts.exported", { name }) }}
    />
  );
}
