import { useTranslation } from "react-i18next";
import { Bot, Clock, Hourglass, MessagesSquare } from "lucide-react";
import { formatNumber } from "@/lib/i18n";
import type { Dashboard } from "@/features/analytics/api";
import { formatDuration } from "@/features/analytics/components/tables";
import type { CardFailure } from "./card-load-error";
import { StatCard } from "./stat-card";

function Delta({ today, yesterday, lowerIsBetter }: { today: number | null; yesterday: number | null; lowerIsBetter?: boolean }) {
  const { t } = useTranslation("dashboard");
  if (today === null || yesterday === null) return <span>{t("today.noComparison")}</span>;
  const diff = today - yesterday;
  if (diff === 0) return <span>{t("today.same")}</span>;
  const good = lowerIsBetter ? diff < 0 : diff > 0;
  return <span className={good ? "text-success" : "text-warning"}>{t(diff > 0 ? "today.more" : "today.less", { value: formatNumber(Math.abs(diff)) })}</span>;
}

/**
 * Today against yesterday (the account's local days): conversations, AI answers, waiting for an
 * operator, median first response. When the panel's data failed each card says so (no zeros).
 */
export function TodayFigures({ data, loading, failed }: { data: Dashboard | undefined; loading: boolean; failed?: CardFailure | null }) {
  const { t } = useTranslation("dashboard");
  const { t: ta } = useTranslation("analytics");
  const today = data?.today;
  const y = data?.yesterday;
  return (
    <section aria-label={t("today.title")} className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4" data-testid="today-figures">
      <StatCard icon={MessagesSquare} tone="primary" label={t("today.conversations")} loading={loading} failed={failed} value={formatNumber(today?.conversations ?? 0)} hint={<Delta today={today?.conversations ?? null} yesterday={y?.conversations ?? null} />} testId="today-conversations" />
      <StatCard icon={Bot} tone="info" label={t("today.aiReplies")} loading={loading} failed={failed} value={formatNumber(today?.aiReplies ?? 0)} hint={<Delta today={today?.aiReplies ?? null} yesterday={y?.aiReplies ?? null} />} testId="today-ai" />
      <StatCard
        icon={Hourglass}
        tone="warning"
        label={t("today.waiting")}
        loading={loading}
        failed={failed}
        value={formatNumber(today?.waiting ?? 0)}
        hint={t("today.handoffs", { today: today?.handoffs ?? 0, yesterday: y?.handoffs ?? 0 })}
        testId="today-waiting"
      />
      <StatCard
        icon={Clock}
        tone="success"
        label={t("today.firstResponse")}
        loading={loading}
        failed={failed}
        value={formatDuration(today?.firstResponseP50Ms ?? null, ta)}
        hint={t("today.yesterdayValue", { value: formatDuration(y?.firstResponseP50Ms ?? null, ta) })}
        testId="today-first-response"
      />
    </section>
  );
}
