import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import { api } from "@/lib/api";
import { localeTag } from "@/lib/i18n";
import type { ApiBody, ApiResponse } from "@/lib/api-types";

/** Shapes of the Google Calendar routes, as the worker answers them. */
export type GcalState = ApiResponse<"/accounts/:accountId/integrations/google-calendar">;
export type GcalSettings = ApiResponse<"/accounts/:accountId/integrations/google-calendar/settings">;
export type GcalSettingsInput = ApiBody<"/accounts/:accountId/integrations/google-calendar/settings", "put">;
export type GcalCalendars = ApiResponse<"/accounts/:accountId/integrations/google-calendar/calendars">;
export type BookingList = ApiResponse<"/accounts/:accountId/integrations/google-calendar/bookings">;
export type Booking = BookingList["data"][number];
export type BookingWhen = "upcoming" | "past" | "all";

const base = (accountId: string) => `/accounts/${accountId}/integrations/google-calendar`;

/** Keys under ["accounts", accountId, "google-calendar", …]. */
export const gcalKeys = {
  all: (accountId: string) => ["accounts", accountId, "google-calendar"] as const,
  state: (accountId: string) => ["accounts", accountId, "google-calendar", "state"] as const,
  settings: (accountId: string) => ["accounts", accountId, "google-calendar", "settings"] as const,
  calendars: (accountId: string) => ["accounts", accountId, "google-calendar", "calendars"] as const,
  bookings: (accountId: string, p: { page: number; limit: number; when: BookingWhen; contactId?: string }) => ["accounts", accountId, "google-calendar", "bookings", p] as const,
};

export const gcalQueries = {
  state: (accountId: string) => queryOptions({ queryKey: gcalKeys.state(accountId), queryFn: ({ signal }) => api.get<GcalState>(base(accountId), { signal, silent: true }) }),
  settings: (accountId: string, enabled: boolean) =>
    queryOptions({ queryKey: gcalKeys.settings(accountId), queryFn: ({ signal }) => api.get<GcalSettings>(`${base(accountId)}/settings`, { signal, silent: true }), enabled }),
  calendars: (accountId: string, enabled: boolean) =>
    queryOptions({ queryKey: gcalKeys.calendars(accountId), queryFn: ({ signal }) => api.get<GcalCalendars>(`${base(accountId)}/calendars`, { signal, silent: true }), enabled }),
  bookings: (accountId: string, p: { page: number; limit: number; when: BookingWhen; contactId?: string }) =>
    queryOptions({
      queryKey: gcalKeys.bookings(accountId, p),
      queryFn: ({ signal }) => {
        const q = new URLSearchParams({ page: String(p.page), limit: String(p.limit), when: p.when });
        if (p.contactId) q.set("contactId", p.contactId);
        return api.get<BookingList>(`${base(accountId)}/bookings?${q}`, { signal, silent: true });
      },
      placeholderData: keepPreviousData,
    }),
};

export const gcalApi = {
  start: (accountId: string) => api.post<ApiResponse<"/accounts/:accountId/integrations/google-calendar/oauth/start", "post">>(`${base(accountId)}/oauth/start`),
  disconnect: (accountId: string) => api.delete<ApiResponse<"/accounts/:accountId/integrations/google-calendar", "delete">>(base(accountId)),
  saveSettings: (accountId: string, body: GcalSettingsInput) => api.put<ApiResponse<"/accounts/:accountId/integrations/google-calendar/settings", "put">>(`${base(accountId)}/settings`, body),
  cancel: (accountId: string, bookingId: string) => api.delete<ApiResponse<"/accounts/:accountId/integrations/google-calendar/bookings/:bookingId", "delete">>(`${base(accountId)}/bookings/${bookingId}`),
};

/**
 * "2026-03-10T15:00:00+03:00" → "вт, 10.03.2026, 15:00" as the customer saw it (the wall clock of the
 * stored zone), in the interface language's date order with a 24-hour clock like every other date.
 */
export function wallClock(iso: string, locale: string = localeTag()): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})/.exec(iso);
  if (!m) return iso;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), Number(m[4]), Number(m[5])));
  return new Intl.DateTimeFormat(locale, { timeZone: "UTC", weekday: "short", day: "2-digit", month: "2-digit", year: "numeric", hour: "2-digit", minute: "2-digit", hourCycle: "h23" }).format(d);
}
