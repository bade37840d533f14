import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { Check, Plus, X } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Command, CommandEmpty, CommandGroup, CommandInput, CommandItem, CommandList } from "@/components/ui/command";
import { Popover, PopoverContent, PopoverTrigger } from "@/components/ui/popover";
import { contactKeys, type ContactProfile } from "@/features/contacts/api";
import { useAbility } from "@/lib/ability";
import { cn } from "@/lib/utils";
import { customFieldApi, customFieldKeys, customFieldQueries, type ContactTag } from "../api";
import { TagBadge } from "./tag-badge";

export interface ContactTagsEditorProps {
  accountId: string;
  /** The contact as GET …/contacts/{contactId} answers it. */
  contact: Pick<ContactProfile, "contactId" | "tags">;
  /** Told the saved tags (a view keeping the contact elsewhere than the contact query patches its copy). */
  onSaved?: (tags: ContactTag[]) => void;
  className?: string;
}

/**
 * A contact's tags as coloured badges. Whoever may update the contact adds one from the account's
 * tags (searchable) or removes one with its cross; each change is saved at once.
 */
export function ContactTagsEditor({ accountId, contact, onSaved, className }: ContactTagsEditorProps) {
  const { t } = useTranslation("customFields");
  const queryClient = useQueryClient();
  const ability = useAbility();
  const canSet = ability.can("update", "Contact", "tags");
  const [open, setOpen] = useState(false);
  const [saving, setSaving] = useState(false);
  const all = useQuery({ ...customFieldQueries.tags(accountId), enabled: canSet });
  const current = contact.tags;

  const save = async (tagIds: string[]) => {
    setSaving(true);
    try {
      const r = await customFieldApi.setContactTags(accountId, contact.contactId, tagIds);
      queryClient.setQueryData(contactKeys.detail(accountId, contact.contactId), (old) => (old ? { ...old, tags: r.tags } : old));
      void queryClient.invalidateQueries({ queryKey: customFieldKeys.tags(accountId) });
      onSaved?.(r.tags);
    } catch {
      // the API client has shown the reason
    } finally {
      setSaving(false);
    }
  };
  const has = (tagId: string) => current.some((x) => x.tagId === tagId);
  const toggle = (tagId: string) => void save(has(tagId) ? current.filter((x) => x.tagId !== tagId).map((x) => x.tagId) : [...current.map((x) => x.tagId), tagId]);

  return (
    <div className={cn("flex flex-wrap items-center gap-1.5", className)} data-testid="contact-tags" aria-busy={saving || undefined}>
      {current.length === 0 && !canSet && <span className="text-[0.8125rem] text-muted-foreground">{t("contactTags.none")}</span>}
      {current.map((tag) => (
        <TagBadge key={tag.tagId} name={tag.name} color={tag.color}>
          {canSet && (
            <button
              type="button"
              className="-me-1 rounded-full p-0.5 hover:bg-black/10 focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none disabled:opacity-50"
              aria-label={t("contactTags.remove", { name: tag.name })}
              disabled={saving}
              onClick={() => toggle(tag.tagId)}
            >
              <X className="size-3" aria-hidden />
            </button>
          )}
        </TagBadge>
      ))}
      {canSet && (
        <Popover open={open} onOpenChange={setOpen}>
          <PopoverTrigger asChild>
            <Button variant="outline" size="sm" className="h-6 rounded-full px-2.5 text-[0.8125rem]" disabled={saving} data-testid="contact-tags-add">
              <Plus aria-hidden />
              {t("contactTags.add")}
            </Button>
          </PopoverTrigger>
          <PopoverContent className="w-64 p-0" align="start">
            <Command>
              <CommandInput placeholder={t("contactTags.search")} />
              <CommandList>
                <CommandEmpty>
                  {all.isPending ? t("loading") : all.isError ? t("contactTags.loadFailed") : t("contactTags.noMatches")}
                </CommandEmpty>
                <CommandGroup>
                  {all.data?.data.map((tag) => (
                    <CommandItem key={tag.tagId} value={tag.name} onSelect={() => toggle(tag.tagId)}>
                      <span className="size-2.5 shrink-0 rounded-full" style={{ backgroundColor: tag.color }} aria-hidden />
                      <span className="flex-1 truncate">{tag.name}</span>
                      {has(tag.tagId) && <Check className="size-4 text-primary" aria-label={t("contactTags.chosen")} />}
                    </CommandItem>
                  ))}
                </CommandGroup>
              </CommandList>
              {ability.can("create", "Tag") && (
                <div className="border-t p-1">
                  <Button variant="ghost" size="sm" className="w-full justify-start" asChild>
                    <Link to={`/${accountId}/custom-fields?tab=tags`}>{t("contactTags.manage")}</Link>
                  </Button>
                </div>
              )}
            </Command>
          </PopoverContent>
        </Popover>
      )}
    </div>
  );
}
