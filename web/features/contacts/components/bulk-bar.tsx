import { serverText } from "@/lib/api";
import { i18n } from "@/lib/i18n";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { BellOff, BellRing, Tag, TagsIcon, Trash2 } from "lucide-react";
import { BulkActionBar, canWidenSelection } from "@/components/bulk-action-bar";
import { Button } from "@/components/ui/button";
import { Command, CommandEmpty, CommandGroup, CommandInput, CommandItem, CommandList } from "@/components/ui/command";
import { Popover, PopoverContent, PopoverTrigger } from "@/components/ui/popover";
import { audienceApi, audienceKeys, type AudienceFilter } from "@/features/audience/api";
import { readyFilter } from "@/features/audience/filter-model";
import { customFieldKeys, customFieldQueries } from "@/features/custom-fields/api";
import { useAbility } from "@/lib/ability";
import { confirm } from "@/lib/confirm";
import { notify } from "@/lib/notify";
import { contactKeys } from "../api";

/** What a bulk action applies to: the chosen rows, or everything the filter matches. */
export type BulkTarget = { kind: "ids"; ids: string[] } | { kind: "filter"; filter: AudienceFilter; total: number };

/**
 * The bar over the table while rows are chosen: how many, «выбрать все N по фильтру», tag, untag and
 * (admins and owners) unsubscribe from broadcasts, subscribe again and delete, each of these after
 * a confirmation naming the number.
 */
export function BulkBar({
  accountId,
  target,
  pageCount,
  total,
  onSelectAll,
  onClear,
}: {
  accountId: string;
  target: BulkTarget;
  pageCount: number;
  total: number;
  onSelectAll: () => void;
  onClear: () => void;
}) {
  const { t } = useTranslation("contacts");
  const queryClient = useQueryClient();
  const ability = useAbility();
  const [busy, setBusy] = useState<string | null>(null);
  const count = target.kind === "ids" ? target.ids.length : target.total;
  const scope = target.kind === "ids" ? { ids: target.ids } : { filter: readyFilter(target.filter) };

  const run = async (action: "tag" | "untag" | "delete" | "subscribe" | "unsubscribe", tagId?: string) => {
    setBusy(action);
    try {
      const r = await audienceApi.bulk(accountId, { action, tagId, ...scope });
      notify({ type: "success", message: serverText(r.message, i18n.t(`common:serverToasts.bulk.${action}`, { count: r.affected })) });
      await Promise.all([contactKeys.all(accountId), customFieldKeys.tags(accountId), audienceKeys.segments(accountId)].map((queryKey) => queryClient.invalidateQueries({ queryKey })));
      if (action === "delete") onClear();
    } catch {
      /* the snackbar told the reason */
    } finally {
      setBusy(null);
    }
  };
  const askDelete = async () => {
    if (await confirm({ title: t("bulk.deleteTitle", { count }), message: t("bulk.deleteMessage", { count }), confirmText: t("bulk.deleteConfirm", { count }) })) await run("delete");
  };

  const askSubscription = async (action: "subscribe" | "unsubscribe") => {
    if (await confirm({ title: t(`bulk.${action}Title`, { count }), message: t(`bulk.${action}Message`, { count }), confirmText: t(`bulk.${action}Confirm`) })) await run(action);
  };

  return (
    <BulkActionBar
      label={t("bulk.label")}
      countText={target.kind === "ids" ? t("bulk.selected", { count }) : t("bulk.allMatching", { count })}
      selectAllText={canWidenSelection(target, pageCount, total) ? t("bulk.selectAll", { count: total }) : null}
      onSelectAll={onSelectAll}
      clearText={t("bulk.clear")}
      onClear={onClear}
    >
      <TagAction accountId={accountId} label={t("bulk.tag")} icon={<Tag aria-hidden />} busy={busy === "tag"} onPick={(id) => void run("tag", id)} testId="bulk-tag" />
      <TagAction accountId={accountId} label={t("bulk.untag")} icon={<TagsIcon aria-hidden />} busy={busy === "untag"} onPick={(id) => void run("untag", id)} testId="bulk-untag" />
      {/* Whom broadcasts reach, in bulk: for those who run broadcasts (the server checks the same). */}
      {ability.can("create", "Broadcast") && (
        <>
          <Button variant="outline" size="sm" onClick={() => void askSubscription("unsubscribe")} loading={busy === "unsubscribe"} data-testid="bulk-unsubscribe">
            <BellOff aria-hidden />
            {t("bulk.unsubscribe")}
          </Button>
          <Button variant="outline" size="sm" onClick={() => void askSubscription("subscribe")} loading={busy === "subscribe"} data-testid="bulk-subscribe">
            <BellRing aria-hidden />
            {t("bulk.subscribe")}
          </Button>
        </>
      )}
      {ability.can("delete", "Contact") && (
        <Button variant="outline" size="sm" className="text-destructive" onClick={() => void askDelete()} loading={busy === "delete"} data-testid="bulk-delete">
          <Trash2 aria-hidden />
          {t("bulk.delete")}
        </Button>
      )}
    </BulkActionBar>
  );
}

function TagAction({ accountId, label, icon, busy, onPick, testId }: { accountId: string; label: string; icon: React.ReactNode; busy: boolean; onPick: (tagId: string) => void; testId: string }) {
  const { t } = useTranslation(["contacts", "common"]);
  const [open, setOpen] = useState(false);
  const tags = useQuery({ ...customFieldQueries.tags(accountId), enabled: open });
  return (
    <Popover open={open} onOpenChange={setOpen}>
      <PopoverTrigger asChild>
        <Button variant="outline" size="sm" loading={busy} data-testid={testId}>
          {icon}
          {label}
        </Button>
      </PopoverTrigger>
      <PopoverContent className="w-64 p-0" align="end">
        <Command>
          <CommandInput placeholder={t("audience.tags.search")} />
          <CommandList>
            <CommandEmpty>{tags.isPending ? t("common:states.loading") : t("audience.tags.empty")}</CommandEmpty>
            <CommandGroup>
              {(tags.data?.data ?? []).map((tag) => (
                <CommandItem
                  key={tag.tagId}
                  value={`${tag.name} ${tag.tagId}`}
                  onSelect={() => {
                    setOpen(false);
                    onPick(tag.tagId);
                  }}
                  data-testid="bulk-tag-option"
                >
                  <span className="size-2 shrink-0 rounded-full" style={{ backgroundColor: tag.color }} aria-hidden />
                  <span className="truncate">{tag.name}</span>
                </CommandItem>
              ))}
            </CommandGroup>
          </CommandList>
        </Command>
      </PopoverContent>
    </Popover>
  );
}
