import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { useParams } from "react-router";
import { useDebouncedSearch } from "@/components/list-params";
import { PageHeader } from "@/components/page-header";
import { Card } from "@/components/ui/card";
import { useAbility } from "@/lib/ability";
import { contactQueries } from "@/features/contacts/api";
import { ImportContactsButton } from "@/features/contact-import/components/import-button";
import { ContactsExportMenu } from "@/features/contacts/components/contacts-export-menu";
import { ContactsFilters } from "@/features/contacts/components/contacts-filters";
import { ContactsTable } from "@/features/contacts/components/contacts-table";
import { useContactsParams } from "@/features/contacts/use-contacts-params";
import { useDeleteContact } from "@/features/contacts/use-delete-contact";

export const handle = { titleKey: "contacts:list.pageTitle" };

/** /:accountId/contacts — the contacts table: search, filters, sorting, page sizes, export, delete. */
export default function ContactsPage() {
  const { t } = useTranslation("contacts");
  const { accountId = "" } = useParams();
  const ability = useAbility();
  const { p, update, filtered } = useContactsParams();
  const [search, setSearch] = useDebouncedSearch(p.q ?? "", update);
  const list = useQuery(contactQueries.table(accountId, p));
  const { askDelete } = useDeleteContact(accountId, () => void list.refetch());

  return (
    <div>
      <PageHeader
        title={t("list.title")}
        description={list.data ? t("list.total", { count: list.data.meta.total }) : t("list.description")}
        actions={<><ImportContactsButton accountId={accountId} /><ContactsExportMenu accountId={accountId} filters={{ q: p.q, platform: p.platform }} /></>}
      />
      <Card className="gap-0 overflow-hidden py-0">
        <ContactsFilters p={p} search={search} onSearch={setSearch} update={update} />
        <ContactsTable
          accountId={accountId}
          list={list}
          p={p}
          filtered={filtered}
          update={update}
          onReset={() => {
            setSearch("");
            update({ q: undefined, platform: undefined, status: undefined });
          }}
          onDelete={ability.can("delete", "Contact") ? askDelete : undefined}
        />
      </Card>
    </div>
  );
}
