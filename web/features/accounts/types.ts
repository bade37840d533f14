import type { Role } from "@worker/db/schema/accounts";
import type { Downtime } from "@worker/features/accounts/accounts.schemas";

/** Shapes of the accounts, settings and members API, declared once by the worker (never hand-copied). */
export type { Role };
export type { Paged } from "@/lib/api";
export type { Account, AccountDetail, AccountSettingsDto as AccountSettings } from "@worker/features/accounts/accounts.service";
export type { Downtime };
export type { Invitation, InvitationInfo, Member } from "@worker/features/members/members.service";
export type DowntimeInterval = Downtime["intervals"][number];

export const ROLE_OPTIONS: Role[] = ["owner", "admin", "operator"];
