import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { formatDate, formatNumber, formatRub } from "@/lib/i18n";
import type { Analytics } from "../api";

type T = TFunction<"analytics">;

/** A bucket's upper bound as "≤ 30 с" / "≤ 15 мин" / "≤ 4 ч"; "—" when nothing was measured. */
export function formatDuration(ms: number | null, t: T): string {
  if (ms === null) return "—";
  const value = ms < 60_000 ? t("duration.seconds", { count: Math.round(ms / 1000) }) : ms < 3_600_000 ? t("duration.minutes", { count: Math.round(ms / 60_000) }) : t("duration.hours", { count: Math.round(ms / 3_600_000) });
  return t("duration.atMost", { value });
}

function Empty({ text, cols }: { text: string; cols: number }) {
  return (
    <TableRow>
      <TableCell colSpan={cols} className="text-center text-muted-foreground">
        {text}
      </TableCell>
    </TableRow>
  );
}

export function TimesTable({ data }: { data: Analytics }) {
  const { t } = useTranslation("analytics");
  const rows = [
    ["firstAi", data.times.firstResponse.ai],
    ["firstOperator", data.times.firstResponse.operator],
    ["resolutionAi", data.times.resolution.ai],
    ["resolutionOperator", data.times.resolution.operator],
  ] as const;
  return (
    <Table data-testid="times-table">
      <TableHeader>
        <TableRow>
          <TableHead>{t("times.measure")}</TableHead>
          <TableHead className="text-end">{t("times.count")}</TableHead>
          <TableHead className="text-end">{t("times.p50")}</TableHead>
          <TableHead className="text-end">{t("times.p90")}</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {rows.map(([key, h]) => (
          <TableRow key={key} data-testid={`times-${key}`}>
            <TableCell>{t(`times.${key}`)}</TableCell>
            <TableCell className="text-end tabular-nums">{formatNumber(h.count)}</TableCell>
            <TableCell className="text-end tabular-nums">{formatDuration(h.p50Ms, t)}</TableCell>
            <TableCell className="text-end tabular-nums">{formatDuration(h.p90Ms, t)}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

export function ModelsTable({ data }: { data: Analytics }) {
  const { t } = useTranslation("analytics");
  return (
    <Table data-testid="models-table">
      <TableHeader>
        <TableRow>
          <TableHead>{t("models.model")}</TableHead>
          <TableHead className="text-end">{t("models.requests")}</TableHead>
          <TableHead className="text-end">{t("models.tokensIn")}</TableHead>
          <TableHead className="text-end">{t("models.tokensOut")}</TableHead>
          <TableHead className="text-end">{t("models.cost")}</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {data.models.length === 0 && <Empty text={t("empty.models")} cols={5} />}
        {data.models.map((m) => (
          <TableRow key={m.model}>
            <TableCell className="font-medium">{m.model || "—"}</TableCell>
            <TableCell className="text-end tabular-nums">{formatNumber(m.requests)}</TableCell>
            <TableCell className="text-end tabular-nums">{formatNumber(m.tokensIn)}</TableCell>
            <TableCell className="text-end tabular-nums">{formatNumber(m.tokensOut)}</TableCell>
            <TableCell className="text-end tabular-nums">{formatRub(m.costKopecks)}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

export function BroadcastsTable({ data }: { data: Analytics }) {
  const { t } = useTranslation("analytics");
  const pct = (n: number, of: number) => (of > 0 ? ` (${Math.round((n / of) * 100)}%)` : "");
  return (
    <Table data-testid="broadcasts-table">
      <TableHeader>
        <TableRow>
          <TableHead>{t("broadcasts.name")}</TableHead>
          <TableHead className="text-end">{t("broadcasts.sent")}</TableHead>
          <TableHead className="text-end">{t("broadcasts.delivered")}</TableHead>
          <TableHead className="text-end">{t("broadcasts.read")}</TableHead>
          <TableHead className="text-end">{t("broadcasts.replied")}</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {data.broadcasts.length === 0 && <Empty text={t("empty.broadcasts")} cols={5} />}
        {data.broadcasts.map((b) => (
          <TableRow key={b.id}>
            <TableCell>
              <p className="font-medium">{b.name}</p>
              <p className="text-xs text-muted-foreground">{formatDate(b.startedAt, { withTime: true })}</p>
            </TableCell>
            <TableCell className="text-end tabular-nums">{formatNumber(b.sent)}</TableCell>
            <TableCell className="text-end tabular-nums">{formatNumber(b.delivered) + pct(b.delivered, b.sent)}</TableCell>
            <TableCell className="text-end tabular-nums">{formatNumber(b.read) + pct(b.read, b.sent)}</TableCell>
            <TableCell className="text-end tabular-nums">{formatNumber(b.replied) + pct(b.replied, b.sent)}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

export function FlowsTable({ data }: { data: Analytics }) {
  const { t } = useTranslation("analytics");
  return (
    <Table data-testid="flows-table">
      <TableHeader>
        <TableRow>
          <TableHead>{t("flows.name")}</TableHead>
          <TableHead className="text-end">{t("flows.started")}</TableHead>
          <TableHead className="text-end">{t("flows.completed")}</TableHead>
          <TableHead className="text-end">{t("flows.rate")}</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {data.flows.length === 0 && <Empty text={t("empty.flows")} cols={4} />}
        {data.flows.map((f) => (
          <TableRow key={f.id}>
            <TableCell className="font-medium">{f.name || t("flows.deleted")}</TableCell>
            <TableCell className="text-end tabular-nums">{formatNumber(f.started)}</TableCell>
            <TableCell className="text-end tabular-nums">{formatNumber(f.completed)}</TableCell>
            <TableCell className="text-end tabular-nums">{f.completionRate === null ? "—" : `${f.completionRate}%`}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
