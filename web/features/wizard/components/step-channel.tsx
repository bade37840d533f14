import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { Button } from "@/components/ui/button";
import { isApiError } from "@/lib/api";
import { notify } from "@/lib/notify";
import { accountApi, accountQueries } from "@/features/accounts/api";
import type { AccountDetail } from "@/features/accounts/types";
import { channelQueries } from "@/features/channels/api";
import { TelegramCard } from "@/features/channels/components/telegram-card";
import { StepCard } from "./step-card";

/** Step 3: connect a channel — Telegram by its bot token is the fastest; WhatsApp and Instagram wait on the connect page. */
export function StepChannel({ account, onDone, onBack }: { account: AccountDetail; onDone: () => Promise<void>; onBack: () => void }) {
  const { t } = useTranslation("wizard");
  const queryClient = useQueryClient();
  const telegram = useQuery(channelQueries.telegram(account.accountId));
  const [skipping, setSkipping] = useState(false);
  const connected = !!telegram.data?.connected;
  const skip = async () => {
    setSkipping(true);
    try {
      queryClient.setQueryData(accountQueries.detail(account.accountId).queryKey, await accountApi.skipWizardStep(account.accountId, { step: "channel" }));
      await onDone();
    } catch (e) {
      // The request is not silent: an answer of the server is already on the screen in its words.
      if (!isApiError(e)) notify({ type: "error", message: t("saveFailed") });
    } finally {
      setSkipping(false);
    }
  };
  return (
    <StepCard
      testId="wizard-channel"
      title={t("channel.title")}
      description={t("channel.description")}
      footer={
        <>
          <Button type="button" variant="ghost" onClick={onBack}>
            {t("back")}
          </Button>
          {!connected && (
            <Button type="button" variant="outline" loading={skipping} onClick={skip} data-testid="wizard-skip">
              {t("channel.skip")}
            </Button>
          )}
          <Button type="button" disabled={!connected} onClick={onDone} data-testid="wizard-next">
            {t("next")}
          </Button>
        </>
      }
    >
      <TelegramCard accountId={account.accountId} />
      <p className="text-sm text-muted-foreground">
        {t("channel.others")}{" "}
        <Link to={`/${account.accountId}/connect`} className="font-medium text-primary hover:underline">
          {t("channel.othersLink")}
        </Link>
      </p>
    </StepCard>
  );
}
