import "@xyflow/react/dist/style.css";
import { useQuery } from "@tanstack/react-query";
import { useParams } from "react-router";
import { ReactFlowProvider } from "@xyflow/react";
import { QueryLoadError } from "@/components/query-view";
import { Skeleton } from "@/components/ui/skeleton";
import { useAbility } from "@/lib/ability";
import { flowQueries } from "@/features/flows/api";
import { FlowEditorView } from "@/features/flows/editor/flow-editor-view";

export const handle = { titleKey: "flows:editor.title" };

/** /:accountId/flows/:flowId/edit — the visual editor (fixed layout: the canvas fills the page). */
export default function FlowEditorPage() {
  const { accountId = "", flowId = "" } = useParams();
  const readOnly = !useAbility().can("update", "Flow");
  const flow = useQuery(flowQueries.detail(accountId, flowId));
  if (flow.isError) return <QueryLoadError query={flow} className="flex-1 py-16" />;
  if (!flow.data)
    return (
      <div className="flex min-h-0 flex-1 flex-col gap-3 rounded-md bg-card p-4 shadow-card" aria-busy="true" data-testid="flow-editor-loading">
        <Skeleton className="h-9 w-72" />
        <Skeleton className="min-h-0 flex-1" />
      </div>
    );
  return (
    <ReactFlowProvider>
      <FlowEditorView key={flowId} accountId={accountId} flow={flow.data} readOnly={readOnly} />
    </ReactFlowProvider>
  );
}
