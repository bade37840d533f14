import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Download, FileSpreadsheet, FileText } from "lucide-react";
import { Button } from "@/components/ui/button";
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from "@/components/ui/dropdown-menu";
import { saveBlob } from "@/lib/api";
import { notify } from "@/lib/notify";
import { contactApi } from "../api";

/** «Экспорт»: the contacts matching the table's search and platform as a CSV or an XLSX file. */
export function ContactsExportMenu({ accountId, filters }: { accountId: string; filters: { q?: string; platform?: string } }) {
  const { t } = useTranslation("contacts");
  const [exporting, setExporting] = useState<"csv" | "xlsx" | null>(null);
  const doExport = async (format: "csv" | "xlsx") => {
    setExporting(format);
    try {
      const blob = await contactApi.export(accountId, format, filters);
      saveBlob(blob);
      notify({ type: "success", message: t("list.exported", { name: blob.fileName }) });
    } catch {
      /* the snackbar already told the user */
    } finally {
      setExporting(null);
    }
  };
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="outline" loading={!!exporting} data-testid="contacts-export">
          <Download aria-hidden />
          {t("list.export")}
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        <DropdownMenuItem onSelect={() => void doExport("csv")} data-testid="export-csv">
          <FileText aria-hidden />
          {t("list.exportCsv")}
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={() => void doExport("xlsx")} data-testid="export-xlsx">
          <FileSpreadsheet aria-hidden />
          {t("list.exportXlsx")}
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
