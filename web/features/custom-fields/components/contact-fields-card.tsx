import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { Check, ListPlus, Pencil, X } from "lucide-react";
import { LoadError } from "@/components/load-error";
import { Button } from "@/components/ui/button";
import { Card, CardAction, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { accountQueries } from "@/features/accounts/api";
import { contactKeys, type ContactProfile } from "@/features/contacts/api";
import { isApiError } from "@/lib/api";
import { useAbility } from "@/lib/ability";
import { notify } from "@/lib/notify";
import { cn } from "@/lib/utils";
import { customFieldApi, customFieldKeys, customFieldQueries, type CustomFieldDef, type FieldValues } from "../api";
import { displayValue, type Draft, fromDraft, toDraft } from "../values";
import { FieldValueInput } from "./field-value-input";

export interface ContactFieldsCardProps {
  accountId: string;
  /** The contact as GET …/contacts/{contactId} answers it (its values keyed by field key). */
  contact: Pick<ContactProfile, "contactId" | "fieldValues">;
  /** Told the saved values (a view keeping the contact elsewhere than the contact query patches its copy). */
  onSaved?: (fieldValues: FieldValues) => void;
  /** Without the card's frame, titled like the other sections of a side panel (the chat's contact pane). */
  compact?: boolean;
  className?: string;
}

/**
 * A contact's custom field values, every field of the account in its order. Whoever may update
 * the contact edits one value at a time in place, with the input of its type; the server's
 * message shows under the input, and a saved value patches the contact query.
 */
export function ContactFieldsCard({ accountId, contact, onSaved, compact, className }: ContactFieldsCardProps) {
  const { t } = useTranslation("customFields");
  const fields = useQuery(customFieldQueries.fields(accountId));
  const account = useQuery(accountQueries.detail(accountId));
  const ability = useAbility();
  const canFill = ability.can("update", "Contact", "customFields");
  const timeZone = account.data?.timezone ?? Intl.DateTimeFormat().resolvedOptions().timeZone;
  const [editing, setEditing] = useState<string | null>(null);

  return (
    <Card className={cn("gap-4", compact && "gap-2 bg-transparent py-0 shadow-none bordered:border-0", className)} data-testid="contact-fields-card">
      <CardHeader className={cn(compact && "px-0")}>
        <CardTitle className={cn(compact && "text-xs font-medium tracking-wide text-muted-foreground uppercase")}>{t("card.title")}</CardTitle>
        {ability.can("update", "CustomField") && !!fields.data?.data.length && (
          <CardAction>
            <Button variant="link" size="sm" className="h-auto p-0" asChild>
              <Link to={`/${accountId}/custom-fields`}>{t("card.manage")}</Link>
            </Button>
          </CardAction>
        )}
      </CardHeader>
      <CardContent className={cn(compact && "px-0")}>
        {fields.isPending ? (
          <div className="grid gap-3" aria-busy="true" aria-label={t("loading")}>
            {Array.from({ length: 3 }, (_, i) => (
              <Skeleton key={i} className="h-9 w-full" />
            ))}
          </div>
        ) : fields.isError ? (
          <LoadError error={fields.error} onRetry={() => fields.refetch()} retrying={fields.isFetching} />
        ) : fields.data.data.length === 0 ? (
          <NoFields accountId={accountId} canCreate={ability.can("create", "CustomField")} />
        ) : (
          <ul className="divide-y divide-border" aria-label={t("card.title")}>
            {fields.data.data.map((f) =>
              editing === f.key ? (
                <li key={f.key}>
                  <FieldEditor accountId={accountId} contact={contact} field={f} timeZone={timeZone} onDone={() => setEditing(null)} onSaved={onSaved} />
                </li>
              ) : (
                <FieldRow key={f.key} field={f} value={contact.fieldValues[f.key]} timeZone={timeZone} onEdit={canFill && !editing ? () => setEditing(f.key) : undefined} />
              ),
            )}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

function NoFields({ accountId, canCreate }: { accountId: string; canCreate: boolean }) {
  const { t } = useTranslation("customFields");
  return (
    <div className="flex flex-col items-center gap-2 py-4 text-center text-[0.8125rem] text-muted-foreground">
      <ListPlus className="size-6 text-primary" aria-hidden />
      <p>{t("card.noFields")}</p>
      {canCreate && (
        <Button variant="outline" size="sm" asChild>
          <Link to={`/${accountId}/custom-fields`}>{t("card.createFirst")}</Link>
        </Button>
      )}
    </div>
  );
}

function FieldRow({ field, value, timeZone, onEdit }: { field: CustomFieldDef; value: FieldValues[string] | undefined; timeZone: string; onEdit?: () => void }) {
  const { t } = useTranslation("customFields");
  const text = value === undefined ? null : displayValue(field.type, value, timeZone, [t("values.yes"), t("values.no")]);
  return (
    <li className="group flex items-start gap-3 py-2.5" data-testid="contact-field" data-key={field.key}>
      <div className="min-w-0 flex-1">
        <p className="text-[0.8125rem] text-muted-foreground">{field.label}</p>
        <p className={cn("break-words", text === null && "text-muted-foreground")}>
          {text === null ? "—" : field.type === "url" ? <a href={String(value)} target="_blank" rel="noreferrer noopener" className="text-primary hover:underline">{text}</a> : text}
        </p>
      </div>
      {onEdit && (
        <Button variant="ghost" size="icon" className="size-8 shrink-0" aria-label={t("card.edit", { label: field.label })} onClick={onEdit}>
          <Pencil aria-hidden />
        </Button>
      )}
    </li>
  );
}

function FieldEditor({
  accountId,
  contact,
  field,
  timeZone,
  onDone,
  onSaved,
}: {
  accountId: string;
  contact: ContactFieldsCardProps["contact"];
  field: CustomFieldDef;
  timeZone: string;
  onDone: () => void;
  onSaved?: (fieldValues: FieldValues) => void;
}) {
  const { t } = useTranslation("customFields");
  const queryClient = useQueryClient();
  const id = useId();
  const [draft, setDraft] = useState<Draft>(() => toDraft(field.type, contact.fieldValues[field.key], timeZone));
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const save = async () => {
    setSaving(true);
    setError(null);
    try {
      const r = await customFieldApi.setContactFields(accountId, contact.contactId, { [field.key]: fromDraft(field.type, draft) });
      queryClient.setQueryData(contactKeys.detail(accountId, contact.contactId), (old) => (old ? { ...old, fieldValues: r.fieldValues } : old));
      void queryClient.invalidateQueries({ queryKey: customFieldKeys.fields(accountId) });
      onSaved?.(r.fieldValues);
      onDone();
    } catch (e) {
      const message = isApiError(e) ? (e.fieldErrors()[field.key] ?? e.message) : t("toasts.saveFailed");
      setError(message);
      if (!isApiError(e) || e.status !== 400) notify({ type: "error", message });
    } finally {
      setSaving(false);
    }
  };

  return (
    <form
      className="space-y-2 py-2.5"
      data-testid="contact-field-editor"
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
      onKeyDown={(e) => e.key === "Escape" && onDone()}
    >
      <label htmlFor={id} id={`${id}-label`} className="text-[0.8125rem] text-muted-foreground">
        {field.label}
      </label>
      <FieldValueInput field={field} value={draft} onChange={setDraft} id={id} describedBy={error ? `${id}-error` : undefined} invalid={!!error} />
      {error && (
        <p id={`${id}-error`} role="alert" className="text-[0.8125rem] text-destructive">
          {error}
        </p>
      )}
      <div className="flex justify-end gap-2">
        <Button type="button" variant="outline" size="sm" onClick={onDone}>
          <X aria-hidden />
          {t("card.cancel")}
        </Button>
        <Button type="submit" size="sm" loading={saving} data-testid="contact-field-save">
          <Check aria-hidden />
          {t("card.save")}
        </Button>
      </div>
    </form>
  );
}
