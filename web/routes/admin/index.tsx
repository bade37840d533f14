import { useTranslation } from "react-i18next";
import { PageHeader } from "@/components/page-header";
import { AuditLogCard } from "@/features/admin/components/audit-log-card";
import { PlatformOverview } from "@/features/admin/components/platform-overview";
import { DeadLetters } from "@/features/channels/components/dead-letters";

export const handle = { titleKey: "admin:overview.title" };

/** /admin: the platform at a glance, the administrators' audit log, and the queues' dead letters. */
export default function AdminPage() {
  const { t } = useTranslation(["admin", "channels"]);
  return (
    <div className="space-y-6">
      <PageHeader title={t("admin:overview.title")} description={t("admin:overview.description")} />
      <PlatformOverview />
      <AuditLogCard />
      <section className="space-y-4" aria-labelledby="dlq-title">
        <h2 id="dlq-title" className="text-lg font-semibold text-heading">
          {t("channels:dlq.pageTitle")}
        </h2>
        <p className="text-sm text-muted-foreground">{t("channels:dlq.pageDescription")}</p>
        <DeadLetters />
      </section>
    </div>
  );
}
