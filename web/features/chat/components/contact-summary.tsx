import type { LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Avatar, AvatarFallback, AvatarImage, AvatarStatusBadge, initials } from "@/components/ui/avatar";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { cn } from "@/lib/utils";
import type { ContactDto, ThreadStatus } from "../api";
import { mediaSrc } from "../utils";

const STATUS_VARIANT: Record<ThreadStatus, "success" | "warning" | "destructive" | "secondary"> = {
  active: "success",
  pending: "warning",
  closed: "destructive",
  archived: "secondary",
};

/** A thread's status as a coloured badge (active green, pending amber, closed red, the rest grey). */
export function ThreadStatusBadge({ status }: { status: ThreadStatus }) {
  const { t } = useTranslation("chat");
  return <Badge variant={STATUS_VARIANT[status]}>{t(`status.${status}`)}</Badge>;
}

/** The contact's @username as people write it (stored with or without the @), or null. */
export function atUsername(username: string | null | undefined): string | null {
  return username ? `@${username.replace(/^@/, "")}` : null;
}

/**
 * A value that reads left to right in any page (a @username, a phone number, an e-mail, an id) as an
 * isolated left-to-right run, so an Arabic page does not show "120-45-67 495 7+" or "anna_smirnova@";
 * `missing` (the page language's "not set") when there is no value.
 */
export function ltrOr(value: string | null | undefined, missing: ReactNode): ReactNode {
  return value ? <span dir="ltr">{value}</span> : missing;
}

/** What a contact is called on screen: its name, else @username, phone or the messenger's id (a nameless Instagram sender, say). */
export function contactName(c: { name?: string | null; platformUsername?: string | null; phone?: string | null; platformUserId?: string | null }): string {
  return c.name?.trim() || atUsername(c.platformUsername) || c.phone || c.platformUserId || "—";
}

/** The big avatar of a contact's profile and details panel, with the online status dot. */
export function ContactPortrait({ contact, className, fallbackClassName, badgeClassName }: { contact: Pick<ContactDto, "name" | "avatar" | "status">; className: string; fallbackClassName: string; badgeClassName: string }) {
  const { t } = useTranslation("chat");
  const src = mediaSrc(contact.avatar);
  return (
    <div className="relative">
      <Avatar className={className}>
        {src && <AvatarImage src={src} alt="" />}
        <AvatarFallback className={fallbackClassName}>{initials(contact.name)}</AvatarFallback>
      </Avatar>
      <AvatarStatusBadge status={contact.status} className={cn("ring-3", badgeClassName)} label={t(`contactStatus.${contact.status ?? "none"}`)} />
    </div>
  );
}

/** No contacts yet: they come from a connected channel, so the action leads to the channels page. */
export function NoContactsState({ accountId, icon, title, description, connectLabel }: { accountId: string; icon: LucideIcon; title: string; description: string; connectLabel: string }) {
  return (
    <EmptyState
      icon={icon}
      title={title}
      description={description}
      action={
        <Button asChild size="sm">
          <Link to={`/${accountId}/connect`}>{connectLabel}</Link>
        </Button>
      }
    />
  );
}
