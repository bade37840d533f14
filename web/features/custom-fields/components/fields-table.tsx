import { createContext, useContext, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { closestCenter, DndContext, type DragEndEvent, KeyboardSensor, type Modifier, PointerSensor, useSensor, useSensors } from "@dnd-kit/core";
import { arrayMove, SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from "@dnd-kit/sortable";
import { CSS } from "@dnd-kit/utilities";
import { GripVertical, Pencil, Trash2 } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { cn } from "@/lib/utils";
import type { CustomFieldDef } from "../api";

type HandleProps = ReturnType<typeof useSortable>["listeners"] & ReturnType<typeof useSortable>["attributes"];
const HandleContext = createContext<{ props: HandleProps | undefined; setRef: (el: HTMLElement | null) => void } | null>(null);

/**
 * The account's field definitions in their order. Editors drag a row by its handle (mouse, touch,
 * or the keyboard: Space, arrows, Space) and the new order is handed to `onReorder`.
 */
export function FieldsTable({
  fields,
  canEdit,
  onReorder,
  onEdit,
  onDelete,
}: {
  fields: CustomFieldDef[];
  canEdit: boolean;
  onReorder: (next: CustomFieldDef[]) => void;
  onEdit: (f: CustomFieldDef) => void;
  onDelete: (f: CustomFieldDef) => void;
}) {
  const { t } = useTranslation("customFields");
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 4 } }), useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }));
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const from = fields.findIndex((f) => f.fieldId === active.id);
    const to = fields.findIndex((f) => f.fieldId === over.id);
    if (from >= 0 && to >= 0) onReorder(arrayMove(fields, from, to));
  };
  const accessibility = {
    screenReaderInstructions: { draggable: t("dnd.instructions") },
    announcements: {
      onDragStart: ({ active }: { active: { id: string | number } }) => t("dnd.picked", { label: labelOf(fields, active.id) }),
      onDragOver: ({ over }: { over: { id: string | number } | null }) => (over ? t("dnd.over", { position: positionOf(fields, over.id) }) : undefined),
      onDragEnd: ({ active, over }: { active: { id: string | number }; over: { id: string | number } | null }) =>
        over ? t("dnd.dropped", { label: labelOf(fields, active.id), position: positionOf(fields, over.id) }) : undefined,
      onDragCancel: ({ active }: { active: { id: string | number } }) => t("dnd.cancelled", { label: labelOf(fields, active.id) }),
    },
  };

  return (
    <DndContext sensors={sensors} collisionDetection={closestCenter} modifiers={VERTICAL_ONLY} onDragEnd={onDragEnd} accessibility={accessibility}>
      <Table data-testid="fields-table">
        <TableHeader>
          <TableRow className="hover:bg-transparent dark:hover:bg-transparent">
            {canEdit && <TableHead className="w-10 pe-0" aria-label={t("table.order")} />}
            <TableHead>{t("table.label")}</TableHead>
            <TableHead>{t("table.key")}</TableHead>
            <TableHead>{t("table.type")}</TableHead>
            <TableHead>{t("table.options")}</TableHead>
            <TableHead className="text-end">{t("table.contacts")}</TableHead>
            {canEdit && <TableHead className="w-24 text-end" aria-label={t("table.actions")} />}
          </TableRow>
        </TableHeader>
        <TableBody>
          <SortableContext items={fields.map((f) => f.fieldId)} strategy={verticalListSortingStrategy} disabled={!canEdit}>
            {fields.map((f) => (
              <SortableRow key={f.fieldId} id={f.fieldId}>
                {canEdit && (
                  <TableCell className="w-10 pe-0">
                    <DragHandle label={t("table.dragHandle", { label: f.label })} />
                  </TableCell>
                )}
                <TableCell className="max-w-72">
                  <div className="font-medium text-heading">{f.label}</div>
                  {f.description && <div className="truncate text-[0.8125rem] text-muted-foreground">{f.description}</div>}
                </TableCell>
                <TableCell>
                  <code className="rounded bg-muted px-1.5 py-0.5 text-[0.8125rem]">{f.key}</code>
                </TableCell>
                <TableCell>
                  <Badge variant="secondary">{t(`types.${f.type}`)}</Badge>
                </TableCell>
                <TableCell className="max-w-64">
                  <OptionsPreview options={f.options} more={(n) => t("table.moreOptions", { count: n })} />
                </TableCell>
                <TableCell className="text-end tabular-nums">{f.contactCount}</TableCell>
                {canEdit && (
                  <TableCell className="text-end whitespace-nowrap">
                    <Button variant="ghost" size="icon" aria-label={t("table.edit", { label: f.label })} onClick={() => onEdit(f)}>
                      <Pencil aria-hidden />
                    </Button>
                    <Button variant="ghost" size="icon" className="text-destructive hover:text-destructive" aria-label={t("table.delete", { label: f.label })} onClick={() => onDelete(f)}>
                      <Trash2 aria-hidden />
                    </Button>
                  </TableCell>
                )}
              </SortableRow>
            ))}
          </SortableContext>
        </TableBody>
      </Table>
    </DndContext>
  );
}

/** Rows move up and down only. */
const VERTICAL_ONLY: Modifier[] = [({ transform }) => ({ ...transform, x: 0 })];

const labelOf = (fields: CustomFieldDef[], id: string | number) => fields.find((f) => f.fieldId === id)?.label ?? "";
const positionOf = (fields: CustomFieldDef[], id: string | number) => fields.findIndex((f) => f.fieldId === id) + 1;

function SortableRow({ id, children }: { id: string; children: ReactNode }) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id });
  return (
    <TableRow
      ref={setNodeRef}
      data-testid="field-row"
      style={{ transform: CSS.Translate.toString(transform), transition }}
      className={cn(isDragging && "relative z-10 bg-card shadow-md")}
    >
      <HandleContext.Provider value={{ props: { ...attributes, ...listeners } as HandleProps, setRef: setActivatorNodeRef }}>{children}</HandleContext.Provider>
    </TableRow>
  );
}

function DragHandle({ label }: { label: string }) {
  const handle = useContext(HandleContext);
  return (
    <button
      type="button"
      ref={handle?.setRef}
      {...handle?.props}
      aria-label={label}
      data-testid="field-drag-handle"
      className="flex size-8 cursor-grab touch-none items-center justify-center rounded text-muted-foreground hover:bg-muted focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none active:cursor-grabbing"
    >
      <GripVertical className="size-4" aria-hidden />
    </button>
  );
}

function OptionsPreview({ options, more }: { options: string[]; more: (n: number) => string }) {
  if (options.length === 0) return <span className="text-muted-foreground">—</span>;
  const shown = options.slice(0, 3);
  return (
    <div className="flex flex-wrap gap-1">
      {shown.map((o) => (
        <Badge key={o} variant="outline" className="max-w-40 truncate">
          {o}
        </Badge>
      ))}
      {options.length > shown.length && <span className="text-[0.8125rem] text-muted-foreground">{more(options.length - shown.length)}</span>}
    </div>
  );
}
