import { useTranslation } from "react-i18next";
import { Braces } from "lucide-react";
import { Button } from "@/components/ui/button";
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuLabel, DropdownMenuSeparator, DropdownMenuTrigger } from "@/components/ui/dropdown-menu";

export interface VariableLists {
  fields: ReadonlyArray<{ key: string; label: string }>;
  variables: readonly string[];
}

function Item({ label, token, onPick }: { label: string; token: string; onPick: (token: string) => void }) {
  return (
    <DropdownMenuItem onSelect={() => onPick(token)}>
      <span className="flex-1 truncate">{label}</span>
      <code className="text-xs text-muted-foreground">{token}</code>
    </DropdownMenuItem>
  );
}

/** Inserts a variable: the contact's name, a custom field by key, or a flow variable (`{{var.x}}`, saved by a question). */
export function VariablePicker({ lists, onPick, disabled }: { lists: VariableLists; onPick: (token: string) => void; disabled?: boolean }) {
  const { t } = useTranslation("flows");
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button type="button" variant="ghost" size="sm" className="h-7 px-2" disabled={disabled} data-testid="variable-picker">
          <Braces aria-hidden />
          {t("settings.variables.insert")}
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="max-h-80 overflow-y-auto">
        <DropdownMenuLabel>{t("settings.variables.contact")}</DropdownMenuLabel>
        <Item label={t("settings.variables.name")} token="{{name}}" onPick={onPick} />
        {lists.fields.length > 0 && (
          <>
            <DropdownMenuSeparator />
            <DropdownMenuLabel>{t("settings.variables.fields")}</DropdownMenuLabel>
            {lists.fields.map((f) => (
              <Item key={f.key} label={f.label} token={`{{${f.key}}}`} onPick={onPick} />
            ))}
          </>
        )}
        <DropdownMenuSeparator />
        <DropdownMenuLabel>{t("settings.variables.flow")}</DropdownMenuLabel>
        {lists.variables.length ? (
          lists.variables.map((v) => <Item key={v} label={v} token={`{{var.${v}}}`} onPick={onPick} />)
        ) : (
          <p className="px-2 py-1.5 text-xs text-muted-foreground">{t("settings.variables.noFlowVars")}</p>
        )}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
