import { useTranslation } from "react-i18next";
import { Braces } from "lucide-react";
import { Button } from "@/components/ui/button";
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuLabel, DropdownMenuSeparator, DropdownMenuTrigger } from "@/components/ui/dropdown-menu";

/** The variables the text may use: `{{name}}` and every custom field by its key. */
export function VariablesMenu({ fields, onPick, disabled }: { fields: ReadonlyArray<{ key: string; label: string }>; onPick: (key: string) => void; disabled?: boolean }) {
  const { t } = useTranslation("broadcasts");
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button type="button" variant="ghost" size="sm" disabled={disabled} data-testid="variables-menu">
          <Braces aria-hidden />
          {t("composer.variables.insert")}
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="max-h-80 overflow-y-auto">
        <DropdownMenuItem onSelect={() => onPick("name")}>
          <span className="flex-1">{t("composer.variables.name")}</span>
          <code className="text-xs text-muted-foreground">{"{{name}}"}</code>
        </DropdownMenuItem>
        {fields.length > 0 && (
          <>
            <DropdownMenuSeparator />
            <DropdownMenuLabel>{t("composer.variables.fields")}</DropdownMenuLabel>
            {fields.map((f) => (
              <DropdownMenuItem key={f.key} onSelect={() => onPick(f.key)}>
                <span className="flex-1 truncate">{f.label}</span>
                <code className="text-xs text-muted-foreground">{`{{${f.key}}}`}</code>
              </DropdownMenuItem>
            ))}
          </>
        )}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
