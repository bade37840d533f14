import { useCallback, useState } from "react";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { useParams } from "react-router";
import { BookmarkPlus } from "lucide-react";
import { useDebouncedSearch } from "@/components/list-params";
import { PageHeader } from "@/components/page-header";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { useAbility } from "@/lib/ability";
import { audienceQueries, type AudienceFilter, type Segment } from "@/features/audience/api";
import { AudienceCount } from "@/features/audience/components/audience-count";
import { filterKey } from "@/features/audience/filter-model";
import { AudienceFilterBuilder } from "@/features/audience/components/audience-filter-builder";
import { AudienceFilterChips, useFilterChips } from "@/features/audience/components/audience-filter-chips";
import { SegmentDialog } from "@/features/audience/components/segment-dialog";
import { SegmentsPanel } from "@/features/audience/components/segments-panel";
import { contactQueries } from "@/features/contacts/api";
import { BulkBar } from "@/features/contacts/components/bulk-bar";
import { ColumnChooser, useContactColumns, useVisibleColumns } from "@/features/contacts/components/contacts-columns";
import { ContactsExportMenu } from "@/features/contacts/components/contacts-export-menu";
import { ContactsFilters } from "@/features/contacts/components/contacts-filters";
import { ContactsTable } from "@/features/contacts/components/contacts-table";
import { useContactSelection } from "@/features/contacts/use-contact-selection";
import { useContactsParams, useFilterDraft } from "@/features/contacts/use-contacts-params";
import { useDeleteContact } from "@/features/contacts/use-delete-contact";

export const handle = { titleKey: "contacts:list.pageTitle" };

/**
 * /:accountId/contacts — the contacts table as an audience tool: search, the audience filter (in
 * the URL) with its chips, segments, chosen columns, row selection with bulk actions, export.
 */
export default function ContactsPage() {
  const { t } = useTranslation("contacts");
  const { accountId = "" } = useParams();
  const ability = useAbility();
  const { p, q, urlFilter, filter, segmentId, filtersOpen, update, filtered } = useContactsParams();
  const [search, setSearch] = useDebouncedSearch(q, update);
  const writeFilter = useCallback((key: string) => update({ filter: key || undefined }), [update]);
  const { draft, setDraft, apply } = useFilterDraft(urlFilter, writeFilter);
  const [saving, setSaving] = useState(false);
  const list = useQuery(contactQueries.table(accountId, p));
  const rows = list.data?.data ?? [];
  const total = list.data?.meta.total ?? 0;
  const { selection, target, selectAll, clear } = useContactSelection(rows, filter, p.filter ?? "", total);
  const { visible, toggle } = useVisibleColumns(accountId);
  const { askDelete } = useDeleteContact(accountId, () => void list.refetch());
  const columns = useContactColumns(accountId, visible, selection, ability.can("delete", "Contact") ? askDelete : undefined);
  const chips = useFilterChips(accountId, filter);
  const activeSegment = useQuery({ ...audienceQueries.segments(accountId), enabled: !!segmentId }).data?.data.find((s) => s.segmentId === segmentId);

  const onChips = (f: AudienceFilter) => {
    if (f.q !== filter.q) setSearch(f.q ?? "");
    apply({ ...f, q: undefined });
  };
  const applySegment = (s: Segment) => {
    const f = s.filter as AudienceFilter;
    setSearch(f.q ?? "");
    update({ segment: s.segmentId, filter: JSON.stringify({ ...f, q: undefined }), q: f.q });
  };
  const reset = () => {
    setSearch("");
    update({ q: undefined, filter: undefined, segment: undefined });
  };

  return (
    <div>
      <PageHeader
        title={t("list.title")}
        description={list.data ? t(filtered ? "list.found" : "list.total", { count: total }) : t("list.description")}
        actions={
          <>
            {/* The contact import button (web/features/contact-import) goes first here. */}
            <SegmentsPanel accountId={accountId} current={filter} activeId={segmentId} onApply={applySegment} />
            <ContactsExportMenu accountId={accountId} filter={filter} total={list.data ? total : undefined} selected={target?.kind === "ids" ? target.ids.length : 0} />
          </>
        }
      />
      <Card className="gap-0 overflow-hidden py-0">
        <ContactsFilters
          p={p}
          search={search}
          onSearch={setSearch}
          update={update}
          filtersOpen={filtersOpen}
          onToggleFilters={() => update({ filters: filtersOpen ? undefined : "open", page: p.page })}
          activeCount={chips.length}
          columns={<ColumnChooser accountId={accountId} visible={visible} onToggle={toggle} />}
        />
        {filtersOpen && (
          <div id="contacts-filter-panel" className="grid gap-4 border-b border-border bg-muted/30 p-4 sm:px-6" data-testid="filter-panel">
            <AudienceFilterBuilder accountId={accountId} value={draft} onChange={setDraft} hide={["q"]} />
          </div>
        )}
        {filtered && (
          <div className="flex flex-col gap-3 border-b border-border px-4 py-3 sm:px-6 lg:flex-row lg:items-center">
            <div className="flex flex-wrap items-center gap-2">
              {activeSegment && (
                <Badge variant="secondary" data-testid="active-segment">
                  {t("segments.active", { name: activeSegment.name })}
                  {filterKey(activeSegment.filter as AudienceFilter) !== filterKey(filter) && ` · ${t("segments.modified")}`}
                </Badge>
              )}
              <AudienceFilterChips accountId={accountId} value={filter} onChange={onChips} onClear={reset} />
            </div>
            <div className="flex flex-wrap items-center gap-3 lg:ms-auto">
              <AudienceCount accountId={accountId} filter={filter} />
              {ability.can("create", "Segment") && (
                <Button variant="outline" size="sm" onClick={() => setSaving(true)} data-testid="segment-create">
                  <BookmarkPlus aria-hidden />
                  {t("segments.saveAs")}
                </Button>
              )}
            </div>
          </div>
        )}
        {target && <BulkBar accountId={accountId} target={target} pageCount={rows.length} total={total} onSelectAll={selectAll} onClear={clear} />}
        <ContactsTable accountId={accountId} list={list} columns={columns} p={p} filtered={filtered} update={update} onReset={reset} />
      </Card>
      {saving && <SegmentDialog accountId={accountId} filter={filter} onClose={() => setSaving(false)} onSaved={(s) => update({ segment: s.segmentId })} />}
    </div>
  );
}
