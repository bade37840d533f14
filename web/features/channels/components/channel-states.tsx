import { useTranslation } from "react-i18next";
import { CloudOff, RefreshCw } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { ApiError } from "@/lib/api";
import type { ChannelKind } from "../api";
import { PlatformTile } from "./platform-tile";

/** The loading state of a channel card (same frame as the card, so nothing jumps). */
export function CardSkeleton({ kind, className }: { kind: ChannelKind; className?: string }) {
  return (
    <Card className={className} aria-busy="true" data-testid={`channel-${kind}-loading`}>
      <CardHeader className="grid-cols-[auto_1fr] gap-x-4">
        <PlatformTile kind={kind} className="row-span-2 opacity-60" />
        <Skeleton className="h-5 w-40" />
        <Skeleton className="h-4 w-64 max-w-full" />
      </CardHeader>
      <CardContent className="space-y-3">
        <Skeleton className="h-12 w-full" />
        <Skeleton className="h-4 w-3/4" />
        <Skeleton className="h-4 w-1/2" />
        <Skeleton className="h-9.5 w-40" />
      </CardContent>
    </Card>
  );
}

/** A channel whose state could not be read: what happened and a retry. */
export function ChannelLoadError({ kind, title, error, onRetry, retrying, className }: { kind: ChannelKind; title: string; error: unknown; onRetry: () => void; retrying?: boolean; className?: string }) {
  const { t } = useTranslation("channels");
  return (
    <Card className={className} data-testid={`channel-${kind}`}>
      <CardHeader className="grid-cols-[auto_1fr] gap-x-4">
        <PlatformTile kind={kind} className="row-span-2" />
        <CardTitle>{title}</CardTitle>
      </CardHeader>
      <CardContent>
        <div role="alert" className="flex flex-col items-center gap-3 rounded-md border border-dashed p-6 text-center">
          <span className="flex size-11 items-center justify-center rounded-full bg-destructive/10 text-destructive">
            <CloudOff className="size-5" aria-hidden />
          </span>
          <p className="font-medium text-heading">{t("common.loadError")}</p>
          <p className="text-sm text-muted-foreground">{error instanceof ApiError ? error.body.message : t("common.network")}</p>
          <Button variant="outline" size="sm" onClick={onRetry} loading={retrying}>
            <RefreshCw aria-hidden />
            {t("common.retry")}
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}
