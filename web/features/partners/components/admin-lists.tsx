import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { keepPreviousData, useQuery, useQueryClient } from "@tanstack/react-query";
import { Banknote, Handshake, Pencil, UserRoundCheck } from "lucide-react";
import { ActionsMenu } from "@/components/actions-menu";
import { LoadError } from "@/components/load-error";
import { Badge } from "@/components/ui/badge";
import { DataTable, dataTableColumns } from "@/components/ui/data-table";
import { DropdownMenuItem } from "@/components/ui/dropdown-menu";
import { EmptyState } from "@/components/ui/empty-state";
import { Label } from "@/components/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { parseRatePercent, partnerKeys, partnerQueries, partnersApi, type AdminAttribution, type AdminPartner, type AdminPayout } from "@/features/partners/api";
import { PayoutBadge } from "@/features/partners/components/payout-badge";
import { PromptDialog, type PromptRequest } from "@/features/partners/components/prompt-dialog";
import { confirm } from "@/lib/confirm";
import { formatDate, formatRub } from "@/lib/i18n";
import { notify } from "@/lib/notify";
import { usePaging } from "@/lib/use-paging";

function useDone() {
  const queryClient = useQueryClient();
  return async (message: string) => {
    notify({ type: "success", message });
    await queryClient.invalidateQueries({ queryKey: partnerKeys.admin() });
  };
}

type MenuItem = { label: string; icon: React.ComponentType<{ "aria-hidden"?: boolean }>; onSelect: () => void };

/** A row's "⋮" menu from a list of items. */
function RowMenu({ label, items }: { label: string; items: MenuItem[] }) {
  if (!items.length) return null;
  return (
    <div className="flex justify-end">
      <ActionsMenu label={label}>
        {items.map(({ label: l, icon: Icon, onSelect }) => (
          <DropdownMenuItem key={l} onSelect={onSelect}>
            <Icon aria-hidden />
            {l}
          </DropdownMenuItem>
        ))}
      </ActionsMenu>
    </div>
  );
}

/** Partners: rate, status, money; change the rate or deactivate. */
export function AdminPartners() {
  const { t } = useTranslation("partners");
  const done = useDone();
  const { page, limit, tableProps } = usePaging();
  const [prompt, setPrompt] = useState<PromptRequest | null>(null);
  const list = useQuery({ ...partnerQueries.adminPartners({ page, limit }), placeholderData: keepPreviousData });
  const toggle = async (p: AdminPartner) => {
    const off = p.status === "active";
    if (!(await confirm({ title: t(off ? "admin.deactivateTitle" : "admin.activateTitle"), message: t(off ? "admin.deactivateText" : "admin.activateText", { name: p.name }), confirmText: t(off ? "admin.deactivate" : "admin.activate") }))) return;
    await partnersApi.updatePartner(p.id, { status: off ? "deactivated" : "active" });
    await done(t("admin.saved"));
  };
  const col = dataTableColumns<AdminPartner>();
  const columns = useMemo(
    () => [
      col.accessor("name", { header: () => t("admin.partner"), cell: ({ row }) => <div><p className="font-medium text-heading">{row.original.name}</p><p className="text-sm text-muted-foreground">{row.original.email}</p></div> }),
      col.accessor("code", { header: () => t("admin.code"), cell: ({ row }) => <span className="font-mono">{row.original.code ?? "—"}</span> }),
      col.accessor("ratePercent", { header: () => t("admin.rateShort"), cell: ({ row }) => `${row.original.ratePercent} %` }),
      col.accessor("referred", { header: () => t("admin.referred"), cell: ({ row }) => row.original.referred }),
      col.accessor("accruedKopecks", { header: () => t("admin.accrued"), cell: ({ row }) => <span className="whitespace-nowrap tabular-nums">{formatRub(row.original.accruedKopecks)}</span> }),
      col.accessor("paidOutKopecks", { header: () => t("admin.paidOut"), cell: ({ row }) => <span className="whitespace-nowrap tabular-nums">{formatRub(row.original.paidOutKopecks)}</span> }),
      col.accessor("status", { header: () => t("admin.status"), cell: ({ row }) => <Badge variant={row.original.status === "active" ? "success" : "secondary"}>{t(`admin.partnerStatus.${row.original.status}`)}</Badge> }),
      col.display({
        id: "actions",
        header: () => <span className="sr-only">{t("admin.actions")}</span>,
        cell: ({ row }) => (
          <RowMenu
            label={t("admin.actionsFor", { name: row.original.name })}
            items={[
              { label: t("admin.changeRate"), icon: Pencil, onSelect: () => setPrompt({ title: t("admin.changeRate"), label: t("admin.rate"), initial: String(row.original.ratePercent), inputMode: "decimal", submitLabel: t("admin.save"), validate: (v) => (parseRatePercent(v) === null ? t("admin.rateInvalid") : null), run: async (v) => (await partnersApi.updatePartner(row.original.id, { ratePercent: parseRatePercent(v)! }), done(t("admin.saved"))) }) },
              { label: t(row.original.status === "active" ? "admin.deactivate" : "admin.activate"), icon: Handshake, onSelect: () => toggle(row.original) },
            ]}
          />
        ),
      }),
    ],
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [col, t],
  );
  return (
    <div className="overflow-x-auto" data-testid="admin-partners">
      {list.isError ? <LoadError error={list.error} onRetry={() => list.refetch()} retrying={list.isFetching} /> : <DataTable columns={columns} data={list.data?.data ?? []} isLoading={list.isPending} {...tableProps(list.data?.meta.total)} getRowId={(r) => r.id} empty={<EmptyState icon={Handshake} title={t("admin.noPartners")} />} />}
      <PromptDialog request={prompt} onClose={() => setPrompt(null)} />
    </div>
  );
}

/** Who brought whom; an administrator moves a user to another partner or removes the attribution, with a reason (audit log). */
export function AdminAttributions() {
  const { t } = useTranslation("partners");
  const done = useDone();
  const { page, limit, tableProps } = usePaging();
  const [prompt, setPrompt] = useState<PromptRequest | null>(null);
  const [target, setTarget] = useState("");
  const [editingRow, setEditingRow] = useState<AdminAttribution | null>(null);
  const list = useQuery({ ...partnerQueries.adminAttributions({ page, limit }), placeholderData: keepPreviousData });
  const partners = useQuery(partnerQueries.adminPartners({ page: 1, limit: 100 }));
  const edit = (a: AdminAttribution) => {
    setTarget(a.partnerId);
    setEditingRow(a);
  };
  const remove = (a: AdminAttribution) =>
    setPrompt({ title: t("admin.removeAttributionTitle", { email: a.userEmail }), label: t("admin.reason"), submitLabel: t("admin.removeAttribution"), run: async (reason) => (await partnersApi.setAttribution(a.userId, { partnerId: null, reason }), done(t("admin.saved"))) });
  const col = dataTableColumns<AdminAttribution>();
  const columns = useMemo(
    () => [
      col.accessor("userEmail", { header: () => t("admin.user"), cell: ({ row }) => <div><p className="font-medium text-heading">{row.original.userName}</p><p className="text-sm text-muted-foreground">{row.original.userEmail}</p></div> }),
      col.accessor("partnerEmail", { header: () => t("admin.partner"), cell: ({ row }) => `${row.original.partnerName} (${row.original.partnerEmail})` }),
      col.accessor("code", { header: () => t("admin.code"), cell: ({ row }) => <span className="font-mono">{row.original.code ?? "—"}</span> }),
      col.accessor("source", { header: () => t("admin.source"), cell: ({ row }) => t(`admin.sources.${row.original.source}`) }),
      col.accessor("createdAt", { header: () => t("admin.date"), cell: ({ row }) => formatDate(row.original.createdAt) }),
      col.display({
        id: "actions",
        header: () => <span className="sr-only">{t("admin.actions")}</span>,
        cell: ({ row }) => <RowMenu label={t("admin.actionsFor", { name: row.original.userEmail })} items={[{ label: t("admin.changePartner"), icon: UserRoundCheck, onSelect: () => edit(row.original) }, { label: t("admin.removeAttribution"), icon: Pencil, onSelect: () => remove(row.original) }]} />,
      }),
    ],
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [col, t],
  );
  const editing: PromptRequest | null = editingRow
    ? {
        title: t("admin.attributionTitle", { email: editingRow.userEmail }),
        description: t("admin.attributionText"),
        label: t("admin.reason"),
        submitLabel: t("admin.save"),
        extra: <PartnerPicker value={target} onChange={setTarget} partners={partners.data?.data ?? []} />,
        run: async (reason) => (await partnersApi.setAttribution(editingRow.userId, { partnerId: target, reason }), done(t("admin.saved"))),
      }
    : prompt;
  return (
    <div className="overflow-x-auto" data-testid="admin-attributions">
      {list.isError ? <LoadError error={list.error} onRetry={() => list.refetch()} retrying={list.isFetching} /> : <DataTable columns={columns} data={list.data?.data ?? []} isLoading={list.isPending} {...tableProps(list.data?.meta.total)} getRowId={(r) => r.userId} empty={<EmptyState icon={UserRoundCheck} title={t("admin.noAttributions")} />} />}
      <PromptDialog request={editing} onClose={() => (setPrompt(null), setEditingRow(null))} />
    </div>
  );
}

function PartnerPicker({ value, onChange, partners }: { value: string; onChange: (v: string) => void; partners: AdminPartner[] }) {
  const { t } = useTranslation("partners");
  return (
    <div className="grid gap-1.5">
      <Label htmlFor="attribution-partner">{t("admin.partner")}</Label>
      <Select value={value} onValueChange={onChange}>
        <SelectTrigger id="attribution-partner">
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          {partners.map((p) => (
            <SelectItem key={p.id} value={p.id}>
              {p.name} ({p.email})
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </div>
  );
}

/** Payout requests: approve, mark paid with the payment order's number, or reject with a reason. */
export function AdminPayouts() {
  const { t } = useTranslation("partners");
  const done = useDone();
  const { page, limit, tableProps } = usePaging();
  const [prompt, setPrompt] = useState<PromptRequest | null>(null);
  const list = useQuery({ ...partnerQueries.adminPayouts({ page, limit }), placeholderData: keepPreviousData });
  const approve = async (p: AdminPayout) => {
    if (!(await confirm({ title: t("admin.approvePayoutTitle"), message: t("admin.approvePayoutText", { amount: formatRub(p.amountKopecks), name: p.partnerName }), confirmText: t("admin.approve") }))) return;
    await partnersApi.movePayout(p.id, "approve");
    await done(t("admin.saved"));
  };
  const col = dataTableColumns<AdminPayout>();
  const columns = useMemo(
    () => [
      col.accessor("createdAt", { header: () => t("admin.date"), cell: ({ row }) => formatDate(row.original.createdAt) }),
      col.accessor("partnerName", { header: () => t("admin.partner"), cell: ({ row }) => <div><p className="font-medium text-heading">{row.original.partnerName}</p><p className="text-sm text-muted-foreground">{row.original.partnerEmail}</p></div> }),
      col.accessor("amountKopecks", { header: () => t("payouts.amount"), cell: ({ row }) => <span className="whitespace-nowrap font-medium tabular-nums">{formatRub(row.original.amountKopecks)}</span> }),
      col.accessor("status", { header: () => t("admin.status"), cell: ({ row }) => <PayoutBadge status={row.original.status} /> }),
      col.accessor("reference", { header: () => t("admin.reference"), cell: ({ row }) => row.original.reference ?? row.original.rejectReason ?? "—" }),
      col.display({
        id: "actions",
        header: () => <span className="sr-only">{t("admin.actions")}</span>,
        cell: ({ row }) => {
          const p = row.original;
          const items = [
            ...(p.status === "requested" ? [{ label: t("admin.approve"), icon: UserRoundCheck, onSelect: () => approve(p) }] : []),
            ...(p.status === "approved" ? [{ label: t("admin.markPaid"), icon: Banknote, onSelect: () => setPrompt({ title: t("admin.markPaid"), label: t("admin.reference"), submitLabel: t("admin.markPaid"), run: async (reference) => (await partnersApi.movePayout(p.id, "paid", { reference }), done(t("admin.saved"))) }) }] : []),
            ...(p.status === "requested" || p.status === "approved" ? [{ label: t("admin.reject"), icon: Pencil, onSelect: () => setPrompt({ title: t("admin.rejectPayout"), label: t("admin.reason"), submitLabel: t("admin.reject"), run: async (reason) => (await partnersApi.movePayout(p.id, "reject", { reason }), done(t("admin.saved"))) }) }] : []),
          ];
          return <RowMenu label={t("admin.actionsFor", { name: p.partnerName })} items={items} />;
        },
      }),
    ],
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [col, t],
  );
  return (
    <div className="overflow-x-auto" data-testid="admin-payouts">
      {list.isError ? <LoadError error={list.error} onRetry={() => list.refetch()} retrying={list.isFetching} /> : <DataTable columns={columns} data={list.data?.data ?? []} isLoading={list.isPending} {...tableProps(list.data?.meta.total)} getRowId={(r) => r.id} empty={<EmptyState icon={Banknote} title={t("admin.noPayouts")} />} />}
      <PromptDialog request={prompt} onClose={() => setPrompt(null)} />
    </div>
  );
}
