// The flow editor benchmark's floor (bench/flow-editor.mjs): a bare @xyflow/react page, no app. The
// same nodes (a plain 232-px box with a name, one line of text and as many handles as the step has)
// and the same edges, controlled state as React Flow's docs show it (useNodesState/useEdgesState), the
// same fit view. The graph comes from the bench as `window.__FLOOR_GRAPH`.
import { StrictMode, memo } from "react";
import { createRoot } from "react-dom/client";
import { Handle, Position, ReactFlow, ReactFlowProvider, useEdgesState, useNodesState, type Edge, type Node, type NodeProps } from "@xyflow/react";
import "@xyflow/react/dist/style.css";

type Data = { label: string; text: string; target: boolean; outputs: string[] };
type FloorNode = Node<Data, "plain">;
declare global {
  interface Window {
    __FLOOR_GRAPH: { nodes: FloorNode[]; edges: Edge[]; width: number; height: number };
  }
}

const box = { width: 232, minHeight: 70, border: "1px solid #ccc", borderRadius: 8, background: "#fff", font: "12px sans-serif" } as const;
const row = { position: "relative", height: 24, lineHeight: "24px", textAlign: "right", padding: "0 12px" } as const;

const PlainNode = memo(function PlainNode({ data }: NodeProps<FloorNode>) {
  return (
    <div style={box} data-testid="flow-node">
      {data.target && <Handle type="target" position={Position.Left} />}
      <div style={{ padding: 10 }}>
        <b>{data.label}</b>
        <div>{data.text}</div>
      </div>
      {data.outputs.length === 1 && data.outputs[0] === "next" ? (
        <Handle type="source" id="next" position={Position.Right} />
      ) : (
        data.outputs.map((id) => (
          <div key={id} style={row}>
            {id}
            <Handle type="source" id={id} position={Position.Right} />
          </div>
        ))
      )}
    </div>
  );
});

const NODE_TYPES = { plain: PlainNode };
const FIT = { padding: 0.2, maxZoom: 1 };
const EDGE_OPTIONS = { type: "smoothstep" };

function Floor() {
  const g = window.__FLOOR_GRAPH;
  const [nodes, , onNodesChange] = useNodesState(g.nodes);
  const [edges, , onEdgesChange] = useEdgesState(g.edges);
  return (
    <div style={{ width: g.width, height: g.height }}>
      <ReactFlow nodes={nodes} edges={edges} nodeTypes={NODE_TYPES} onNodesChange={onNodesChange} onEdgesChange={onEdgesChange} defaultEdgeOptions={EDGE_OPTIONS} fitView fitViewOptions={FIT} minZoom={0.1} />
    </div>
  );
}

createRoot(document.getElementById("root")!).render(
  <StrictMode>
    <ReactFlowProvider>
      <Floor />
    </ReactFlowProvider>
  </StrictMode>,
);
