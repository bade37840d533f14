import { useCallback, useId, useRef } from "react";
import { useTranslation } from "react-i18next";
import { useController } from "react-hook-form";
import { Link } from "react-router";
import type { UseQueryResult } from "@tanstack/react-query";
import { CircleAlert, Plug } from "lucide-react";
import { SelectField } from "@/components/form/select-field";
import { QueryLoadError } from "@/components/query-view";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { PlatformIcon } from "@/features/chat/components/platform-icon";
import { cn } from "@/lib/utils";
import type { BroadcastChannel } from "../../api";
import type { ComposerForm } from "./form-types";

/**
 * The connected messenger the broadcast goes through, with its icon; none connected → a way to
 * connect one. A draft may be saved without a channel, starting and the test send may not: their
 * refusal (`channelId`'s error) shows here, and the form scrolls to it and focuses its control (the
 * channel picker, or the link to the messengers' page).
 */
export function ChannelField({ accountId, form, channels, disabled }: { accountId: string; form: ComposerForm; channels: UseQueryResult<{ data: BroadcastChannel[] }>; disabled?: boolean }) {
  const { t } = useTranslation(["broadcasts", "chat"]);
  const { field, fieldState } = useController({ control: form.control, name: "channelId" });
  const box = useRef<HTMLDivElement>(null);
  const errorId = useId();
  const titleId = useId();
  // react-hook-form focuses a field through this ref (a refused action, the first invalid field):
  // here that means bringing the whole field into view, not only its control.
  const { ref } = field;
  const attach = useCallback(
    (el: HTMLDivElement | null) => {
      box.current = el;
      if (el) ref({ focus: () => reveal(el) });
    },
    [ref],
  );
  const error = fieldState.error?.message;

  let body: React.ReactNode;
  if (channels.isPending) body = <Skeleton className="h-16 w-full" />;
  else if (channels.isError) body = <QueryLoadError query={channels} />;
  else if (!channels.data.data.length) {
    body = (
      <div
        role="group"
        aria-labelledby={titleId}
        aria-describedby={error ? errorId : undefined}
        className={cn("flex flex-col gap-3 rounded-lg border border-dashed px-4 py-4 sm:flex-row sm:items-center", error && "border-solid border-destructive bg-destructive/5")}
        data-testid="broadcast-no-channel"
      >
        <Plug className={cn("size-5 shrink-0 text-muted-foreground", error && "text-destructive")} aria-hidden />
        <div className="min-w-0 flex-1 space-y-0.5">
          <p id={titleId} className="font-medium text-heading">
            {t("composer.channel.none")}
          </p>
          <p className="text-sm text-muted-foreground">{t("composer.channel.noneHint")}</p>
        </div>
        <Button asChild size="sm" className="self-start sm:self-center">
          <Link to={`/${accountId}/connect`} data-channel-focus aria-describedby={error ? errorId : undefined} data-testid="broadcast-connect-channel">
            {t("composer.channel.connect")}
          </Link>
        </Button>
      </div>
    );
  } else {
    return (
      <div ref={attach} className="scroll-mt-28">
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
      </div>
    );
  }
  return (
    <div ref={attach} className="space-y-2 scroll-mt-28">
      {body}
      {error && (
        <p id={errorId} role="alert" className="flex items-start gap-2 text-sm font-medium text-destructive" data-testid="broadcast-channel-error">
          <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden />
          <span>{error}</span>
        </p>
      )}
    </div>
  );
}

/** Scrolls the field to the middle of the screen (the header is sticky) and focuses its control. */
function reveal(box: HTMLElement) {
  const calm = typeof window.matchMedia === "function" && window.matchMedia("(prefers-reduced-motion: reduce)").matches;
  box.scrollIntoView?.({ block: "center", behavior: calm ? "auto" : "smooth" });
  const target = box.querySelector<HTMLElement>("[data-channel-focus], button[role='combobox']:not([disabled])");
  target?.focus({ preventScroll: true });
}
