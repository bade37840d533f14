import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { Bot } from "lucide-react";
import { Card } from "@/components/ui/card";
import { Switch } from "@/components/ui/switch";
import { useAbility } from "@/lib/ability";
import { api } from "@/lib/api";
import type { ApiBody, ApiResponse } from "@/lib/api-types";
import { notify } from "@/lib/notify";
import { accountQueries } from "@/features/accounts/api";
import { channelApi, channelKeys, channelQueries } from "@/features/channels/api";

/**
 * The account's "assistant answers comments" switch. It is stored in the account settings
 * (comments.autoReply) and on the connected Instagram channel, which the inbound consumer reads,
 * so both are written together and the channel's value is the one shown. Without a connected
 * Instagram the switch is shown off and locked: there is nothing it could act on yet.
 */
export function AutoReplyCard({ accountId }: { accountId: string }) {
  const { t } = useTranslation("comments");
  const queryClient = useQueryClient();
  const ability = useAbility();
  const canEdit = ability.can("update", "AccountSettings") && ability.can("manage", "Channel");
  const instagram = useQuery(channelQueries.instagram(accountId));
  const [saving, setSaving] = useState(false);

  const connected = !!instagram.data?.connected;
  const value = connected && !!instagram.data?.commentsAutoReply;
  const loading = instagram.isPending;

  const change = async (autoReply: boolean) => {
    setSaving(true);
    try {
      const saved = await api.put<ApiResponse<"/accounts/:accountId/settings", "put">>(`/accounts/${accountId}/settings`, { comments: { autoReply } } satisfies ApiBody<"/accounts/:accountId/settings", "put">);
      queryClient.setQueryData(accountQueries.settings(accountId).queryKey, saved);
      if (connected) queryClient.setQueryData(channelKeys.instagram(accountId), await channelApi.instagramSettings(accountId, { commentsAutoReply: autoReply }));
      notify({ type: "success", message: autoReply ? t("autoReply.on") : t("autoReply.off") });
    } catch {
      /* the API client has shown why */
    } finally {
      setSaving(false);
    }
  };

  return (
    <Card className="flex-row items-center gap-4 px-6 py-5" data-testid="auto-reply-card">
      <span className="flex size-10 shrink-0 items-center justify-center rounded-md bg-primary/12 text-primary">
        <Bot className="size-5" aria-hidden />
      </span>
      <label htmlFor="comments-auto-reply" className="min-w-0 flex-1 cursor-pointer space-y-0.5">
        <span className="block font-semibold text-heading">{t("autoReply.label")}</span>
        <span className="block text-[0.875rem] text-muted-foreground">
          {!connected ? t("autoReply.hintNotConnected") : canEdit ? t("autoReply.hint") : t("autoReply.readOnly")}
        </span>
      </label>
      <Switch id="comments-auto-reply" checked={value} disabled={!canEdit || !connected || saving || loading} onCheckedChange={change} aria-label={t("autoReply.label")} />
    </Card>
  );
}
