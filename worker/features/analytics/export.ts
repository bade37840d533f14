import { type Cell, CSV_SEPARATOR, csvLine, csvText } from "../../lib/spreadsheet";
import type { AnalyticsResult } from "./analytics.service";
import type { ExportTable } from "./contract";

const sec = (ms: number | null) => (ms === null ? null : Math.round(ms / 1000));
const rub = (k: number) => Math.round(k) / 100;

/** One table of the analytics page as CSV rows (a header row first), in Russian. */
function tableRows(a: AnalyticsResult, table: ExportTable): Cell[][] {
  switch (table) {
    case "daily":
      return [
        ["День", "Диалоги", "Входящие", "Исходящие", "Ответы ИИ", "Ответы операторов", "Передачи оператору", "Только ИИ"],
        ...a.daily.map((d) => [{ day: d.day }, d.conversations, d.messagesIn, d.messagesOut, d.aiReplies, d.operatorReplies, d.handoffs, d.aiOnly]),
      ];
    case "channels":
      return [["Канал", "Платформа", "Диалоги", "Входящие", "Исходящие"], ...a.channels.map((c) => [c.name || c.id || "Без канала", c.platform ?? "", c.conversations, c.messagesIn, c.messagesOut])];
    case "replies":
      return [
        ["Показатель", "Значение"],
        ["Ответы ИИ", a.totals.aiReplies],
        ["Ответы операторов", a.totals.operatorReplies],
        ["Диалоги", a.totals.conversations],
        ["Завершены ИИ без оператора", a.totals.aiOnly],
        ["Доля без оператора, %", a.totals.aiOnlyShare ?? null],
        ["Передачи оператору", a.totals.handoffs],
      ];
    case "times": {
      const row = (name: string, h: { p50Ms: number | null; p90Ms: number | null; count: number }) => [name, h.count, sec(h.p50Ms), sec(h.p90Ms)];
      return [
        ["Показатель", "Диалогов", "p50, с", "p90, с"],
        row("Первый ответ ИИ", a.times.firstResponse.ai),
        row("Первый ответ оператора", a.times.firstResponse.operator),
        row("Решение ИИ", a.times.resolution.ai),
        row("Решение оператором", a.times.resolution.operator),
      ];
    }
    case "statuses":
      return [["Статус", "Диалогов"], ...a.statuses.map((s) => [s.status, s.count])];
    case "models":
      return [["Модель", "Запросы", "Токены на входе", "Токены на выходе", "Стоимость, ₽"], ...a.models.map((m) => [m.model || "—", m.requests, m.tokensIn, m.tokensOut, rub(m.costKopecks)])];
    case "broadcasts":
      return [
        ["Рассылка", "Начата", "Получателей", "Отправлено", "Доставлено", "Прочитано", "Ответили", "Ошибки"],
        ...a.broadcasts.map((b) => [b.name, { at: b.startedAt }, b.total, b.sent, b.delivered, b.read, b.replied, b.failed]),
      ];
    case "flows":
      return [["Сценарий", "Запущено", "Завершено", "Прервано", "Завершено, %"], ...a.flows.map((f) => [f.name, f.started, f.completed, f.dropped, f.completionRate ?? null])];
  }
}

export function analyticsCsv(a: AnalyticsResult, table: ExportTable): Response {
  // The exports' rules (lib/spreadsheet): `;`, days and times as Russian Excel reads them, in the account's zone, decimal commas.
  const body = "\uFEFF" + tableRows(a, table).map((r) => csvLine(r.map((c) => csvText(c, a.range.timezone)), CSV_SEPARATOR)).join("");
  const name = `analytics-${table}-${a.range.from}-${a.range.to}.csv`;
  return new Response(body, { headers: { "content-type": "text/csv; charset=utf-8", "content-disposition": `attachment; filename="${name}"`, "cache-control": "no-store" } });
}
