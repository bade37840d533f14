import { BookOpen, CircleHelp } from "lucide-react";
import { useTranslation } from "react-i18next";
import { PageHeader } from "@/components/page-header";
import { UrlTabs } from "@/components/url-tabs";
import { TabsContent } from "@/components/ui/tabs";
import { HelpAdminList } from "@/features/help/components/admin/help-admin-list";

export const handle = { titleKey: "common:routes.adminHelp" };

/** /admin/help: platform administrators write the FAQ and the help center's articles. */
export default function AdminHelpPage() {
  const { t } = useTranslation("help");
  return (
    <div className="space-y-6">
      <PageHeader title={t("admin.title")} description={t("admin.description")} />
      <UrlTabs
        tabs={[
          { value: "faq", icon: CircleHelp, label: t("admin.tabs.faq") },
          { value: "articles", icon: BookOpen, label: t("admin.tabs.articles") },
        ]}
      >
        <TabsContent value="faq">
          <HelpAdminList kind="faq" />
        </TabsContent>
        <TabsContent value="articles">
          <HelpAdminList kind="articles" />
        </TabsContent>
      </UrlTabs>
    </div>
  );
}
