import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Download, FileSpreadsheet, FileText } from "lucide-react";
import { Button } from "@/components/ui/button";
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuLabel, DropdownMenuSeparator, DropdownMenuTrigger } from "@/components/ui/dropdown-menu";
import { saveBlob } from "@/lib/api";
import { notify } from "@/lib/notify";
import { productApi, type ProductsFilter } from "../api";

/** «Экспорт»: every product the table's filters match (search included) as a CSV or an XLSX file. */
export function ProductsExportMenu({ accountId, filter, total }: { accountId: string; filter: ProductsFilter; total?: number }) {
  const { t } = useTranslation("products");
  const [exporting, setExporting] = useState<"csv" | "xlsx" | null>(null);
  const doExport = async (format: "csv" | "xlsx") => {
    setExporting(format);
    try {
      const blob = await productApi.export(accountId, format, filter);
      saveBlob(blob);
      notify({ type: "success", message: t("export.done", { name: blob.fileName }) });
    } catch {
      /* the snackbar already told the user */
    } finally {
      setExporting(null);
    }
  };
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="outline" loading={!!exporting} data-testid="products-export">
          <Download aria-hidden />
          {t("export.button")}
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="max-w-72">
        {total !== undefined && (
          <>
            <DropdownMenuLabel className="font-normal text-muted-foreground" data-testid="export-scope">
              {t("export.scope", { count: total })}
            </DropdownMenuLabel>
            <DropdownMenuSeparator />
          </>
        )}
        <DropdownMenuItem onSelect={() => void doExport("csv")} data-testid="export-csv">
          <FileText aria-hidden />
          {t("export.csv")}
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={() => void doExport("xlsx")} data-testid="export-xlsx">
          <FileSpreadsheet aria-hidden />
          {t("export.xlsx")}
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
