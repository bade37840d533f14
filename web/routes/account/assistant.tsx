import { useTranslation } from "react-i18next";
import { Link, useParams } from "react-router";
import { useQuery } from "@tanstack/react-query";
import { BotOff } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { isApiError } from "@/lib/api";
import { assistantQueries } from "@/features/assistants/api";
import { AssistantEditor, AssistantEditorSkeleton } from "@/features/assistants/components/assistant-editor";
import { LoadError } from "@/components/load-error";

export const handle = { titleKey: "common:routes.assistant" };

export default function AssistantPage() {
  const { t } = useTranslation("assistants");
  const { accountId = "", assistantId = "" } = useParams();
  const assistant = useQuery(assistantQueries.detail(accountId, assistantId));

  if (assistant.isPending) return <AssistantEditorSkeleton />;
  if (assistant.isError) {
    if (isApiError(assistant.error) && assistant.error.status === 404) {
      return (
        <Card>
          <EmptyState
            icon={BotOff}
            title={t("editor.notFoundTitle")}
            description={t("editor.notFound")}
            action={
              <Button asChild>
                <Link to={`/${accountId}/assistants`}>{t("editor.backToList")}</Link>
              </Button>
            }
          />
        </Card>
      );
    }
    return (
      <Card>
        <LoadError error={assistant.error} onRetry={() => assistant.refetch()} retrying={assistant.isFetching} className="mx-6 border-none" />
      </Card>
    );
  }
  return <AssistantEditor key={assistant.data.assistantId} assistant={assistant.data} />;
}
