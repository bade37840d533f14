import { useQuery } from "@tanstack/react-query";
import { ArrowLeft, UserX } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useParams } from "react-router";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { Skeleton } from "@/components/ui/skeleton";
import { useAbility } from "@/lib/ability";
import { isApiError } from "@/lib/api";
import { queryClient } from "@/lib/query";
import { contactQueries } from "@/features/contacts/api";
import { ContactFactsCard, ContactTagsCard } from "@/features/contacts/components/contact-fields-cards";
import { ContactFieldsCard } from "@/features/custom-fields/components/contact-fields-card";
import { ContactInfoCard } from "@/features/contacts/components/contact-info-card";
import { ContactThreadsCard } from "@/features/contacts/components/contact-threads-card";
import { useDeleteContact } from "@/features/contacts/use-delete-contact";
import { BookingsCard } from "@/features/google-calendar/components/bookings-card";

export const handle = { titleKey: "contacts:profile.pageTitle" };

/** /:accountId/contacts/:contactId — profile, custom field values, threads per channel, links into the chat. */
export default function ContactPage() {
  const { accountId = "", contactId = "" } = useParams();
  const navigate = useNavigate();
  const ability = useAbility();
  const q = useQuery(contactQueries.detail(accountId, contactId));
  const { askDelete, deleting } = useDeleteContact(accountId, () => {
    queryClient.removeQueries({ queryKey: contactQueries.detail(accountId, contactId).queryKey });
    navigate(`/${accountId}/contacts`, { replace: true });
  });

  if (q.isPending) {
    return (
      <div aria-busy="true">
        <BackLink accountId={accountId} />
        <div className="grid grid-cols-1 gap-6 lg:grid-cols-[340px_minmax(0,1fr)]">
          <Skeleton className="h-96" />
          <Skeleton className="h-72" />
        </div>
      </div>
    );
  }
  if (q.isError) {
    return (
      <div>
        <BackLink accountId={accountId} />
        <ContactLoadFailure accountId={accountId} missing={isApiError(q.error) && q.error.status === 404} onRetry={() => q.refetch()} retrying={q.isFetching} />
      </div>
    );
  }

  const c = q.data;
  return (
    <div data-testid="contact-page">
      <BackLink accountId={accountId} />
      {/* minmax(0, …): a wide card (a table of threads) scrolls inside, it does not widen the page on a phone. */}
      <div className="grid grid-cols-1 items-start gap-6 lg:grid-cols-[340px_minmax(0,1fr)]">
        <ContactInfoCard accountId={accountId} contact={c} onDelete={ability.can("delete", "Contact") ? () => void askDelete(c) : undefined} deleting={deleting} />
        <div className="min-w-0 space-y-6">
          <ContactThreadsCard accountId={accountId} contact={c} />
          {ability.can("read", "Integration") && <BookingsCard accountId={accountId} contactId={contactId} canEdit={ability.can("delete", "Integration")} compact />}
          <ContactTagsCard accountId={accountId} contact={c} />
          <ContactFieldsCard accountId={accountId} contact={c} />
          <ContactFactsCard contact={c} />
        </div>
      </div>
    </div>
  );
}

function BackLink({ accountId }: { accountId: string }) {
  const { t } = useTranslation("contacts");
  return (
    <Button asChild variant="ghost" size="sm" className="-ms-2 mb-3">
      <Link to={`/${accountId}/contacts`}>
        <ArrowLeft className="rtl:rotate-180" aria-hidden />
        {t("profile.back")}
      </Link>
    </Button>
  );
}

/** A deleted (or never existing) contact sends back to the list; another failure offers a retry. */
function ContactLoadFailure({ accountId, missing, onRetry, retrying }: { accountId: string; missing: boolean; onRetry: () => void; retrying: boolean }) {
  const { t } = useTranslation("contacts");
  return (
    <Card>
      <EmptyState
        icon={UserX}
        title={missing ? t("profile.notFound") : t("profile.loadError")}
        description={missing ? t("profile.notFoundHint") : undefined}
        action={
          missing ? (
            <Button asChild variant="outline" size="sm">
              <Link to={`/${accountId}/contacts`}>{t("profile.toList")}</Link>
            </Button>
          ) : (
            <Button variant="outline" size="sm" onClick={onRetry} loading={retrying}>
              {t("profile.retry")}
            </Button>
          )
        }
      />
    </Card>
  );
}
