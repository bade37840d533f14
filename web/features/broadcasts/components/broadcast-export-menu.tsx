import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Download, FileSpreadsheet, FileText } from "lucide-react";
import { Button } from "@/components/ui/button";
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from "@/components/ui/dropdown-menu";
import { saveBlob } from "@/lib/api";
import { notify } from "@/lib/notify";
import { broadcastApi } from "../api";

/** «Экспорт»: the broadcast's recipients with their states, reasons and times as CSV or XLSX. */
export function BroadcastExportMenu({ accountId, broadcastId, disabled }: { accountId: string; broadcastId: string; disabled?: boolean }) {
  const { t } = useTranslation("broadcasts");
  const [exporting, setExporting] = useState<"csv" | "xlsx" | null>(null);
  const doExport = async (format: "csv" | "xlsx") => {
    setExporting(format);
    try {
      const blob = await broadcastApi.export(accountId, broadcastId, format);
      saveBlob(blob);
      notify({ type: "success", message: t("toasts.exported", { name: blob.fileName }) });
    } catch {
      /* the snackbar already told the user */
    } finally {
      setExporting(null);
    }
  };
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="outline" loading={!!exporting} disabled={disabled} data-testid="broadcast-export">
          <Download aria-hidden />
          {t("actions.export")}
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        <DropdownMenuItem onSelect={() => void doExport("csv")} data-testid="export-csv">
          <FileText aria-hidden />
          {t("actions.exportCsv")}
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={() => void doExport("xlsx")} data-testid="export-xlsx">
          <FileSpreadsheet aria-hidden />
          {t("actions.exportXlsx")}
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
