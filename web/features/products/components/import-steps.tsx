import { useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { FileSpreadsheet } from "lucide-react";
import { formatOf, ImportFileError, MAX_IMPORT_BYTES, readTable, type Table } from "@worker/features/contact-import/import-format";
import { useQuery } from "@tanstack/react-query";
import { ImportHistoryList } from "@/components/import/import-history";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Select, SelectContent, SelectGroup, SelectItem, SelectLabel, SelectSeparator, SelectTrigger, SelectValue } from "@/components/ui/select";
import { Spinner } from "@/components/ui/spinner";
import { formatNumber } from "@/lib/i18n";
import { cn } from "@/lib/utils";
import { productQueries } from "../api";
import { PRODUCT_IMPORT_TARGETS, type ProductImportTarget } from "../import-mapping";

const SKIP = "__skip";
const PREVIEW_ROWS = 5;

const STATUS_VARIANT = { running: "info", completed: "success", failed: "destructive" } as const;

/** The account's latest product imports; one opens its progress or its report again. */
function ProductImportHistory({ accountId, onOpen }: { accountId: string; onOpen: (jobId: string) => void }) {
  const { t } = useTranslation("products");
  const list = useQuery(productQueries.history(accountId));
  const items = (list.data?.data ?? []).map((j) => ({
    id: j.jobId,
    fileName: j.fileName,
    createdAt: j.createdAt,
    summary: t("import.history.summary", { created: formatNumber(j.created), updated: formatNumber(j.updated), failed: formatNumber(j.failed) }),
    status: { label: t(`import.status.${j.status}`), variant: STATUS_VARIANT[j.status] },
  }));
  return (
    <ImportHistoryList
      items={items}
      pending={list.isPending}
      failed={list.isError}
      texts={{ title: t("import.history.title"), empty: t("import.history.empty"), loadError: t("import.history.loadError"), open: (name) => t("import.history.open", { name }) }}
      onOpen={onOpen}
    />
  );
}

/** Step 1: a CSV or XLSX by drag and drop or the picker, read in the browser for the preview; the past imports under it. */
export function ProductUploadStep({ accountId, onRead, onOpenImport }: { accountId: string; onRead: (file: File, table: Table) => void; onOpenImport: (jobId: string) => void }) {
  const { t } = useTranslation("products");
  const input = useRef<HTMLInputElement>(null);
  const [error, setError] = useState<string | null>(null);
  const [reading, setReading] = useState(false);
  const [over, setOver] = useState(false);
  const take = async (file: File | undefined) => {
    if (!file) return;
    setError(null);
    const format = formatOf(file.name);
    if (!format) return setError(t("import.errors.format"));
    if (file.size > MAX_IMPORT_BYTES) return setError(t("import.errors.size", { mb: MAX_IMPORT_BYTES / 1024 / 1024 }));
    setReading(true);
    try {
      onRead(file, await readTable(await file.arrayBuffer(), format));
    } catch (e) {
      setError(e instanceof ImportFileError && e.code === "noRows" ? t("import.errors.noRows") : t("import.errors.unreadable"));
    } finally {
      setReading(false);
      if (input.current) input.current.value = "";
    }
  };
  return (
    <div className="grid gap-4">
      <p className="text-sm text-muted-foreground">{t("import.description")}</p>
      <div
        className={cn("flex flex-col items-center justify-center gap-3 rounded-md border-2 border-dashed px-6 py-10 text-center transition-colors", over ? "border-primary bg-primary/8" : "border-border")}
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
      >
        <div className="flex size-12 items-center justify-center rounded-full bg-primary/12 text-primary">{reading ? <Spinner className="size-6" /> : <FileSpreadsheet className="size-6" aria-hidden />}</div>
        <p className="font-medium text-heading">{reading ? t("import.reading") : t("import.drop")}</p>
        <input ref={input} type="file" accept=".csv,.xlsx" className="sr-only" tabIndex={-1} aria-hidden onChange={(e) => void take(e.target.files?.[0])} data-testid="product-import-file" />
        <Button variant="outline" size="sm" disabled={reading} onClick={() => input.current?.click()}>
          {t("import.choose")}
        </Button>
        <p className="text-xs text-muted-foreground">{t("import.hint")}</p>
      </div>
      {error && (
        <Alert variant="destructive" role="alert">
          <AlertDescription>{error}</AlertDescription>
        </Alert>
      )}
      <ProductImportHistory accountId={accountId} onOpen={onOpenImport} />
    </div>
  );
}

function TargetSelect({ header, value, used, onChange }: { header: string; value: ProductImportTarget | null; used: Set<string>; onChange: (v: ProductImportTarget | null) => void }) {
  const { t } = useTranslation("products");
  const id = useId();
  const attr = `attr:${header}` as const;
  return (
    <Select value={value ?? SKIP} onValueChange={(v) => onChange(v === SKIP ? null : (v as ProductImportTarget))}>
      <span id={`${id}-label`} className="sr-only">
        {t("import.columnLabel", { name: header })}
      </span>
      <SelectTrigger id={id} size="sm" className="w-full min-w-40" aria-labelledby={`${id}-label ${id}`} data-testid={`map-${header}`}>
        <SelectValue />
      </SelectTrigger>
      <SelectContent>
        <SelectItem value={SKIP}>{t("import.skip")}</SelectItem>
        <SelectSeparator />
        <SelectGroup>
          <SelectLabel>{t("import.standard")}</SelectLabel>
          {PRODUCT_IMPORT_TARGETS.map((x) => (
            <SelectItem key={x} value={x} disabled={used.has(x) && value !== x}>
              {t(`import.targets.${x}`)}
            </SelectItem>
          ))}
        </SelectGroup>
        <SelectSeparator />
        <SelectItem value={attr}>{t("import.attribute", { name: header })}</SelectItem>
      </SelectContent>
    </Select>
  );
}

/** The header with a target per column above the first rows of the file. */
export function MappingPreview({ table, columns, onColumn }: { table: Table; columns: (ProductImportTarget | null)[]; onColumn: (i: number, v: ProductImportTarget | null) => void }) {
  const { t } = useTranslation("products");
  const used = new Set(columns.filter(Boolean) as string[]);
  return (
    <div className="overflow-x-auto rounded-md border border-border">
      <table className="w-full text-sm" data-testid="product-import-preview">
        <caption className="sr-only">{t("import.preview")}</caption>
        <thead>
          <tr className="border-b border-border bg-muted/50">
            <th scope="col" className="w-10 px-2 text-end text-xs font-normal text-muted-foreground">
              #
            </th>
            {table.header.map((h, i) => (
              <th key={i} scope="col" className="min-w-44 px-3 py-2 text-start align-top font-medium">
                <div className="mb-1.5 truncate text-heading" title={h}>
                  {h || "—"}
                </div>
                <TargetSelect header={h || String(i + 1)} value={columns[i] ?? null} used={used} onChange={(v) => onColumn(i, v)} />
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {table.rows.slice(0, PREVIEW_ROWS).map((r) => (
            <tr key={r.n} className="border-b border-border last:border-0">
              <td className="px-2 py-1.5 text-end text-xs text-muted-foreground">{r.n}</td>
              {table.header.map((_, i) => (
                <td key={i} className={cn("max-w-56 truncate px-3 py-1.5", !columns[i] && "text-muted-foreground line-through decoration-muted-foreground/40")}>
                  {r.cells[i]}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      {table.rows.length > PREVIEW_ROWS && <p className="px-3 py-2 text-xs text-muted-foreground">{t("import.moreRows", { count: table.rows.length - PREVIEW_ROWS, n: formatNumber(table.rows.length - PREVIEW_ROWS) })}</p>}
    </div>
  );
}
