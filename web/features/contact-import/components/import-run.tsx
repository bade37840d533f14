import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Download } from "lucide-react";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { saveBlob } from "@/lib/api";
import { formatNumber } from "@/lib/i18n";
import { useBusyAction } from "@/lib/use-busy-action";
import { importApi, type ImportJob, importQueries } from "../api";
import { STATUS_VARIANT } from "./upload-step";

function Counts({ job }: { job: ImportJob }) {
  const { t } = useTranslation("contactImport");
  const items = [
    ["created", job.created, "text-success"],
    ["updated", job.updated, "text-info"],
    ["skipped", job.skipped, "text-warning"],
    ["failedRows", job.failed, "text-destructive"],
  ] as const;
  return (
    <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4" data-testid="import-counts">
      {items.map(([key, n, tone]) => (
        <div key={key} className="rounded-md border border-border px-3 py-2">
          <dt className="text-xs text-muted-foreground">{t(`run.${key}`)}</dt>
          <dd className={`text-xl font-semibold ${tone}`} data-testid={`count-${key}`}>
            {formatNumber(n)}
          </dd>
        </div>
      ))}
    </dl>
  );
}

function Issues({ job }: { job: ImportJob }) {
  const { t } = useTranslation("contactImport");
  if (job.issues.length === 0) return <p className="text-sm text-success">{t("run.noIssues")}</p>;
  const total = job.skipped + job.failed;
  return (
    <section className="grid gap-2" aria-labelledby="import-issues-title">
      <h3 id="import-issues-title" className="text-sm font-semibold text-heading">
        {t("run.issuesTitle")}
      </h3>
      <ul className="max-h-60 overflow-y-auto rounded-md border border-border text-sm" data-testid="import-issues">
        {job.issues.map((i, k) => (
          <li key={k} className="flex items-start gap-2 border-b border-border px-3 py-1.5 last:border-0">
            <span className={i.kind === "failed" ? "mt-1.5 size-1.5 shrink-0 rounded-full bg-destructive" : "mt-1.5 size-1.5 shrink-0 rounded-full bg-warning"} aria-hidden />
            <span>{i.column ? t("run.issue", { row: i.row, column: i.column.toLowerCase(), value: i.value, reason: i.reason }) : t("run.issueRow", { row: i.row, reason: i.reason })}</span>
          </li>
        ))}
      </ul>
      {total > job.issues.length && <p className="text-xs text-muted-foreground">{t("run.issuesMore", { count: job.issues.length })}</p>}
    </section>
  );
}

/** Step 3: the import's progress (polled while it runs), then its counts, the refused rows and the report. */
export function ImportRun({ accountId, importId, onAgain, onClose }: { accountId: string; importId: string; onAgain: () => void; onClose: () => void }) {
  const { t } = useTranslation("contactImport");
  const q = useQuery(importQueries.job(accountId, importId));
  const { busy, run } = useBusyAction<"report">();
  const job = q.data;
  if (q.isError && !job) {
    return (
      <Alert variant="destructive">
        <AlertDescription>{t("run.loadError")}</AlertDescription>
      </Alert>
    );
  }
  if (!job) return <Spinner className="mx-auto size-6" />;
  const running = job.status === "running";
  const title = running ? t("run.running", { processed: formatNumber(job.processedRows), total: formatNumber(job.totalRows) }) : t("run.completed", { total: formatNumber(job.totalRows) });
  return (
    <div className="grid gap-5" data-testid="import-run" data-status={job.status}>
      <div className="grid gap-2">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <p className="font-medium text-heading" aria-live="polite">
            {title}
          </p>
          <Badge variant={STATUS_VARIANT[job.status]}>{t(`status.${job.status}`)}</Badge>
        </div>
        <div
          className="h-2.5 overflow-hidden rounded-full bg-muted"
          role="progressbar"
          aria-label={t("run.progressLabel")}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={job.progress}
          data-testid="import-progress"
        >
          <div className="h-full rounded-full bg-primary transition-[width] duration-500" style={{ width: `${job.progress}%` }} />
        </div>
        <p className="truncate text-xs text-muted-foreground">{job.fileName}</p>
      </div>
      <Counts job={job} />
      {running ? <p className="text-sm text-muted-foreground">{t("run.background")}</p> : <Issues job={job} />}
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        {!running && job.skipped + job.failed > 0 && (
          <Button variant="outline" loading={busy === "report"} onClick={() => void run("report", async () => saveBlob(await importApi.report(accountId, importId)))} data-testid="import-report">
            <Download aria-hidden />
            {t("run.download")}
          </Button>
        )}
        {!running && (
          <Button variant="outline" onClick={onAgain}>
            {t("run.again")}
          </Button>
        )}
        <Button onClick={onClose}>{t("run.close")}</Button>
      </div>
    </div>
  );
}
