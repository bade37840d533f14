import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useQuery } from "@tanstack/react-query";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { assistantQueries } from "@/features/assistants/api";
import type { AccountDetail } from "@/features/accounts/types";
import { TestChatPanel } from "@/features/test-chat/components/test-chat-panel";
import { StepCard } from "./step-card";

/** Step 4: the test chat with the account's assistant, right in the wizard. */
export function StepTest({ account, onDone, onBack }: { account: AccountDetail; onDone: () => Promise<void>; onBack: () => void }) {
  const { t } = useTranslation("wizard");
  const assistants = useQuery(assistantQueries.list(account.accountId, { page: 1, limit: 5 }));
  const assistant = assistants.data?.data[0];
  // The chat with the assistant opens (or starts) by itself: the first message is one step away.
  const [opened, setOpened] = useState(false);
  return (
    <StepCard
      testId="wizard-test"
      title={t("test.title")}
      description={t("test.description")}
      footer={
        <>
          <Button type="button" variant="ghost" onClick={onBack}>
            {t("back")}
          </Button>
          <Button type="button" onClick={onDone} data-testid="wizard-next">
            {t("next")}
          </Button>
        </>
      }
    >
      {assistants.isPending ? (
        <Skeleton className="h-[420px] w-full" />
      ) : assistant ? (
        <TestChatPanel
          accountId={account.accountId}
          lockedAssistantId={assistant.assistantId}
          variant="embedded"
          request={opened ? null : { assistantId: assistant.assistantId, seq: 1 }}
          onRequestHandled={() => setOpened(true)}
          className="h-[460px] overflow-hidden rounded-lg border"
        />
      ) : (
        <div className="rounded-lg border border-dashed p-6 text-center text-sm text-muted-foreground">
          <p>{t("test.noAssistant")}</p>
          <Button type="button" variant="outline" className="mt-3" onClick={onBack}>
            {t("test.toAssistant")}
          </Button>
        </div>
      )}
    </StepCard>
  );
}
