import { useTranslation } from "react-i18next";
import { ArrowDown, ArrowUp, Link2, Plus, X } from "lucide-react";
import { MAX_BUTTON_LABEL, MAX_BUTTONS } from "@worker/features/broadcasts/contract";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";

/** A button while it is edited: a label and a link that may be empty (a reply button). */
export interface ButtonDraft {
  label: string;
  url: string;
  /** Set (even empty while none is chosen): the button starts this published flow instead of a link or a reply. */
  flowId?: string;
}

type ButtonErrors = Array<{ label?: { message?: string }; url?: { message?: string }; flowId?: { message?: string } } | undefined> | undefined;

/**
 * Up to MAX_BUTTONS buttons under the message: a label and an optional link each, moved up and down
 * with the arrows (the order is the keyboard's rows, or the numbered list's order).
 */
export function ButtonsEditor({
  value,
  onChange,
  errors,
  disabled,
  flows = [],
}: {
  value: ButtonDraft[];
  onChange: (next: ButtonDraft[]) => void;
  errors?: ButtonErrors;
  disabled?: boolean;
  /** The published flows a button may start. */
  flows?: ReadonlyArray<{ flowId: string; name: string }>;
}) {
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
                  {/* The label is short (a few words), the link long: the link takes most of the row, and both
                      wrap to a line each when the row cannot give the link a readable width. */}
                  <div className="flex min-w-0 flex-1 flex-wrap gap-2">
                    <div className="min-w-0 grow basis-48 space-y-1">
                      <Input value={b.label} onChange={(e) => set(i, { label: e.target.value })} placeholder={t("composer.buttons.labelPlaceholder")} aria-label={t("composer.buttons.label", { n })} maxLength={MAX_BUTTON_LABEL} disabled={disabled} aria-invalid={!!err?.label} />
                      {err?.label?.message && <p className="text-sm text-destructive">{err.label.message}</p>}
                    </div>
                    <ButtonTarget n={n} b={b} flows={flows} err={err} disabled={disabled} onChange={(patch) => set(i, patch)} />
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

/** What a button does: opens a link (empty: the press comes back as a reply) or starts a published flow. */
function ButtonTarget({
  n,
  b,
  flows,
  err,
  disabled,
  onChange,
}: {
  n: number;
  b: ButtonDraft;
  flows: ReadonlyArray<{ flowId: string; name: string }>;
  err: NonNullable<ButtonErrors>[number];
  disabled?: boolean;
  onChange: (patch: Partial<ButtonDraft>) => void;
}) {
  const { t } = useTranslation("broadcasts");
  const flowMode = b.flowId !== undefined;
  return (
    <div className="min-w-0 grow-[3] basis-[24rem] space-y-1">
      <div className="flex gap-2">
        <Select value={flowMode ? "flow" : "link"} onValueChange={(v) => v && onChange(v === "flow" ? { flowId: "", url: "" } : { flowId: undefined })} disabled={disabled || (!flowMode && flows.length === 0)}>
          <SelectTrigger className="w-32 shrink-0" aria-label={t("composer.buttons.kind", { n })} data-testid="button-kind">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value="link">{t("composer.buttons.kindLink")}</SelectItem>
            <SelectItem value="flow">{t("composer.buttons.kindFlow")}</SelectItem>
          </SelectContent>
        </Select>
        {flowMode ? (
          <Select value={b.flowId || undefined} onValueChange={(flowId) => flowId && onChange({ flowId })} disabled={disabled}>
            <SelectTrigger className="min-w-0 flex-1" aria-label={t("composer.buttons.flow", { n })} aria-invalid={!!err?.flowId} data-testid="button-flow">
              <SelectValue placeholder={t("composer.buttons.flowPlaceholder")} />
            </SelectTrigger>
            <SelectContent>
              {flows.map((f) => (
                <SelectItem key={f.flowId} value={f.flowId}>
                  {f.name}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        ) : (
          <div className="relative min-w-0 flex-1">
            <Link2 className="pointer-events-none absolute start-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden />
            <Input value={b.url} onChange={(e) => onChange({ url: e.target.value })} placeholder={t("composer.buttons.urlPlaceholder")} aria-label={t("composer.buttons.url", { n })} className="ps-9" inputMode="url" disabled={disabled} aria-invalid={!!err?.url} />
          </div>
        )}
      </div>
      {(err?.url?.message || err?.flowId?.message) && <p className="text-sm text-destructive">{err?.url?.message ?? err?.flowId?.message}</p>}
    </div>
  );
}
