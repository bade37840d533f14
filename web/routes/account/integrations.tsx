import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { useParams } from "react-router";
import { PageHeader } from "@/components/page-header";
import { QueryView } from "@/components/query-view";
import { Card, CardContent } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { useAbility } from "@/lib/ability";
import { integrationQueries } from "@/features/integrations/api";
import { IntegrationCard } from "@/features/integrations/components/integration-card";

export const handle = { titleKey: "common:routes.integrations" };

/** /:accountId/integrations — one card per integration with its state (read through the server's registry). */
export default function IntegrationsPage() {
  const { t } = useTranslation("integrations");
  const { accountId = "" } = useParams();
  const hub = useQuery(integrationQueries.hub(accountId));
  const canEdit = useAbility().can("update", "Integration");
  return (
    <div>
      <PageHeader title={t("hub.title")} description={t("hub.description")} />
      <QueryView
        query={hub}
        loading={
          <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-3" aria-busy="true" aria-label={t("hub.loading")}>
            {[0, 1, 2].map((i) => (
              <Card key={i}>
                <CardContent className="space-y-3">
                  <Skeleton className="h-6 w-40" />
                  <Skeleton className="h-4 w-full" />
                  <Skeleton className="h-4 w-2/3" />
                </CardContent>
              </Card>
            ))}
          </div>
        }
      >
        {(data) => (
          <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
            {data.data.map((item) => (
              <IntegrationCard key={item.id} accountId={accountId} item={item} canEdit={canEdit} />
            ))}
          </div>
        )}
      </QueryView>
    </div>
  );
}
