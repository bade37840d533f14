import { useId, useMemo, useState } from "react";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import {
  type DedupeKey,
  IMPORT_PLATFORMS,
  IMPORT_TARGETS,
  type ImportMapping,
  type ImportPlatform,
  type ImportTarget,
  suggestMapping,
  type Table,
} from "@worker/features/contact-import/import-format";
import { customFieldQueries } from "@/features/custom-fields/api";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Label } from "@/components/ui/label";
import { RadioGroup, RadioGroupItem } from "@/components/ui/radio-group";
import { Select, SelectContent, SelectGroup, SelectItem, SelectLabel, SelectSeparator, SelectTrigger, SelectValue } from "@/components/ui/select";
import { isApiError } from "@/lib/api";
import { formatNumber } from "@/lib/i18n";
import { importApi } from "../api";

const SKIP = "__skip";
const PREVIEW_ROWS = 5;

/** Why the mapping cannot start yet (the same rules the server checks), or null. */
function problemOf(m: ImportMapping): string | null {
  const has = (x: ImportTarget) => m.columns.includes(x);
  if (!has("phone") && !has("platformUserId")) return "needKey";
  if (m.dedupe === "phone" && !has("phone")) return "needPhone";
  if (m.dedupe === "channel" && !has("platformUserId")) return "needId";
  if (has("platformUserId") && !has("platform") && !m.platform) return "needPlatform";
  return null;
}

function TargetSelect({ header, value, used, fields, onChange }: { header: string; value: ImportTarget | null; used: Set<string>; fields: { key: string; label: string }[]; onChange: (v: ImportTarget | null) => void }) {
  const { t } = useTranslation("contactImport");
  const id = useId();
  // Named "What the column «X» fills" followed by the choice shown, so the name contains the visible text.
  return (
    <Select value={value ?? SKIP} onValueChange={(v) => onChange(v === SKIP ? null : (v as ImportTarget))}>
      <span id={`${id}-label`} className="sr-only">
        {t("mapping.columnLabel", { name: header })}
      </span>
      <SelectTrigger id={id} size="sm" className="w-full min-w-40" aria-labelledby={`${id}-label ${id}`} data-testid={`map-${header}`}>
        <SelectValue />
      </SelectTrigger>
      <SelectContent>
        <SelectItem value={SKIP}>{t("mapping.skip")}</SelectItem>
        <SelectSeparator />
        <SelectGroup>
          <SelectLabel>{t("mapping.standardGroup")}</SelectLabel>
          {IMPORT_TARGETS.map((x) => (
            <SelectItem key={x} value={x} disabled={used.has(x) && value !== x}>
              {t(`mapping.targets.${x}`)}
            </SelectItem>
          ))}
        </SelectGroup>
        {fields.length > 0 && (
          <SelectGroup>
            <SelectLabel>{t("mapping.fieldsGroup")}</SelectLabel>
            {fields.map((f) => (
              <SelectItem key={f.key} value={`field:${f.key}`} disabled={used.has(`field:${f.key}`) && value !== `field:${f.key}`}>
                {f.label}
              </SelectItem>
            ))}
          </SelectGroup>
        )}
      </SelectContent>
    </Select>
  );
}

function Preview({ table, mapping, fields, onColumn }: { table: Table; mapping: ImportMapping; fields: { key: string; label: string }[]; onColumn: (i: number, v: ImportTarget | null) => void }) {
  const { t } = useTranslation("contactImport");
  const used = new Set(mapping.columns.filter(Boolean) as string[]);
  const rows = table.rows.slice(0, PREVIEW_ROWS);
  return (
    <div className="overflow-x-auto rounded-md border border-border">
      <table className="w-full text-sm" data-testid="import-preview">
        <caption className="sr-only">{t("mapping.preview")}</caption>
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
                <TargetSelect header={h || String(i + 1)} value={mapping.columns[i] ?? null} used={used} fields={fields} onChange={(v) => onColumn(i, v)} />
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.n} className="border-b border-border last:border-0">
              <td className="px-2 py-1.5 text-end text-xs text-muted-foreground">{r.n}</td>
              {table.header.map((_, i) => (
                <td key={i} className={mapping.columns[i] ? "max-w-56 truncate px-3 py-1.5" : "max-w-56 truncate px-3 py-1.5 text-muted-foreground line-through decoration-muted-foreground/40"}>
                  {r.cells[i]}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      {table.rows.length > PREVIEW_ROWS && <p className="px-3 py-2 text-xs text-muted-foreground">{t("mapping.moreRows", { count: table.rows.length - PREVIEW_ROWS })}</p>}
    </div>
  );
}

function DedupeChoice({ mapping, set }: { mapping: ImportMapping; set: (patch: Partial<ImportMapping>) => void }) {
  const { t } = useTranslation("contactImport");
  const needsPlatform = mapping.columns.includes("platformUserId") && !mapping.columns.includes("platform");
  return (
    <div className="grid gap-5 sm:grid-cols-2">
      <fieldset className="grid gap-3">
        <legend className="mb-2 text-sm font-semibold text-heading">{t("mapping.dedupe.label")}</legend>
        <RadioGroup value={mapping.dedupe} onValueChange={(v) => set({ dedupe: v as DedupeKey })}>
          {(["phone", "channel"] as const).map((d) => (
            <div key={d} className="flex items-start gap-2">
              <RadioGroupItem value={d} id={`dedupe-${d}`} className="mt-0.5" data-testid={`dedupe-${d}`} />
              <Label htmlFor={`dedupe-${d}`} className="grid gap-0.5 font-normal">
                <span className="font-medium">{t(`mapping.dedupe.${d}`)}</span>
                <span className="text-xs text-muted-foreground">{t(`mapping.dedupe.${d}Hint`)}</span>
              </Label>
            </div>
          ))}
        </RadioGroup>
      </fieldset>
      {needsPlatform && (
        <div className="grid content-start gap-2">
          <Label htmlFor="import-platform">{t("mapping.platform.label")}</Label>
          <Select value={mapping.platform ?? ""} onValueChange={(v) => set({ platform: v as ImportPlatform })}>
            <SelectTrigger id="import-platform" className="w-full">
              <SelectValue placeholder={t("mapping.platform.placeholder")} />
            </SelectTrigger>
            <SelectContent>
              {IMPORT_PLATFORMS.map((p) => (
                <SelectItem key={p} value={p}>
                  {t(`platforms.${p}`)}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
          <p className="text-xs text-muted-foreground">{t("mapping.platform.hint")}</p>
        </div>
      )}
    </div>
  );
}

/** Step 2: what each column fills (suggested from the headers), how existing contacts are found, then start. */
export function MappingStep({ accountId, file, table, onBack, onStarted }: { accountId: string; file: File; table: Table; onBack: () => void; onStarted: (importId: string) => void }) {
  const { t } = useTranslation("contactImport");
  const fieldsQuery = useQuery(customFieldQueries.fields(accountId));
  const fields = useMemo(() => fieldsQuery.data?.data ?? [], [fieldsQuery.data]);
  const [mapping, setMapping] = useState<ImportMapping | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // The suggestion waits for the account's fields, so «Город» can land on the field labelled so.
  const suggested = useMemo(() => suggestMapping(table.header, fields), [table.header, fields]);
  const current: ImportMapping = mapping ?? { columns: suggested, dedupe: suggested.includes("phone") || !suggested.includes("platformUserId") ? "phone" : "channel", platform: null };
  const set = (patch: Partial<ImportMapping>) => setMapping({ ...current, ...patch });
  const problem = problemOf(current);

  const start = async () => {
    setBusy(true);
    setError(null);
    try {
      const job = await importApi.start(accountId, file, current);
      onStarted(job.importId);
    } catch (e) {
      setError(isApiError(e) ? e.message : t("run.loadError"));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="grid min-w-0 gap-5">
      <p className="text-sm text-muted-foreground">{t("mapping.description", { name: file.name, count: formatNumber(table.rows.length) })}</p>
      <Preview table={table} mapping={current} fields={fields} onColumn={(i, v) => set({ columns: table.header.map((_, j) => (j === i ? v : (current.columns[j] ?? null))) })} />
      <DedupeChoice mapping={current} set={set} />
      <p className="text-sm text-muted-foreground">{t("mapping.rules")}</p>
      {(error || problem) && (
        <Alert variant={error ? "destructive" : "warning"} role={error ? "alert" : "status"}>
          <AlertDescription data-testid="mapping-problem">{error ?? t(`mapping.${problem}`)}</AlertDescription>
        </Alert>
      )}
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={onBack} disabled={busy}>
          {t("mapping.back")}
        </Button>
        <Button onClick={() => void start()} disabled={!!problem || fieldsQuery.isPending} loading={busy} data-testid="import-start">
          {t("mapping.start")}
        </Button>
      </div>
    </div>
  );
}
