import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Download, FileSpreadsheet, FileText } from "lucide-react";
import { Button } from "@/components/ui/button";
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuLabel, DropdownMenuSeparator, DropdownMenuTrigger } from "@/components/ui/dropdown-menu";
import { audienceApi, type AudienceFilter } from "@/features/audience/api";
import { saveBlob } from "@/lib/api";
import { notify } from "@/lib/notify";

/**
 * «Экспорт»: every contact the table's filter matches (search included) as a CSV or an XLSX file.
 * The server exports a filter, not a list of ids, so a selection is not what is exported: the menu
 * says so when rows are selected.
 */
export function ContactsExportMenu({ accountId, filter, total, selected }: { accountId: string; filter: AudienceFilter; total?: number; selected?: number }) {
  const { t } = useTranslation("contacts");
  const [exporting, setExporting] = useState<"csv" | "xlsx" | null>(null);
  const doExport = async (format: "csv" | "xlsx") => {
    setExporting(format);
    try {
      const blob = await audienceApi.export(accountId, format, filter);
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
      <DropdownMenuContent align="end" className="max-w-72">
        {total !== undefined && (
          <DropdownMenuLabel className="font-normal text-muted-foreground" data-testid="export-scope">
            {t("bulk.exportScope", { count: total })}
            {selected ? ` ${t("bulk.exportNotSelection")}` : ""}
          </DropdownMenuLabel>
        )}
        {total !== undefined && <DropdownMenuSeparator />}
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
