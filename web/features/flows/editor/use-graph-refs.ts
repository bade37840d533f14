import { useMemo } from "react";
import { useQuery } from "@tanstack/react-query";
import type { FlowRefs } from "@worker/features/flows/contract";
import { assistantQueries } from "@/features/assistants/api";
import { customFieldQueries } from "@/features/custom-fields/api";
import { flowQueries } from "../api";

/**
 * What a step may refer to, loaded once per editor: custom fields, tags, assistants and the other
 * flows (for "go to flow"). The lists feed the settings' selects and validateGraph's `refs`.
 */
export function useGraphRefs(accountId: string, flowId: string) {
  const fields = useQuery(customFieldQueries.fields(accountId));
  const tags = useQuery(customFieldQueries.tags(accountId));
  const assistants = useQuery(assistantQueries.list(accountId, { page: 1, limit: 100 }));
  const flows = useQuery(flowQueries.list(accountId, { page: 1, limit: 100 }));
  const lists = useMemo(
    () => ({
      /** The account the editor works in (the message step's file is uploaded to it). */
      accountId,
      fields: (fields.data?.data ?? []).map((f) => ({ key: f.key, label: f.label })),
      tags: (tags.data?.data ?? []).map((t) => ({ id: t.tagId, label: t.name })),
      assistants: (assistants.data?.data ?? []).map((a) => ({ id: a.assistantId, label: a.name })),
      flows: (flows.data?.data ?? []).filter((f) => f.flowId !== flowId).map((f) => ({ id: f.flowId, label: f.name })),
    }),
    [accountId, fields.data, tags.data, assistants.data, flows.data, flowId],
  );
  const loaded = fields.isSuccess && tags.isSuccess && assistants.isSuccess && flows.isSuccess;
  // Until every list is in, the references are not checked (an unloaded list is not "missing").
  const refs = useMemo<FlowRefs | undefined>(
    () => (loaded ? { fieldKeys: lists.fields.map((f) => f.key), tagIds: lists.tags.map((t) => t.id), assistantIds: lists.assistants.map((a) => a.id), flowIds: [...lists.flows.map((f) => f.id), flowId] } : undefined),
    [loaded, lists, flowId],
  );
  return { lists, refs };
}

export type RefLists = ReturnType<typeof useGraphRefs>["lists"];
