import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";
import { FlaskConical, Unplug, type LucideIcon } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Badge } from "@/components/ui/badge";
import { Tooltip, TooltipContent, TooltipTrigger } from "@/components/ui/tooltip";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "@/components/ui/card";
import { Switch } from "@/components/ui/switch";
import { ConfirmButton } from "@/lib/confirm";
import { cn } from "@/lib/utils";
import type { ChannelKind } from "../api";
import { PlatformTile } from "./platform-tile";

export type ChannelTone = "success" | "warning" | "destructive" | "secondary" | "info";

export interface ChannelCardProps {
  kind: ChannelKind;
  title: string;
  description: React.ReactNode;
  status: { label: string; tone: ChannelTone };
  /** The messenger is `npm start`'s local stand-in (development only, from the server's state). */
  demo?: boolean;
  /** The on/off switch of a connected channel; absent when not connected. */
  enabled?: { value: boolean; onChange?: (v: boolean) => void; busy?: boolean; canManage: boolean };
  children: React.ReactNode;
  footer?: React.ReactNode;
  className?: string;
}

/** One messenger on the connect page: its mark, state, on/off switch, body and actions. */
export function ChannelCard({ kind, title, description, status, demo, enabled, children, footer, className }: ChannelCardProps) {
  const { t } = useTranslation("channels");
  const switchId = `${kind}-enabled`;
  return (
    <Card className={cn("gap-0 pb-0", className)} data-testid={`channel-${kind}`} aria-labelledby={`${kind}-title`}>
      <CardHeader className="grid-cols-[auto_1fr] gap-x-4 gap-y-0 pb-5">
        <PlatformTile kind={kind} className="row-span-2" />
        <div className="flex min-w-0 flex-wrap items-center gap-x-3 gap-y-1">
          <CardTitle id={`${kind}-title`}>{title}</CardTitle>
          <Badge variant={status.tone} data-testid={`${kind}-status`}>
            <span className="size-1.5 rounded-full bg-current" aria-hidden />
            {status.label}
          </Badge>
          {demo && (
            <Tooltip>
              <TooltipTrigger asChild>
                <Badge variant="warning" tabIndex={0} data-testid={`${kind}-demo`}>
                  <FlaskConical aria-hidden />
                  {t("demo.badge")}
                </Badge>
              </TooltipTrigger>
              <TooltipContent className="max-w-xs">{t("demo.hint", { channel: title })}</TooltipContent>
            </Tooltip>
          )}
        </div>
        <CardDescription className="mt-1">{description}</CardDescription>
      </CardHeader>
      {enabled && (
        <div className="mx-6 mb-5 flex items-center justify-between gap-4 rounded-md bg-muted/60 px-4 py-3 dark:bg-white/4">
          <label htmlFor={switchId} className={cn("min-w-0 space-y-0.5", enabled.canManage && "cursor-pointer")}>
            <span className="block text-[0.9375rem] font-medium text-heading">{enabled.value ? t("common.enabledOn") : t("common.enabledOff")}</span>
            <span className="block text-[0.8125rem] text-muted-foreground">{enabled.value ? t("common.enabledOnHint") : t("common.enabledOffHint")}</span>
          </label>
          <Switch
            id={switchId}
            checked={enabled.value}
            disabled={!enabled.canManage || enabled.busy}
            onCheckedChange={(v) => enabled.onChange?.(v)}
            aria-label={t("common.toggle", { channel: title })}
          />
        </div>
      )}
      <CardContent className="flex-1 space-y-5 pb-6">{children}</CardContent>
      {footer && <CardFooter className="flex-wrap gap-2 border-t py-4">{footer}</CardFooter>}
    </Card>
  );
}

/** A label/value row of a channel's facts. */
export function Fact({ label, children, testId }: { label: string; children: React.ReactNode; testId?: string }) {
  return (
    <div className="flex min-w-0 items-baseline justify-between gap-4 py-1.5 text-[0.9375rem]">
      <dt className="shrink-0 text-muted-foreground">{label}</dt>
      <dd className="min-w-0 truncate text-end font-medium text-heading" data-testid={testId}>
        {children}
      </dd>
    </div>
  );
}

/** The destructive action at the end of a channel card's footer (disconnect, delete), behind a confirmation. */
export function ChannelDangerAction({ icon: Icon, label, confirm, onConfirm }: { icon: React.ComponentType<{ "aria-hidden"?: boolean }>; label: string; confirm: { title: string; message: string; confirmText: string }; onConfirm: () => unknown }) {
  return (
    <ConfirmButton variant="ghost" size="sm" className="ms-auto text-destructive hover:bg-destructive/10" confirm={confirm} onConfirm={onConfirm}>
      <Icon aria-hidden />
      {label}
    </ConfirmButton>
  );
}

/** The status badge of a channel: not connected, switched off, or (connected and on) the channel's own state. */
export function channelStatus(t: TFunction, s: { connected: boolean; enabled: boolean }, on: () => ChannelCardProps["status"]): ChannelCardProps["status"] {
  if (!s.connected) return { label: t("status.notConnected"), tone: "secondary" };
  if (!s.enabled) return { label: t("status.off"), tone: "secondary" };
  return on();
}

/** What someone who may not manage channels sees on a channel that is not connected. */
export function NotConnectedNote() {
  const { t } = useTranslation("channels");
  return <p className="text-[0.9375rem] text-muted-foreground">{t("common.notConnectedReadOnly")}</p>;
}

/** The numbered steps of connecting a channel. */
export function SetupSteps({ steps }: { steps: string[] }) {
  return (
    <ol className="list-decimal space-y-1 ps-5 text-[0.9375rem] text-muted-foreground marker:text-primary">
      {steps.map((step) => (
        <li key={step}>{step}</li>
      ))}
    </ol>
  );
}

/** A channel's public handle as "@name" linking to its profile, or `fallback` while it has none. */
export function HandleLink({ profileUrl, handle, fallback }: { profileUrl: string; handle: string | null | undefined; fallback: React.ReactNode }) {
  if (!handle) return <>{fallback}</>;
  return (
    <a href={`${profileUrl}${handle}`} target="_blank" rel="noreferrer" className="text-primary hover:underline">
      @{handle}
    </a>
  );
}

/**
 * The footer of a connected channel whose credentials were entered by hand: open the form again
 * (a new token, a new subscription) or disconnect, behind a confirmation.
 */
export function ReconnectActions({ icon: Icon, label, open, onToggle, disconnect }: { icon: LucideIcon; label: string; open: boolean; onToggle: () => void; disconnect: { title: string; message: string; onConfirm: () => unknown } }) {
  const { t } = useTranslation("channels");
  return (
    <>
      <Button variant="outline" size="sm" onClick={onToggle} aria-expanded={open}>
        <Icon aria-hidden />
        {label}
      </Button>
      <ChannelDangerAction icon={Unplug} label={t("common.disconnect")} confirm={{ title: disconnect.title, message: disconnect.message, confirmText: t("common.disconnect") }} onConfirm={disconnect.onConfirm} />
    </>
  );
}
