import { type ReactNode, useState } from "react";
import { Download, FileSpreadsheet, FileText } from "lucide-react";
import { Button } from "@/components/ui/button";
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuLabel, DropdownMenuSeparator, DropdownMenuTrigger } from "@/components/ui/dropdown-menu";
import { saveBlob } from "@/lib/api";
import { notify } from "@/lib/notify";

export type ExportFormat = "csv" | "xlsx";

/**
 * «Экспорт» as a CSV or an XLSX file: the button (busy while the file comes), an optional scope line
 * above the two formats, the download and a success toast naming the file. The caller fetches the
 * file and gives the texts; a failure was already told by the API layer's snackbar.
 */
export function ExportMenu({ fetchFile, labels, scope, disabled, testId, contentClassName }: {
  fetchFile: (format: ExportFormat) => Promise<Blob & { fileName?: string }>;
  labels: { button: string; csv: string; xlsx: string; done: (fileName: string) => string };
  scope?: ReactNode;
  disabled?: boolean;
  testId: string;
  contentClassName?: string;
}) {
  const [exporting, setExporting] = useState<ExportFormat | null>(null);
  const doExport = async (format: ExportFormat) => {
    setExporting(format);
    try {
      const blob = await fetchFile(format);
      saveBlob(blob);
      notify({ type: "success", message: labels.done(blob.fileName ?? "") });
    } catch {
      /* the snackbar already told the user */
    } finally {
      setExporting(null);
    }
  };
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="outline" loading={!!exporting} disabled={disabled} data-testid={testId}>
          <Download aria-hidden />
          {labels.button}
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className={contentClassName}>
        {scope !== undefined && (
          <>
            <DropdownMenuLabel className="font-normal text-muted-foreground" data-testid="export-scope">
              {scope}
            </DropdownMenuLabel>
            <DropdownMenuSeparator />
          </>
        )}
        <DropdownMenuItem onSelect={() => void doExport("csv")} data-testid="export-csv">
          <FileText aria-hidden />
          {labels.csv}
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={() => void doExport("xlsx")} data-testid="export-xlsx">
          <FileSpreadsheet aria-hidden />
          {labels.xlsx}
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
