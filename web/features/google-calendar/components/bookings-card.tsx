import { useState } from "react";
import { useQuery } from "@tanstack/react-query";
import { CalendarX2 } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { QueryView } from "@/components/query-view";
import { ActionsMenu } from "@/components/actions-menu";
import { Badge } from "@/components/ui/badge";
import { Card, CardHeading } from "@/components/ui/card";
import { DropdownMenuItem } from "@/components/ui/dropdown-menu";
import { EmptyState } from "@/components/ui/empty-state";
import { TablePagination } from "@/components/ui/pagination";
import { Skeleton } from "@/components/ui/skeleton";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { Tabs, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { confirm } from "@/lib/confirm";
import { queryClient } from "@/lib/query";
import { useBusyAction } from "@/lib/use-busy-action";
import { type Booking, type BookingWhen, gcalApi, gcalKeys, gcalQueries, wallClock } from "../api";

/** Bookings of the account (or of one contact, `contactId`): upcoming, past or all, paged, with cancel for editors. */
export function BookingsCard({ accountId, contactId, canEdit, compact }: { accountId: string; contactId?: string; canEdit: boolean; compact?: boolean }) {
  const { t } = useTranslation("integrations");
  const [when, setWhen] = useState<BookingWhen>(compact ? "all" : "upcoming");
  const [page, setPage] = useState(1);
  const [limit, setLimit] = useState(compact ? 5 : 20);
  const q = useQuery(gcalQueries.bookings(accountId, { page, limit, when, contactId }));
  const { busy, run } = useBusyAction<string>();
  const cancel = async (b: Booking) => {
    const ok = await confirm({ title: t("googleCalendar.bookings.cancelConfirm.title"), message: t("googleCalendar.bookings.cancelConfirm.message"), confirmText: t("googleCalendar.bookings.cancelConfirm.confirm") });
    if (!ok) return;
    await run(b.id, () => gcalApi.cancel(accountId, b.id), t("googleCalendar.bookings.cancelled"));
    await queryClient.invalidateQueries({ queryKey: gcalKeys.all(accountId) });
  };
  const tabs = (
    <Tabs value={when} onValueChange={(w) => (setWhen(w as BookingWhen), setPage(1))}>
      <TabsList>
        {(["upcoming", "past", "all"] as const).map((w) => (
          <TabsTrigger key={w} value={w}>
            {t(`googleCalendar.bookings.${w}`)}
          </TabsTrigger>
        ))}
      </TabsList>
    </Tabs>
  );
  return (
    <Card data-testid={compact ? "contact-bookings" : "gcal-bookings"}>
      <CardHeading title={t(compact ? "googleCalendar.bookings.contactTitle" : "googleCalendar.bookings.title")} />
      {!compact && <div className="px-6">{tabs}</div>}
      <QueryView
        query={q}
        loading={<Skeleton aria-busy="true" className="mx-6 h-32" />}
        isEmpty={(d) => d.data.length === 0}
        empty={<EmptyState icon={CalendarX2} title={t(compact ? "googleCalendar.bookings.contactEmpty" : "googleCalendar.bookings.empty")} description={compact ? undefined : t("googleCalendar.bookings.emptyHint")} className="py-8" />}
      >
        {(d) => (
          <>
            <div className="overflow-x-auto">
              <Table>
                <TableHeader>
                  <TableRow>
                    <TableHead>{t("googleCalendar.bookings.when")}</TableHead>
                    {!compact && <TableHead>{t("googleCalendar.bookings.contact")}</TableHead>}
                    <TableHead>{t("googleCalendar.bookings.source")}</TableHead>
                    <TableHead>{t("googleCalendar.bookings.status")}</TableHead>
                    {canEdit && <TableHead className="w-12" />}
                  </TableRow>
                </TableHeader>
                <TableBody>
                  {d.data.map((b) => (
                    <TableRow key={b.id} data-testid="gcal-booking-row">
                      <TableCell className="whitespace-nowrap">
                        <div>{wallClock(b.startLocal)}</div>
                        <div className="text-xs text-muted-foreground">
                          {b.timezone}
                          {b.reminderSentAt ? ` · ${t("googleCalendar.bookings.reminderSent")}` : ""}
                        </div>
                      </TableCell>
                      {!compact && (
                        <TableCell>
                          {b.contactId ? (
                            <Link className="text-primary hover:underline" to={`/${accountId}/contacts/${b.contactId}`}>
                              {b.contactName ?? b.summary}
                            </Link>
                          ) : (
                            <span className="text-muted-foreground">{t("googleCalendar.bookings.noContact")}</span>
                          )}
                        </TableCell>
                      )}
                      <TableCell>{t(`googleCalendar.sources.${b.source}`)}</TableCell>
                      <TableCell>
                        <Badge variant={b.status === "booked" ? "success" : "secondary"}>{t(`googleCalendar.bookingStatus.${b.status}`)}</Badge>
                      </TableCell>
                      {canEdit && (
                        <TableCell>
                          {b.status === "booked" && (
                            <ActionsMenu label={t("googleCalendar.bookings.cancel")} loading={busy === b.id} testId="gcal-booking-actions">
                              <DropdownMenuItem variant="destructive" onSelect={() => void cancel(b)}>
                                <CalendarX2 aria-hidden />
                                {t("googleCalendar.bookings.cancel")}
                              </DropdownMenuItem>
                            </ActionsMenu>
                          )}
                        </TableCell>
                      )}
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </div>
            {(d.meta.total > limit || !compact) && <TablePagination page={page} pageSize={limit} total={d.meta.total} onPageChange={setPage} onPageSizeChange={compact ? undefined : (n) => (setLimit(n), setPage(1))} />}
          </>
        )}
      </QueryView>
    </Card>
  );
}
