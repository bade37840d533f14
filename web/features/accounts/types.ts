import type { Role } from "@worker/db/schema/accounts";

export type { Role };

export type { Paged } from "@/lib/api";

export interface Account {
  accountId: string;
  name: string;
  timezone: string;
  language: string;
  description: string | null;
  website: string | null;
  wizard: { completed: string[]; skipped: string[]; steps: readonly string[] };
  role?: Role;
  memberCount?: number;
  createdAt: number;
  updatedAt: number;
}

export interface Member {
  userId: string;
  name: string;
  email: string;
  role: Role;
  createdAt: number;
}

export interface Invitation {
  invitationId: string;
  email: string;
  role: Role;
  createdAt: number;
  expiresAt: number;
  expired: boolean;
}

export interface DowntimeInterval {
  day: number;
  from: string;
  to: string;
}

export interface Downtime {
  enabled: boolean;
  timezone?: string;
  intervals: DowntimeInterval[];
}

export interface AccountSettings {
  inbox: { aiOnForNewThreads: boolean; soundOnNewMessage: boolean };
  notifications: { emailOnHandoff: boolean; emailOnChannelDown: boolean };
  comments: { autoReply: boolean };
  downtime: Downtime;
  timezone: string;
}

export const ROLE_OPTIONS: Role[] = ["owner", "admin", "operator"];
