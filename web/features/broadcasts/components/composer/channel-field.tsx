import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { UseQueryResult } from "@tanstack/react-query";
import { Plug } from "lucide-react";
import { SelectField } from "@/components/form/select-field";
import { QueryLoadError } from "@/components/query-view";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { PlatformIcon } from "@/features/chat/components/platform-icon";
import type { BroadcastChannel } from "../../api";
import type { ComposerForm } from "./form-types";

/** The connected messenger the broadcast goes through, with its icon; none connected → a way to connect one. */
export function ChannelField({ accountId, form, channels, disabled }: { accountId: string; form: ComposerForm; channels: UseQueryResult<{ data: BroadcastChannel[] }>; disabled?: boolean }) {
  const { t } = useTranslation(["broadcasts", "chat"]);
  if (channels.isPending) return <Skeleton className="h-16 w-full" />;
  if (channels.isError) return <QueryLoadError query={channels} />;
  if (!channels.data.data.length) {
    return (
      <div className="flex flex-col gap-3 rounded-lg border border-dashed px-4 py-4 sm:flex-row sm:items-center" data-testid="broadcast-no-channel">
        <Plug className="size-5 shrink-0 text-muted-foreground" aria-hidden />
        <div className="min-w-0 flex-1 space-y-0.5">
          <p className="font-medium text-heading">{t("composer.channel.none")}</p>
          <p className="text-sm text-muted-foreground">{t("composer.channel.noneHint")}</p>
        </div>
        <Button asChild size="sm">
          <Link to={`/${accountId}/connect`}>{t("composer.channel.connect")}</Link>
        </Button>
      </div>
    );
  }
  return (
    <SelectField
      control={form.control}
      name="channelId"
      label={t("composer.channel.label")}
      placeholder={t("composer.channel.placeholder")}
      triggerTestId="broadcast-channel"
      triggerClassName="min-w-0 [&>span:first-child]:min-w-0 [&>span:first-child]:overflow-hidden"
      disabled={disabled}
      options={channels.data.data.map((c) => ({
        value: c.channelId,
        label: (
          <span className="flex min-w-0 items-center gap-2">
            <PlatformIcon platform={c.platform} className="size-5" decorative />
            <span>{t(`chat:platform.${c.platform}`)}</span>
            {c.name && <span className="truncate text-muted-foreground">· {c.name}</span>}
          </span>
        ),
      }))}
    />
  );
}
