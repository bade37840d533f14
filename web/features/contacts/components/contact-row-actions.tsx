import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { MessagesSquare, MoreHorizontal, Trash2, UserRound } from "lucide-react";
import { Button } from "@/components/ui/button";
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuSeparator, DropdownMenuTrigger } from "@/components/ui/dropdown-menu";
import type { ContactDto } from "@/features/chat/api";

/** The «…» menu at a contacts-table row's end: open the chat, open the profile, delete (when allowed). */
export function ContactRowActions({ accountId, contact: c, onDelete }: { accountId: string; contact: ContactDto; onDelete?: (c: ContactDto) => void }) {
  const { t } = useTranslation("contacts");
  return (
    <div className="flex justify-end" onClick={(e) => e.stopPropagation()}>
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button variant="ghost" size="icon" className="size-8" aria-label={t("list.actions", { name: c.name })} data-testid="contact-actions">
            <MoreHorizontal aria-hidden />
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end">
          <DropdownMenuItem asChild>
            <Link to={`/${accountId}/apps/chat?c=${c.contactId}${c.thread ? `&t=${c.thread.threadId}` : ""}`}>
              <MessagesSquare aria-hidden />
              {t("list.openChat")}
            </Link>
          </DropdownMenuItem>
          <DropdownMenuItem asChild>
            <Link to={`/${accountId}/contacts/${c.contactId}`}>
              <UserRound aria-hidden />
              {t("list.openProfile")}
            </Link>
          </DropdownMenuItem>
          {onDelete && (
            <>
              <DropdownMenuSeparator />
              <DropdownMenuItem className="text-destructive focus:text-destructive" onSelect={() => onDelete(c)} data-testid="contact-delete">
                <Trash2 aria-hidden />
                {t("list.delete")}
              </DropdownMenuItem>
            </>
          )}
        </DropdownMenuContent>
      </DropdownMenu>
    </div>
  );
}
