import { serverText } from "@/lib/api";
import { i18n } from "@/lib/i18n";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { Filter, ListFilter, Pencil, RefreshCw, Trash2 } from "lucide-react";
import { ActionsMenu } from "@/components/actions-menu";
import { Button } from "@/components/ui/button";
import { DropdownMenuItem, DropdownMenuSeparator } from "@/components/ui/dropdown-menu";
import { EmptyState } from "@/components/ui/empty-state";
import { Sheet, SheetContent, SheetDescription, SheetHeader, SheetTitle, SheetTrigger } from "@/components/ui/sheet";
import { Skeleton } from "@/components/ui/skeleton";
import { useAbility } from "@/lib/ability";
import { confirm } from "@/lib/confirm";
import { notify } from "@/lib/notify";
import { cn } from "@/lib/utils";
import { audienceApi, audienceErrorText, audienceKeys, audienceQueries, type AudienceFilter, type Segment } from "../api";
import { filterKey, readyFilter } from "../filter-model";
import { AudienceCount } from "./audience-count";
import { SegmentDialog } from "./segment-dialog";

/**
 * «Сегменты»: a side panel with the account's segments, each with its live count per channel.
 * Choosing one applies its filter; admins and owners rename it, overwrite its filter with the
 * current one, or delete it (after a confirmation). Operators only read and apply.
 */
export function SegmentsPanel({ accountId, current, activeId, onApply }: { accountId: string; current: AudienceFilter; activeId?: string; onApply: (s: Segment) => void }) {
  const { t } = useTranslation("contacts");
  const [open, setOpen] = useState(false);
  const list = useQuery(audienceQueries.segments(accountId));
  const segments = list.data?.data ?? [];
  return (
    <Sheet open={open} onOpenChange={setOpen}>
      <SheetTrigger asChild>
        <Button variant="outline" data-testid="segments-open">
          <ListFilter aria-hidden />
          {t("segments.title")}
          {segments.length > 0 && <span className="rounded-full bg-muted px-1.5 text-xs tabular-nums text-muted-foreground">{segments.length}</span>}
        </Button>
      </SheetTrigger>
      <SheetContent side="end" className="w-full gap-0 overflow-y-auto sm:max-w-md" data-testid="segments-panel">
        <SheetHeader className="pb-4">
          <SheetTitle>{t("segments.title")}</SheetTitle>
          <SheetDescription>{t("segments.description")}</SheetDescription>
        </SheetHeader>
        <div className="grid gap-3 px-6 pb-6">
          {list.isPending && [0, 1, 2].map((i) => <Skeleton key={i} className="h-20 w-full" />)}
          {list.isError && (
            <EmptyState
              icon={Filter}
              title={t("segments.loadError")}
              description={audienceErrorText(list.error, "") || undefined}
              action={
                <Button variant="outline" size="sm" onClick={() => void list.refetch()} loading={list.isFetching}>
                  {t("list.retry")}
                </Button>
              }
            />
          )}
          {list.isSuccess && segments.length === 0 && <EmptyState icon={Filter} title={t("segments.empty")} description={t("segments.emptyHint")} />}
          {segments.map((s) => (
            <SegmentItem
              key={s.segmentId}
              accountId={accountId}
              segment={s}
              active={s.segmentId === activeId}
              current={current}
              onApply={() => {
                onApply(s);
                setOpen(false);
              }}
            />
          ))}
        </div>
      </SheetContent>
    </Sheet>
  );
}

function SegmentItem({ accountId, segment: s, active, current, onApply }: { accountId: string; segment: Segment; active: boolean; current: AudienceFilter; onApply: () => void }) {
  const { t } = useTranslation("contacts");
  const ability = useAbility();
  const queryClient = useQueryClient();
  const [renaming, setRenaming] = useState(false);
  const canEdit = ability.can("update", "Segment");
  const canDelete = ability.can("delete", "Segment");
  const differs = filterKey(current) !== filterKey(s.filter as AudienceFilter);
  const refresh = () => queryClient.invalidateQueries({ queryKey: audienceKeys.segments(accountId) });

  const overwrite = async () => {
    try {
      const r = await audienceApi.updateSegment(accountId, s.segmentId, { filter: readyFilter(current) });
      notify({ type: "success", message: serverText(r.message, i18n.t("common:serverToasts.segmentSaved")) });
      await refresh();
    } catch (e) {
      notify({ type: "error", message: audienceErrorText(e, t("segments.saveFailed")) });
    }
  };
  const remove = async () => {
    if (!(await confirm({ title: t("segments.deleteTitle"), message: t("segments.deleteMessage", { name: s.name }), confirmText: t("segments.deleteConfirm") }))) return;
    try {
      await audienceApi.removeSegment(accountId, s.segmentId);
      notify({ type: "success", message: t("segments.deleted") });
      await refresh();
    } catch {
      /* the snackbar told the reason */
    }
  };

  return (
    <div className={cn("grid gap-2 rounded-lg border border-border p-3", active && "border-primary/60 bg-primary/5")} data-testid="segment-item">
      <div className="flex items-start gap-2">
        <button type="button" className="min-w-0 flex-1 text-start font-medium text-heading hover:text-primary focus-visible:underline focus-visible:outline-none" onClick={onApply} data-testid="segment-apply">
          <span className="block truncate" data-testid="segment-name">
            {s.name}
          </span>
        </button>
        {(canEdit || canDelete) && (
          <ActionsMenu label={t("segments.actions", { name: s.name })} testId="segment-actions">
            {canEdit && (
              <DropdownMenuItem onSelect={() => setRenaming(true)} data-testid="segment-rename">
                <Pencil aria-hidden />
                {t("segments.rename")}
              </DropdownMenuItem>
            )}
            {canEdit && (
              <DropdownMenuItem disabled={!differs} onSelect={() => void overwrite()} data-testid="segment-overwrite">
                <RefreshCw aria-hidden />
                {t("segments.overwrite")}
              </DropdownMenuItem>
            )}
            {canDelete && <DropdownMenuSeparator />}
            {canDelete && (
              <DropdownMenuItem variant="destructive" onSelect={() => void remove()} data-testid="segment-delete">
                <Trash2 aria-hidden />
                {t("segments.delete")}
              </DropdownMenuItem>
            )}
          </ActionsMenu>
        )}
      </div>
      <AudienceCount accountId={accountId} segmentId={s.segmentId} />
      {renaming && <SegmentDialog accountId={accountId} segment={s} onClose={() => setRenaming(false)} />}
    </div>
  );
}
