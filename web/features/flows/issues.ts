import type { FlowIssue } from "@worker/features/flows/contract";

/** An issue the editor shows: the contract's FlowIssue, or a field message of a refused save (code `invalid`). */
export type EditorIssue = Omit<FlowIssue, "code"> & { code: FlowIssue["code"] | "invalid" };
