import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Combobox, ComboboxCheck } from "@/components/ui/combobox";
import { CommandEmpty, CommandGroup, CommandInput, CommandItem, CommandList } from "@/components/ui/command";
import type { AccountTag } from "@/features/custom-fields/api";

/** A searchable multi-pick of the account's tags; the button lists the chosen names. */
export function TagPicker({
  tags,
  value,
  onChange,
  label,
  id,
  testId,
}: {
  tags: AccountTag[];
  value: string[];
  onChange: (ids: string[]) => void;
  label: string;
  id?: string;
  testId?: string;
}) {
  const { t } = useTranslation("contacts");
  const [open, setOpen] = useState(false);
  const names = value.map((v) => tags.find((x) => x.tagId === v)?.name ?? v);
  const toggle = (tagId: string) => onChange(value.includes(tagId) ? value.filter((x) => x !== tagId) : [...value, tagId]);
  return (
    <Combobox open={open} onOpenChange={setOpen} id={id} label={id ? undefined : label} display={names.length ? names.join(", ") : t("audience.tags.pick")} empty={!names.length} testId={testId}>
      <CommandInput placeholder={t("audience.tags.search")} />
      <CommandList>
        <CommandEmpty>{t("audience.tags.empty")}</CommandEmpty>
        <CommandGroup>
          {tags.map((tag) => (
            <CommandItem key={tag.tagId} value={`${tag.name} ${tag.tagId}`} onSelect={() => toggle(tag.tagId)} data-testid="tag-option">
              <ComboboxCheck on={value.includes(tag.tagId)} />
              <span className="size-2 shrink-0 rounded-full" style={{ backgroundColor: tag.color }} aria-hidden />
              <span className="truncate">{tag.name}</span>
            </CommandItem>
          ))}
        </CommandGroup>
      </CommandList>
    </Combobox>
  );
}
