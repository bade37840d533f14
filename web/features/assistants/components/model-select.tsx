import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useQuery } from "@tanstack/react-query";
import { PenLine } from "lucide-react";
import { Combobox, ComboboxCheck } from "@/components/ui/combobox";
import { CommandEmpty, CommandGroup, CommandInput, CommandItem, CommandList } from "@/components/ui/command";
import { useCurrentAccountId } from "@/lib/session-store";
import { assistantQueries } from "../api";
import { MODEL_ID_RE, MODELS } from "../types";

/**
 * The model of an assistant: a combobox with the three default models of §3, the models the
 * account's own AI provider lists (settings → AI-провайдер), and any id typed in (a provider
 * without a model list, or a model it does not list).
 */
export function ModelSelect({ value, onChange, id, disabled, accountId }: { value: string; onChange: (v: string) => void; id?: string; disabled?: boolean; accountId?: string }) {
  const { t } = useTranslation("assistants");
  const current = useCurrentAccountId();
  const info = useQuery(assistantQueries.modelInfo(accountId ?? current));
  const [open, setOpen] = useState(false);
  const [search, setSearch] = useState("");
  const providerModels = (info.data?.provider?.models ?? []).filter((m) => !MODELS.includes(m));
  const custom = info.data?.provider?.custom ?? false;
  const typed = search.trim();
  const canUseTyped = typed.length > 0 && typed.length <= 100 && MODEL_ID_RE.test(typed) && !MODELS.includes(typed) && !providerModels.includes(typed);
  const pick = (m: string) => {
    onChange(m);
    setOpen(false);
    setSearch("");
  };
  const hint = MODELS.includes(value) ? t(`models.${value}`) : providerModels.includes(value) ? t("modelSelect.providerHint", { host: info.data?.provider?.host ?? "" }) : value ? t("modelSelect.customHint") : null;

  return (
    <div className="grid gap-1.5">
      <Combobox
        open={open}
        onOpenChange={(o) => (setOpen(o), o || setSearch(""))}
        display={value || t("modelSelect.placeholder")}
        empty={!value}
        id={id}
        disabled={disabled}
        label={t("editor.fields.model")}
        testId="model-select"
        commandClassName="[&_[cmdk-group-heading]]:px-3 [&_[cmdk-group-heading]]:pt-2.5 [&_[cmdk-group-heading]]:pb-1.5 [&_[cmdk-group-heading]]:text-xs [&_[cmdk-group-heading]]:font-medium [&_[cmdk-group-heading]]:tracking-wide [&_[cmdk-group-heading]]:text-muted-foreground [&_[cmdk-group-heading]]:uppercase"
      >
        <CommandInput placeholder={t("modelSelect.search")} value={search} onValueChange={setSearch} data-testid="model-search" />
        <CommandList className="max-h-80">
          <CommandEmpty>{t("modelSelect.empty")}</CommandEmpty>
          {canUseTyped && (
            <CommandGroup>
              <CommandItem value={`__typed__ ${typed}`} onSelect={() => pick(typed)} data-testid="model-use-typed">
                <PenLine className="size-4" aria-hidden />
                <span className="min-w-0 truncate">{t("modelSelect.useTyped", { model: typed })}</span>
              </CommandItem>
            </CommandGroup>
          )}
          <CommandGroup heading={t("modelSelect.defaults")}>
            {MODELS.map((m) => (
              <CommandItem key={m} value={m} onSelect={() => pick(m)}>
                <ComboboxCheck on={m === value} />
                <span className="grid min-w-0">
                  <span className="truncate">{m}</span>
                  <span className="truncate text-xs text-muted-foreground">{t(`models.${m}`)}</span>
                </span>
              </CommandItem>
            ))}
          </CommandGroup>
          {providerModels.length > 0 && (
            <CommandGroup heading={t("modelSelect.provider", { host: info.data?.provider?.host ?? "" })}>
              {providerModels.map((m) => (
                <CommandItem key={m} value={m} onSelect={() => pick(m)}>
                  <ComboboxCheck on={m === value} />
                  <span className="truncate">{m}</span>
                </CommandItem>
              ))}
            </CommandGroup>
          )}
          {!MODELS.includes(value) && !providerModels.includes(value) && value && (
            <CommandGroup heading={t("modelSelect.current")}>
              <CommandItem value={value} onSelect={() => pick(value)}>
                <ComboboxCheck on />
                <span className="truncate">{value}</span>
              </CommandItem>
            </CommandGroup>
          )}
        </CommandList>
        <p className="border-t px-3 py-2 text-xs text-muted-foreground">{custom ? t("modelSelect.footerCustom") : t("modelSelect.footer")}</p>
      </Combobox>
      {hint && <p className="text-[0.8125rem] text-muted-foreground">{hint}</p>}
    </div>
  );
}
