import { useTranslation } from "react-i18next";
import { PageHeader } from "@/components/page-header";
import { DeadLetters } from "@/features/channels/components/dead-letters";

export const handle = { titleKey: "channels:dlq.pageTitle" };

/** /admin: the platform administrators' area; today it holds the queues' dead letters. */
export default function AdminPage() {
  const { t } = useTranslation("channels");
  return (
    <div className="space-y-6">
      <PageHeader title={t("dlq.pageTitle")} description={t("dlq.pageDescription")} />
      <DeadLetters />
    </div>
  );
}
