import { useMutation } from "@tanstack/react-query";
import { useCallback } from "react";
import { useTranslation } from "react-i18next";
import { confirm } from "@/lib/confirm";
import { notify } from "@/lib/notify";
import { queryClient } from "@/lib/query";
import type { ContactDto } from "@/features/chat/api";
import { removeContact } from "@/features/chat/cache";
import { contactApi } from "./api";

/**
 * Deleting a contact after a confirmation: it leaves the chat's cached lists, «Контакт удалён»
 * is said, then `onDeleted` (refresh a table, leave the profile).
 */
export function useDeleteContact(accountId: string, onDeleted: (contactId: string) => void) {
  const { t } = useTranslation("contacts");
  const remove = useMutation({
    mutationFn: (c: Pick<ContactDto, "contactId">) => contactApi.remove(accountId, c.contactId),
    onSuccess: (r) => {
      removeContact(queryClient, accountId, r.contactId);
      notify({ type: "success", message: t("list.deleted") });
      onDeleted(r.contactId);
    },
  });
  const { mutate } = remove;
  const askDelete = useCallback(
    async (c: Pick<ContactDto, "contactId" | "name">) => {
      if (await confirm({ title: t("list.deleteTitle"), message: t("list.deleteMessage", { name: c.name }), confirmText: t("list.deleteConfirm") })) mutate(c);
    },
    [mutate, t],
  );
  return { askDelete, deleting: remove.isPending };
}
