import { useId, useRef, useState } from "react";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { FileSpreadsheet } from "lucide-react";
import {
  formatOf,
  ImportFileError,
  MAX_IMPORT_BYTES,
  MAX_IMPORT_COLUMNS,
  MAX_IMPORT_ROWS,
  readTable,
  type Table,
} from "@worker/features/contact-import/import-format";
import { ImportHistoryList } from "@/components/import/import-history";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { formatNumber } from "@/lib/i18n";
import { cn } from "@/lib/utils";
import { importQueries, type ImportSummary } from "../api";

const MB = MAX_IMPORT_BYTES / 1024 / 1024;

export const STATUS_VARIANT = { running: "info", completed: "success" } as const;

/** The account's latest imports; one opens the run view again. */
function ImportHistory({ accountId, onOpen }: { accountId: string; onOpen: (importId: string) => void }) {
  const { t } = useTranslation("contactImport");
  const list = useQuery(importQueries.list(accountId));
  const items = (list.data?.data.slice(0, 5) ?? []).map((j: ImportSummary) => ({
    id: j.importId,
    fileName: j.fileName,
    createdAt: j.createdAt,
    summary: t("history.summary", { created: formatNumber(j.created), updated: formatNumber(j.updated), failed: formatNumber(j.failed) }),
    status: { label: t(`status.${j.status}`), variant: STATUS_VARIANT[j.status] },
  }));
  return (
    <ImportHistoryList
      items={items}
      pending={list.isPending}
      failed={list.isError}
      texts={{ title: t("history.title"), empty: t("history.empty"), loadError: t("history.loadError"), open: (name) => t("history.open", { name }) }}
      onOpen={onOpen}
    />
  );
}

/** Step 1: a CSV or XLSX by drag and drop or the file picker, read in the browser for the preview. */
export function UploadStep({ accountId, onRead, onOpenImport }: { accountId: string; onRead: (file: File, table: Table) => void; onOpenImport: (importId: string) => void }) {
  const { t } = useTranslation("contactImport");
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [error, setError] = useState<string | null>(null);
  const [reading, setReading] = useState(false);
  const [over, setOver] = useState(false);

  const take = async (file: File | undefined) => {
    if (!file) return;
    setError(null);
    const format = formatOf(file.name);
    if (!format) return setError(t("upload.errors.format"));
    if (file.size > MAX_IMPORT_BYTES) return setError(t("upload.errors.size", { mb: MB }));
    setReading(true);
    try {
      onRead(file, await readTable(await file.arrayBuffer(), format));
    } catch (e) {
      const code = e instanceof ImportFileError ? e.code : "unreadable";
      setError(t(`upload.errors.${code}`, { max: formatNumber(code === "tooManyRows" ? MAX_IMPORT_ROWS : MAX_IMPORT_COLUMNS) }));
    } finally {
      setReading(false);
      if (input.current) input.current.value = "";
    }
  };

  return (
    <div className="grid gap-5">
      <p className="text-sm text-muted-foreground">{t("upload.description", { mb: MB, rows: formatNumber(MAX_IMPORT_ROWS) })}</p>
      <div
        className={cn(
          "flex flex-col items-center justify-center gap-3 rounded-md border-2 border-dashed px-6 py-10 text-center transition-colors",
          over ? "border-primary bg-primary/8" : "border-border",
        )}
        onDragOver={(e) => {
          e.preventDefault();
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={(e) => {
          e.preventDefault();
          setOver(false);
          void take(e.dataTransfer.files[0]);
        }}
        data-testid="import-dropzone"
      >
        <div className="flex size-12 items-center justify-center rounded-full bg-primary/12 text-primary">
          {reading ? <Spinner className="size-6" /> : <FileSpreadsheet className="size-6" aria-hidden />}
        </div>
        <p className="font-medium text-heading">{reading ? t("upload.reading") : t("upload.drop")}</p>
        <input
          ref={input}
          id={inputId}
          type="file"
          accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
          className="sr-only"
          onChange={(e) => void take(e.target.files?.[0])}
          data-testid="import-file"
        />
        <Button variant="outline" size="sm" disabled={reading} onClick={() => input.current?.click()}>
          {t("upload.choose")}
        </Button>
        <p className="text-xs text-muted-foreground">{t("upload.hint")}</p>
      </div>
      {error && (
        <Alert variant="destructive" role="alert">
          <AlertDescription>{error}</AlertDescription>
        </Alert>
      )}
      <ImportHistory accountId={accountId} onOpen={onOpenImport} />
    </div>
  );
}
