import { useId, type ReactNode } from "react";
import { addDays, startOfDay } from "date-fns";
import { useTranslation } from "react-i18next";
import { useQuery } from "@tanstack/react-query";
import { Plus } from "lucide-react";
import { Button } from "@/components/ui/button";
import { DatePicker } from "@/components/ui/date-picker";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { PlatformIcon } from "@/features/chat/components/platform-icon";
import { customFieldQueries } from "@/features/custom-fields/api";
import { cn } from "@/lib/utils";
import type { AudienceFilter } from "../api";
import { AUDIENCE_CHANNELS, SUBSCRIPTION_STATES, TAG_MODES, type FieldCondition, type Subscription, type TagMode } from "../filter-model";
import { FieldConditionRow } from "./field-condition-row";
import { TagPicker } from "./tag-picker";

export interface AudienceFilterBuilderProps {
  accountId: string;
  value: AudienceFilter;
  onChange: (f: AudienceFilter) => void;
  /** Parts the host page sets elsewhere (a broadcast picks its channel; the contacts table has its own search). */
  hide?: ("channels" | "subscription" | "q")[];
  className?: string;
}

const ANY = "__any";
const MAX_FIELDS = 10;

/**
 * The audience filter as a form: channels, tags (any / all / none), custom field conditions, last
 * activity dates, subscription and a text search. Controlled: `value` may hold an unfinished field
 * condition while it is typed, so send `readyFilter(value)` (filter-model.ts) to the API.
 */
export function AudienceFilterBuilder({ accountId, value, onChange, hide = [], className }: AudienceFilterBuilderProps) {
  // customFields: the value inputs are the contact card's (loaded with the builder, not on the first condition).
  const { t } = useTranslation(["contacts", "customFields"]);
  const id = useId();
  const tags = useQuery(customFieldQueries.tags(accountId));
  const fields = useQuery(customFieldQueries.fields(accountId));
  const set = (patch: Partial<AudienceFilter>) => onChange({ ...value, ...patch });
  const setTags = (mode: TagMode, ids: string[]) => set({ tags: { ...value.tags, [mode]: ids.length ? ids : undefined } });
  const conditions = value.fields ?? [];
  const setCondition = (i: number, c: FieldCondition | null) => set({ fields: c ? conditions.map((x, j) => (j === i ? c : x)) : conditions.filter((_, j) => j !== i) });
  // Days in the browser's zone; the range's end is exclusive on the server, so "to" is the next day's start.
  const setDay = (end: "from" | "to", d: Date | null) =>
    set({ lastActivity: { ...value.lastActivity, [end]: d ? (end === "from" ? startOfDay(d) : addDays(startOfDay(d), 1)).toISOString() : undefined } });
  const from = value.lastActivity?.from ? new Date(value.lastActivity.from) : null;
  const to = value.lastActivity?.to ? addDays(new Date(value.lastActivity.to), -1) : null;

  return (
    // Busy while the account's tags and fields load: the pickers and «Добавить условие» change then.
    <div className={cn("grid gap-5", className)} data-testid="audience-filter-builder" aria-busy={tags.isPending || fields.isPending || undefined}>
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {!hide.includes("q") && (
          <Part label={t("audience.q")} htmlFor={`${id}-q`}>
            <Input id={`${id}-q`} type="search" value={value.q ?? ""} onChange={(e) => set({ q: e.target.value || undefined })} maxLength={100} placeholder={t("audience.qPlaceholder")} />
          </Part>
        )}
        {!hide.includes("subscription") && (
          <Part label={t("audience.subscription.label")} htmlFor={`${id}-sub`}>
            <Select value={value.subscription ?? ANY} onValueChange={(v) => set({ subscription: v === ANY ? undefined : (v as Subscription) })}>
              <SelectTrigger id={`${id}-sub`} className="w-full" data-testid="filter-subscription">
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                <SelectItem value={ANY}>{t("audience.subscription.any")}</SelectItem>
                {SUBSCRIPTION_STATES.map((s) => (
                  <SelectItem key={s} value={s}>
                    {t(`audience.subscription.${s}`)}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </Part>
        )}
        <Part label={t("audience.lastActivity.from")} htmlFor={`${id}-from`}>
          <DatePicker id={`${id}-from`} value={from} max={to ?? undefined} onChange={(d) => setDay("from", d)} />
        </Part>
        <Part label={t("audience.lastActivity.to")} htmlFor={`${id}-to`}>
          <DatePicker id={`${id}-to`} value={to} min={from ?? undefined} onChange={(d) => setDay("to", d)} />
        </Part>
      </div>
      {!hide.includes("channels") && <ChannelToggles value={value.channels ?? []} onChange={(channels) => set({ channels: channels.length ? channels : undefined })} />}
      <div className="grid gap-4 sm:grid-cols-3">
        {TAG_MODES.map((mode) => (
          <Part key={mode} label={t(`audience.tags.${mode}`)} htmlFor={`${id}-tags-${mode}`}>
            <TagPicker id={`${id}-tags-${mode}`} tags={tags.data?.data ?? []} value={value.tags?.[mode] ?? []} onChange={(ids) => setTags(mode, ids)} label={t(`audience.tags.${mode}`)} testId={`filter-tags-${mode}`} />
          </Part>
        ))}
      </div>
      <fieldset className="grid gap-2">
        <legend className="mb-2 text-sm font-medium text-heading">{t("audience.fields.title")}</legend>
        {conditions.map((c, i) => (
          <FieldConditionRow key={i} index={i} fields={fields.data?.data ?? []} value={c} onChange={(next) => setCondition(i, next)} onRemove={() => setCondition(i, null)} />
        ))}
        {fields.data && fields.data.data.length === 0 && <p className="text-[0.8125rem] text-muted-foreground">{t("audience.fields.noFields")}</p>}
        <div>
          <Button
            variant="outline"
            size="sm"
            onClick={() => set({ fields: [...conditions, { key: "", op: "equals" }] })}
            disabled={!fields.data?.data.length || conditions.length >= MAX_FIELDS}
            data-testid="condition-add"
          >
            <Plus aria-hidden />
            {t("audience.fields.add")}
          </Button>
        </div>
      </fieldset>
    </div>
  );
}

function Part({ label, htmlFor, children }: { label: string; htmlFor: string; children: ReactNode }) {
  return (
    <div className="grid min-w-0 gap-1.5">
      <Label htmlFor={htmlFor}>{label}</Label>
      {children}
    </div>
  );
}

/** The channels as toggle buttons: none pressed means every channel. */
function ChannelToggles({ value, onChange }: { value: AudienceFilter["channels"] & {}; onChange: (v: AudienceFilter["channels"] & {}) => void }) {
  const { t } = useTranslation(["contacts", "chat"]);
  return (
    <div role="group" aria-label={t("audience.channels")} className="flex flex-wrap items-center gap-2">
      <span className="me-1 text-sm font-medium text-heading">{t("audience.channels")}</span>
      {AUDIENCE_CHANNELS.map((ch) => {
        const on = value.includes(ch);
        return (
          <Button
            key={ch}
            variant={on ? "secondary" : "outline"}
            size="sm"
            aria-pressed={on}
            className={cn("rounded-full", on && "ring-2 ring-primary/40")}
            onClick={() => onChange(on ? value.filter((x) => x !== ch) : [...value, ch])}
            data-testid={`filter-channel-${ch}`}
          >
            <PlatformIcon platform={ch} className="size-4" decorative />
            {t(`chat:platform.${ch}`)}
          </Button>
        );
      })}
    </div>
  );
}
