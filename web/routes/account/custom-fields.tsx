import { useTranslation } from "react-i18next";
import { useParams, useSearchParams } from "react-router";
import { PageHeader } from "@/components/page-header";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { FieldsSection } from "@/features/custom-fields/components/fields-section";
import { TagsSection } from "@/features/custom-fields/components/tags-section";

export const handle = { titleKey: "customFields:title" };

/** /{accountId}/custom-fields: the account's custom fields and, on the second tab, its tags. */
export default function CustomFieldsPage() {
  const { t } = useTranslation("customFields");
  const { accountId = "" } = useParams();
  const [params, setParams] = useSearchParams();
  const tab = params.get("tab") === "tags" ? "tags" : "fields";
  return (
    <div>
      <PageHeader title={t("title")} description={t("description")} />
      <Tabs value={tab} onValueChange={(v) => setParams(v === "tags" ? { tab: "tags" } : {}, { replace: true })}>
        <TabsList className="mb-4">
          <TabsTrigger value="fields">{t("tabs.fields")}</TabsTrigger>
          <TabsTrigger value="tags">{t("tabs.tags")}</TabsTrigger>
        </TabsList>
        <TabsContent value="fields">
          <FieldsSection accountId={accountId} />
        </TabsContent>
        <TabsContent value="tags">
          <TagsSection accountId={accountId} />
        </TabsContent>
      </Tabs>
    </div>
  );
}
