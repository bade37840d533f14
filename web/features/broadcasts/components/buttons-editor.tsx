import { useTranslation } from "react-i18next";
import { ArrowDown, ArrowUp, Link2, Plus, X } from "lucide-react";
import { MAX_BUTTON_LABEL, MAX_BUTTONS } from "@worker/features/broadcasts/contract";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";

/** A button while it is edited: a label and a link that may be empty (a reply button). */
export interface ButtonDraft {
  label: string;
  url: string;
}

type ButtonErrors = Array<{ label?: { message?: string }; url?: { message?: string } } | undefined> | undefined;

/**
 * Up to MAX_BUTTONS buttons under the message: a label and an optional link each, moved up and down
 * with the arrows (the order is the keyboard's rows, or the numbered list's order).
 */
export function ButtonsEditor({ value, onChange, errors, disabled }: { value: ButtonDraft[]; onChange: (next: ButtonDraft[]) => void; errors?: ButtonErrors; disabled?: boolean }) {
  const { t } = useTranslation("broadcasts");
  const set = (i: number, patch: Partial<ButtonDraft>) => onChange(value.map((b, j) => (j === i ? { ...b, ...patch } : b)));
  const move = (i: number, to: number) => {
    const next = [...value];
    const [b] = next.splice(i, 1);
    next.splice(to, 0, b!);
    onChange(next);
  };
  return (
    <div className="space-y-3" data-testid="buttons-editor">
      {value.length > 0 && (
        <ol className="space-y-2">
          {value.map((b, i) => {
            const n = i + 1;
            const err = errors?.[i];
            return (
              <li key={i} className="rounded-lg border p-2 sm:p-3" data-testid="button-row">
                <div className="flex flex-col gap-2 sm:flex-row sm:items-start">
                  <span className="hidden w-5 pt-2 text-sm font-medium text-muted-foreground tabular-nums sm:block" aria-hidden>
                    {n}.
                  </span>
                  <div className="min-w-0 flex-1 space-y-1">
                    <Input value={b.label} onChange={(e) => set(i, { label: e.target.value })} placeholder={t("composer.buttons.labelPlaceholder")} aria-label={t("composer.buttons.label", { n })} maxLength={MAX_BUTTON_LABEL} disabled={disabled} aria-invalid={!!err?.label} />
                    {err?.label?.message && <p className="text-sm text-destructive">{err.label.message}</p>}
                  </div>
                  <div className="min-w-0 flex-1 space-y-1">
                    <div className="relative">
                      <Link2 className="pointer-events-none absolute start-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden />
                      <Input value={b.url} onChange={(e) => set(i, { url: e.target.value })} placeholder={t("composer.buttons.urlPlaceholder")} aria-label={t("composer.buttons.url", { n })} className="ps-9" inputMode="url" disabled={disabled} aria-invalid={!!err?.url} />
                    </div>
                    {err?.url?.message && <p className="text-sm text-destructive">{err.url.message}</p>}
                  </div>
                  <div className="flex shrink-0 justify-end gap-1">
                    <Button type="button" variant="ghost" size="icon" aria-label={t("composer.buttons.up", { n })} onClick={() => move(i, i - 1)} disabled={disabled || i === 0}>
                      <ArrowUp aria-hidden />
                    </Button>
                    <Button type="button" variant="ghost" size="icon" aria-label={t("composer.buttons.down", { n })} onClick={() => move(i, i + 1)} disabled={disabled || i === value.length - 1}>
                      <ArrowDown aria-hidden />
                    </Button>
                    <Button type="button" variant="ghost" size="icon" aria-label={t("composer.buttons.remove", { n })} onClick={() => onChange(value.filter((_, j) => j !== i))} disabled={disabled}>
                      <X aria-hidden />
                    </Button>
                  </div>
                </div>
              </li>
            );
          })}
        </ol>
      )}
      <div className="flex flex-wrap items-center gap-3">
        <Button type="button" variant="outline" size="sm" onClick={() => onChange([...value, { label: "", url: "" }])} disabled={disabled || value.length >= MAX_BUTTONS} data-testid="button-add">
          <Plus aria-hidden />
          {t("composer.buttons.add")}
        </Button>
        <span className="text-sm text-muted-foreground">{t("composer.buttons.count", { count: value.length, max: MAX_BUTTONS })}</span>
      </div>
    </div>
  );
}
