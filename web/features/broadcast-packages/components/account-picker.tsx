import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { Building2 } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Command, CommandEmpty, CommandInput, CommandItem, CommandList, CommandLoading } from "@/components/ui/command";
import { packageQueries, type AdminAccount } from "@/features/broadcast-packages/api";

/** Search the platform's accounts by name and pick one; once picked it shows the account and "change". */
export function AccountPicker({ value, onChange, invalid }: { value: AdminAccount | null; onChange: (account: AdminAccount | null) => void; invalid?: boolean }) {
  const { t } = useTranslation("admin");
  const [text, setText] = useState("");
  const [q, setQ] = useState("");
  useEffect(() => {
    const id = window.setTimeout(() => setQ(text.trim()), 250);
    return () => window.clearTimeout(id);
  }, [text]);
  const accounts = useQuery({ ...packageQueries.accounts(q), enabled: !value, placeholderData: keepPreviousData });

  if (value) {
    return (
      <div className="flex items-center justify-between gap-3 rounded-md border px-3 py-2" data-testid="picked-account">
        <span className="flex min-w-0 items-center gap-2">
          <Building2 className="size-4 shrink-0 text-muted-foreground" aria-hidden />
          <span className="truncate font-medium">{value.name}</span>
        </span>
        <Button type="button" variant="ghost" size="sm" onClick={() => onChange(null)}>
          {t("grant.changeAccount")}
        </Button>
      </div>
    );
  }
  return (
    <Command shouldFilter={false} className="rounded-md border" aria-invalid={invalid || undefined}>
      <CommandInput value={text} onValueChange={setText} placeholder={t("grant.searchPlaceholder")} aria-label={t("grant.account")} data-testid="account-search" />
      <CommandList className="max-h-48 overflow-y-auto">
        {accounts.isPending && <CommandLoading>{t("grant.searching")}</CommandLoading>}
        {accounts.isError && <div className="px-3 py-2 text-sm text-destructive">{t("grant.searchFailed")}</div>}
        {accounts.data && <CommandEmpty>{t("grant.noAccounts")}</CommandEmpty>}
        {accounts.data?.data.map((a) => (
          <CommandItem key={a.accountId} value={a.accountId} onSelect={() => onChange(a)} className="flex justify-between gap-3 px-3 py-2">
            <span className="truncate">{a.name}</span>
            <span className="shrink-0 text-xs text-muted-foreground">{t("grant.members", { count: a.memberCount })}</span>
          </CommandItem>
        ))}
      </CommandList>
    </Command>
  );
}
