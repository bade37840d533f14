import { useCallback, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import type { TFunction } from "i18next";
import { Link } from "react-router";
import { useQuery } from "@tanstack/react-query";
import { Columns3 } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import { dataTableColumns } from "@/components/ui/data-table";
import { DropdownMenu, DropdownMenuCheckboxItem, DropdownMenuContent, DropdownMenuLabel, DropdownMenuSeparator, DropdownMenuTrigger } from "@/components/ui/dropdown-menu";
import { accountQueries } from "@/features/accounts/api";
import type { ContactDto } from "@/features/chat/api";
import { atUsername, ThreadStatusBadge, contactName, ltrOr } from "@/features/chat/components/contact-summary";
import { ContactAvatar, PlatformIcon } from "@/features/chat/components/platform-icon";
import { ThreadPreviewText } from "@/features/chat/components/thread-preview";
import { customFieldQueries, type CustomFieldDef } from "@/features/custom-fields/api";
import { TagBadge } from "@/features/custom-fields/components/tag-badge";
import { displayValue } from "@/features/custom-fields/values";
import { formatRelative } from "@/lib/i18n";
import type { ContactRow } from "../api";
import { ContactRowActions } from "./contact-row-actions";

const BUILT_IN = ["platform", "phone", "tags", "subscription", "status", "lastMessage", "lastSeen"] as const;
const DEFAULT_VISIBLE = ["platform", "phone", "tags", "status", "lastSeen"];
const storageKey = (accountId: string) => `contacts.columns.${accountId}`;

/** The optional columns shown, remembered per account in this browser (custom fields as `field:<key>`). */
export function useVisibleColumns(accountId: string) {
  const [visible, setVisible] = useState<string[]>(() => {
    try {
      const raw = JSON.parse(localStorage.getItem(storageKey(accountId)) ?? "null") as unknown;
      return Array.isArray(raw) ? raw.filter((x): x is string => typeof x === "string") : DEFAULT_VISIBLE;
    } catch {
      return DEFAULT_VISIBLE;
    }
  });
  const toggle = useCallback(
    (id: string, on: boolean) =>
      setVisible((cur) => {
        const next = on ? [...cur.filter((x) => x !== id), id] : cur.filter((x) => x !== id);
        localStorage.setItem(storageKey(accountId), JSON.stringify(next));
        return next;
      }),
    [accountId],
  );
  return { visible, toggle };
}

/** «Столбцы»: a checkbox per optional column, the account's custom fields included. */
export function ColumnChooser({ accountId, visible, onToggle }: { accountId: string; visible: string[]; onToggle: (id: string, on: boolean) => void }) {
  const { t } = useTranslation("contacts");
  const fields = useQuery(customFieldQueries.fields(accountId)).data?.data ?? [];
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="outline" data-testid="columns-chooser">
          <Columns3 aria-hidden />
          {t("table.columns")}
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="max-h-96 w-60 overflow-y-auto">
        <DropdownMenuLabel>{t("table.columnsTitle")}</DropdownMenuLabel>
        {BUILT_IN.map((id) => (
          <DropdownMenuCheckboxItem key={id} checked={visible.includes(id)} onCheckedChange={(on) => onToggle(id, on === true)} onSelect={(e) => e.preventDefault()} data-testid={`column-${id}`}>
            {t(`list.columns.${id}`)}
          </DropdownMenuCheckboxItem>
        ))}
        {fields.length > 0 && <DropdownMenuSeparator />}
        {fields.length > 0 && <DropdownMenuLabel>{t("table.customFields")}</DropdownMenuLabel>}
        {fields.map((f) => (
          <DropdownMenuCheckboxItem
            key={f.key}
            checked={visible.includes(`field:${f.key}`)}
            onCheckedChange={(on) => onToggle(`field:${f.key}`, on === true)}
            onSelect={(e) => e.preventDefault()}
            data-testid={`column-field-${f.key}`}
          >
            {f.label}
          </DropdownMenuCheckboxItem>
        ))}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

export interface Selection {
  has: (id: string) => boolean;
  toggle: (row: ContactRow, on: boolean) => void;
  page: { all: boolean; some: boolean; toggle: (on: boolean) => void };
}

/** The table's columns: selection, contact, the chosen optional ones in a fixed order, then the row menu. */
export function useContactColumns(accountId: string, visible: string[], selection: Selection | null, onDelete?: (c: ContactDto) => void) {
  const { t } = useTranslation(["contacts", "chat"]);
  const fields = useQuery(customFieldQueries.fields(accountId)).data?.data;
  const account = useQuery(accountQueries.detail(accountId));
  const timeZone = account.data?.timezone ?? Intl.DateTimeFormat().resolvedOptions().timeZone;
  return useMemo(() => {
    const col = dataTableColumns<ContactRow>();
    const optional = builtInColumns(t).filter((c) => visible.includes(c.id!));
    const custom = (fields ?? []).filter((f) => visible.includes(`field:${f.key}`)).map((f) => fieldColumn(f, timeZone, [t("audience.yes"), t("audience.no")]));
    return [
      ...(selection ? [selectColumn(selection, t)] : []),
      col.display({ id: "contact", header: () => t("list.columns.contact"), cell: ({ row }) => <ContactCell accountId={accountId} contact={row.original} /> }),
      ...optional,
      ...custom,
      col.display({
        id: "actions",
        header: () => <span className="sr-only">{t("list.columns.actions")}</span>,
        cell: ({ row }) => <ContactRowActions accountId={accountId} contact={row.original} onDelete={onDelete} />,
      }),
    ];
  }, [accountId, visible, selection, onDelete, fields, timeZone, t]);
}

type T = TFunction<readonly ["contacts", "chat"]>;

function selectColumn(selection: Selection, t: T) {
  return dataTableColumns<ContactRow>().display({
    id: "select",
    header: () => (
      <Checkbox
        checked={selection.page.all ? true : selection.page.some ? "indeterminate" : false}
        onCheckedChange={(on) => selection.page.toggle(on === true)}
        aria-label={t("bulk.selectPage")}
        data-testid="select-page"
      />
    ),
    cell: ({ row }) => (
      <span onClick={(e) => e.stopPropagation()} className="flex">
        <Checkbox checked={selection.has(row.original.contactId)} onCheckedChange={(on) => selection.toggle(row.original, on === true)} aria-label={t("bulk.selectRow", { name: row.original.name })} data-testid="select-row" />
      </span>
    ),
  });
}

function builtInColumns(t: T) {
  const col = dataTableColumns<ContactRow>();
  return [
    col.display({
      id: "platform",
      header: () => t("list.columns.platform"),
      cell: ({ row }) => (
        <span className="inline-flex items-center gap-2 whitespace-nowrap">
          <PlatformIcon platform={row.original.platform} className="size-5" />
          {t(`chat:platform.${row.original.platform}`)}
        </span>
      ),
    }),
    col.display({ id: "phone", header: () => t("list.columns.phone"), cell: ({ row }) => <span className="whitespace-nowrap" data-testid="contact-phone">{ltrOr(row.original.phone, "—")}</span> }),
    col.display({
      id: "tags",
      header: () => t("list.columns.tags"),
      cell: ({ row }) =>
        row.original.tags.length ? (
          <span className="flex max-w-64 flex-wrap gap-1" data-testid="row-tags">
            {row.original.tags.map((tag) => (
              <TagBadge key={tag.tagId} name={tag.name} color={tag.color} />
            ))}
          </span>
        ) : (
          <span className="text-muted-foreground">—</span>
        ),
    }),
    col.display({
      id: "subscription",
      header: () => t("list.columns.subscription"),
      cell: ({ row }) => <Badge variant={row.original.subscription === "subscribed" ? "secondary" : "outline"}>{t(`audience.subscription.${row.original.subscription}`)}</Badge>,
    }),
    col.display({
      id: "status",
      header: () => t("list.columns.status"),
      cell: ({ row }) => (row.original.thread ? <ThreadStatusBadge status={row.original.thread.status} /> : <span className="text-muted-foreground">{t("list.noThread")}</span>),
    }),
    col.display({
      id: "lastMessage",
      header: () => t("list.columns.lastMessage"),
      cell: ({ row }) => <span dir="auto" className="line-clamp-1 max-w-[280px] align-page-start text-muted-foreground">{row.original.thread?.lastMessage ? <ThreadPreviewText text={row.original.thread.lastMessage} /> : "—"}</span>,
    }),
    col.display({ id: "lastSeen", header: () => t("list.columns.lastSeen"), cell: ({ row }) => <span className="whitespace-nowrap">{formatRelative(row.original.lastSeenAt)}</span> }),
  ];
}

function fieldColumn(f: CustomFieldDef, timeZone: string, yesNo: [string, string]) {
  return dataTableColumns<ContactRow>().display({
    id: `field:${f.key}`,
    header: () => f.label,
    cell: ({ row }) => {
      const v = row.original.fieldValues[f.key];
      return v === undefined || v === null ? <span className="text-muted-foreground">—</span> : <span dir="auto" className="line-clamp-1 max-w-56 align-page-start">{displayValue(f.type, v, timeZone, yesNo)}</span>;
    },
  });
}

function ContactCell({ accountId, contact: c }: { accountId: string; contact: ContactRow }) {
  return (
    <div className="flex min-w-[200px] items-center gap-3">
      <ContactAvatar contact={c} className="size-9" />
      <div className="min-w-0">
        <Link to={`/${accountId}/contacts/${c.contactId}`} dir="auto" className="block truncate align-page-start font-medium text-heading hover:text-primary" onClick={(e) => e.stopPropagation()} data-testid="contact-link">
          {contactName(c)}
        </Link>
        <span dir="ltr" className="block truncate align-page-start text-[0.8125rem] text-muted-foreground">
          {atUsername(c.platformUsername) ?? c.platformUserId}
        </span>
      </div>
    </div>
  );
}
