import { useState } from "react";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import type { Table } from "@worker/features/contact-import/import-format";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { ImportStepper } from "@/components/import/import-stepper";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Spinner } from "@/components/ui/spinner";
import { isApiError } from "@/lib/api";
import { formatNumber } from "@/lib/i18n";
import { cn } from "@/lib/utils";
import { productApi, productKeys, productQueries, type ProductImportJob } from "../api";
import { mappingProblem, suggestProductMapping, type ProductImportTarget } from "../import-mapping";
import { MappingPreview, ProductUploadStep } from "./import-steps";

type Step = { kind: "upload" } | { kind: "mapping"; file: File; table: Table } | { kind: "run"; jobId: string };
const STEPS = ["file", "mapping", "run"] as const;

function MappingStep({ accountId, file, table, onBack, onStarted }: { accountId: string; file: File; table: Table; onBack: () => void; onStarted: (jobId: string) => void }) {
  const { t } = useTranslation("products");
  const [columns, setColumns] = useState<(ProductImportTarget | null)[]>(() => suggestProductMapping(table.header));
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const problem = mappingProblem(columns);
  const start = async () => {
    setBusy(true);
    setError(null);
    try {
      onStarted((await productApi.startImport(accountId, file, columns)).jobId);
    } catch (e) {
      setError(isApiError(e) ? e.message : t("import.startFailed"));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="grid min-w-0 gap-5">
      <p className="text-sm text-muted-foreground">{t("import.mappingDescription", { name: file.name, count: table.rows.length, n: formatNumber(table.rows.length) })}</p>
      <MappingPreview table={table} columns={columns} onColumn={(i, v) => setColumns(table.header.map((_, j) => (j === i ? v : (columns[j] ?? null))))} />
      <p className="text-sm text-muted-foreground">{t("import.rules")}</p>
      {(error || problem) && (
        <Alert variant={error ? "destructive" : "warning"} role={error ? "alert" : "status"}>
          <AlertDescription data-testid="product-mapping-problem">{error ?? t(`import.${problem}`)}</AlertDescription>
        </Alert>
      )}
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={onBack} disabled={busy}>
          {t("import.back")}
        </Button>
        <Button onClick={() => void start()} disabled={!!problem} loading={busy} data-testid="product-import-start">
          {t("import.start")}
        </Button>
      </div>
    </div>
  );
}

function Counts({ job }: { job: ProductImportJob }) {
  const { t } = useTranslation("products");
  const items = [
    ["created", job.created, "text-success"],
    ["updated", job.updated, "text-info"],
    ["failed", job.failed, "text-destructive"],
  ] as const;
  return (
    <dl className="grid grid-cols-3 gap-3" data-testid="product-import-counts">
      {items.map(([key, n, tone]) => (
        <div key={key} className="rounded-md border border-border px-3 py-2">
          <dt className="text-xs text-muted-foreground">{t(`import.counts.${key}`)}</dt>
          <dd className={`text-xl font-semibold ${tone}`}>{formatNumber(n)}</dd>
        </div>
      ))}
    </dl>
  );
}

function RunStep({ accountId, jobId, onAgain, onClose }: { accountId: string; jobId: string; onAgain: () => void; onClose: () => void }) {
  const { t } = useTranslation("products");
  const q = useQuery(productQueries.importJob(accountId, jobId));
  const job = q.data;
  if (q.isError && !job) return <p className="text-sm text-destructive">{t("import.loadError")}</p>;
  if (!job) return <Spinner className="mx-auto size-6" />;
  const running = job.status === "running";
  return (
    <div className="grid gap-5" data-testid="product-import-run" data-status={job.status}>
      <div className="grid gap-2">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <p className="font-medium text-heading" aria-live="polite">
            {running ? t("import.running", { processed: formatNumber(job.processedRows), total: formatNumber(job.totalRows) }) : t("import.completed", { count: job.totalRows, total: formatNumber(job.totalRows) })}
          </p>
          <Badge variant={running ? "info" : job.status === "failed" ? "destructive" : "success"}>{t(`import.status.${job.status}`)}</Badge>
        </div>
        <div className="h-2.5 overflow-hidden rounded-full bg-muted" role="progressbar" aria-label={t("import.progress")} aria-valuemin={0} aria-valuemax={100} aria-valuenow={job.progress}>
          <div className="h-full rounded-full bg-primary transition-[width] duration-500" style={{ width: `${job.progress}%` }} />
        </div>
      </div>
      <Counts job={job} />
      {!running && job.issues.length > 0 && (
        <section className="grid gap-2" aria-labelledby="product-import-issues">
          <h3 id="product-import-issues" className="text-sm font-semibold text-heading">
            {t("import.issuesTitle")}
          </h3>
          <ul className="max-h-60 overflow-y-auto rounded-md border border-border text-sm" data-testid="product-import-issues">
            {job.issues.map((i, k) => (
              <li key={k} className="border-b border-border px-3 py-1.5 last:border-0">
                {t("import.issue", { row: i.row, column: i.column, value: i.value, reason: i.reason })}
              </li>
            ))}
          </ul>
        </section>
      )}
      {running && <p className="text-sm text-muted-foreground">{t("import.background")}</p>}
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        {!running && (
          <Button variant="outline" onClick={onAgain}>
            {t("import.again")}
          </Button>
        )}
        <Button onClick={onClose}>{t("import.close")}</Button>
      </div>
    </div>
  );
}

/** The import stepper: file → columns (with a preview) → run (progress, then the refused rows). Closing does not stop the job. */
export default function ProductImportDialog({ accountId, open, onOpenChange }: { accountId: string; open: boolean; onOpenChange: (open: boolean) => void }) {
  const { t } = useTranslation("products");
  const qc = useQueryClient();
  const [step, setStep] = useState<Step>({ kind: "upload" });
  const close = (next: boolean) => {
    onOpenChange(next);
    if (!next) {
      void qc.invalidateQueries({ queryKey: productKeys.all(accountId) });
      void qc.invalidateQueries({ queryKey: productKeys.categories(accountId) });
      void qc.invalidateQueries({ queryKey: productKeys.imports(accountId) });
      setStep({ kind: "upload" });
    }
  };
  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent className={cn("gap-5", step.kind === "mapping" ? "sm:max-w-5xl" : "sm:max-w-2xl")} data-testid="product-import-dialog" persistent>
        <DialogHeader>
          <DialogTitle>{t("import.title")}</DialogTitle>
          <DialogDescription asChild>
            <div>
              <ImportStepper steps={STEPS.map((s) => t(`import.steps.${s}`))} current={step.kind === "upload" ? 0 : step.kind === "mapping" ? 1 : 2} label={t("import.title")} />
            </div>
          </DialogDescription>
        </DialogHeader>
        {step.kind === "upload" && <ProductUploadStep accountId={accountId} onRead={(file, table) => setStep({ kind: "mapping", file, table })} onOpenImport={(jobId) => setStep({ kind: "run", jobId })} />}
        {step.kind === "mapping" && <MappingStep accountId={accountId} file={step.file} table={step.table} onBack={() => setStep({ kind: "upload" })} onStarted={(jobId) => setStep({ kind: "run", jobId })} />}
        {step.kind === "run" && <RunStep accountId={accountId} jobId={step.jobId} onAgain={() => setStep({ kind: "upload" })} onClose={() => close(false)} />}
      </DialogContent>
    </Dialog>
  );
}
