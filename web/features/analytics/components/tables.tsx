import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";
import { unreportedStates } from "@/features/broadcasts/components/broadcast-progress";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { formatDate, formatNumber, formatRub } from "@/lib/i18n";
import { cn } from "@/lib/utils";
import type { Analytics } from "../api";

type T = TFunction<"analytics">;

// Tighter cells than the list tables: the cards are half a page wide, and a phone shows the columns that matter.
const Th = ({ className, ...p }: React.ComponentProps<typeof TableHead>) => <TableHead className={cn("h-10 px-2 whitespace-normal first:ps-0 last:pe-0", className)} {...p} />;
const Td = ({ className, ...p }: React.ComponentProps<typeof TableCell>) => <TableCell className={cn("px-2 first:ps-0 last:pe-0", className)} {...p} />;
const phoneHidden = "max-sm:hidden";

/** A bucket's upper bound as "≤ 30 с" / "≤ 15 мин" / "≤ 4 ч"; "—" when nothing was measured. */
export function formatDuration(ms: number | null, t: T): string {
  if (ms === null) return "—";
  const value = ms < 60_000 ? t("duration.seconds", { count: Math.round(ms / 1000) }) : ms < 3_600_000 ? t("duration.minutes", { count: Math.round(ms / 60_000) }) : t("duration.hours", { count: Math.round(ms / 3_600_000) });
  return t("duration.atMost", { value });
}

function Empty({ text, cols }: { text: string; cols: number }) {
  return (
    <TableRow>
      <Td colSpan={cols} className="text-center text-muted-foreground">
        {text}
      </Td>
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
          <Th>{t("times.measure")}</Th>
          <Th className="text-end">{t("times.count")}</Th>
          <Th className="text-end">{t("times.p50")}</Th>
          <Th className="text-end">{t("times.p90")}</Th>
        </TableRow>
      </TableHeader>
      <TableBody>
        {rows.map(([key, h]) => (
          <TableRow key={key} data-testid={`times-${key}`}>
            <Td>{t(`times.${key}`)}</Td>
            <Td className="text-end tabular-nums">{formatNumber(h.count)}</Td>
            <Td className="text-end tabular-nums">{formatDuration(h.p50Ms, t)}</Td>
            <Td className="text-end tabular-nums">{formatDuration(h.p90Ms, t)}</Td>
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
          <Th>{t("models.model")}</Th>
          <Th className={cn("text-end", phoneHidden)}>{t("models.requests")}</Th>
          <Th className="text-end">{t("models.tokensIn")}</Th>
          <Th className={cn("text-end", phoneHidden)}>{t("models.tokensOut")}</Th>
          <Th className="text-end">{t("models.cost")}</Th>
        </TableRow>
      </TableHeader>
      <TableBody>
        {data.models.length === 0 && <Empty text={t("empty.models")} cols={5} />}
        {data.models.map((m) => (
          <TableRow key={m.model}>
            <Td className="font-medium">{m.model || "—"}</Td>
            <Td className={cn("text-end tabular-nums", phoneHidden)}>{formatNumber(m.requests)}</Td>
            <Td className="text-end tabular-nums">{formatNumber(m.tokensIn)}</Td>
            <Td className={cn("text-end tabular-nums", phoneHidden)}>{formatNumber(m.tokensOut)}</Td>
            <Td className="text-end tabular-nums">{formatRub(m.costKopecks)}</Td>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

export function BroadcastsTable({ data }: { data: Analytics }) {
  const { t } = useTranslation("analytics");
  const pct = (n: number, of: number) => (of > 0 ? ` (${Math.round((n / of) * 100)}%)` : "");
  const platformOf = new Map(data.filters.channels.map((c) => [c.id, c.platform]));
  // Telegram reports no delivery or reading: «—», not a zero that reads as nobody got it.
  const receipt = (b: Analytics["broadcasts"][number], state: "delivered" | "read") =>
    unreportedStates(platformOf.get(b.channelId ?? "")).includes(state) ? (
      <span title={t("broadcasts.noReceipts")} data-testid="broadcast-receipt-unreported">
        —
      </span>
    ) : (
      formatNumber(b[state]) + pct(b[state], b.sent)
    );
  return (
    <Table data-testid="broadcasts-table">
      <TableHeader>
        <TableRow>
          <Th>{t("broadcasts.name")}</Th>
          <Th className="text-end">{t("broadcasts.sent")}</Th>
          <Th className={cn("text-end", phoneHidden)}>{t("broadcasts.delivered")}</Th>
          <Th className={cn("text-end", phoneHidden)}>{t("broadcasts.read")}</Th>
          <Th className="text-end">{t("broadcasts.replied")}</Th>
        </TableRow>
      </TableHeader>
      <TableBody>
        {data.broadcasts.length === 0 && <Empty text={t("empty.broadcasts")} cols={5} />}
        {data.broadcasts.map((b) => (
          <TableRow key={b.id}>
            <Td>
              <p className="font-medium">{b.name}</p>
              <p className="text-xs text-muted-foreground">{formatDate(b.startedAt, { withTime: true })}</p>
            </Td>
            <Td className="text-end tabular-nums">{formatNumber(b.sent)}</Td>
            <Td className={cn("text-end tabular-nums", phoneHidden)}>{receipt(b, "delivered")}</Td>
            <Td className={cn("text-end tabular-nums", phoneHidden)}>{receipt(b, "read")}</Td>
            <Td className="text-end tabular-nums">{formatNumber(b.replied) + pct(b.replied, b.sent)}</Td>
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
          <Th>{t("flows.name")}</Th>
          <Th className="text-end">{t("flows.started")}</Th>
          <Th className={cn("text-end", phoneHidden)}>{t("flows.completed")}</Th>
          <Th className="text-end">{t("flows.rate")}</Th>
        </TableRow>
      </TableHeader>
      <TableBody>
        {data.flows.length === 0 && <Empty text={t("empty.flows")} cols={4} />}
        {data.flows.map((f) => (
          <TableRow key={f.id}>
            <Td className="font-medium">{f.name || t("flows.deleted")}</Td>
            <Td className="text-end tabular-nums">{formatNumber(f.started)}</Td>
            <Td className={cn("text-end tabular-nums", phoneHidden)}>{formatNumber(f.completed)}</Td>
            <Td className="text-end tabular-nums">{f.completionRate === null ? "—" : `${f.completionRate}%`}</Td>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
