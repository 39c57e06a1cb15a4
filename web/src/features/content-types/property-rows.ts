// The properties of a type as the editor shows them: sections per property group (by group name, 'No group'
// last, the server's order) holding rows in screen order. Every change returns a new screen-ordered list.
import type { PropertyGroup, PropertyTypeCode, TypeProperty, TypePropertyAssignment } from "@repox/contracts";

export type PropertyRow = {
  propertyKey: string;
  displayName: string;
  propertyType: PropertyTypeCode;
  groupId: number | null;
  mandatory: boolean;
  editable: boolean;
  repeatable: boolean;
};

export type PropertyFlag = "mandatory" | "editable" | "repeatable";
export const PROPERTY_FLAGS: readonly PropertyFlag[] = ["mandatory", "editable", "repeatable"];

export type RowSection = { groupId: number | null; rows: PropertyRow[] };

export function toPropertyRow(property: TypeProperty): PropertyRow {
  const { propertyKey, displayName, propertyType, groupId, mandatory, editable, repeatable } = property;
  return { propertyKey, displayName, propertyType, groupId, mandatory, editable, repeatable };
}

/** Rows grouped into sections; rows keep their relative order inside a section. */
export function sectionsOf(rows: readonly PropertyRow[], groups: readonly PropertyGroup[]): RowSection[] {
  const byGroup = new Map<number | null, PropertyRow[]>();
  for (const row of rows) {
    const section = byGroup.get(row.groupId);
    if (section) section.push(row);
    else byGroup.set(row.groupId, [row]);
  }
  const names = new Map(groups.map((group) => [group.id, group.name]));
  const rank = (groupId: number | null): [number, string, number] => {
    if (groupId === null) return [2, "", 0];
    const name = names.get(groupId);
    // A group missing from the list (still loading) goes after the named ones, in id order.
    return name === undefined ? [1, "", groupId] : [0, name, groupId];
  };
  const compare = (a: number | null, b: number | null) => {
    const [kindA, nameA, idA] = rank(a);
    const [kindB, nameB, idB] = rank(b);
    return kindA - kindB || nameA.localeCompare(nameB) || idA - idB;
  };
  return [...byGroup.entries()].sort(([a], [b]) => compare(a, b)).map(([groupId, sectionRows]) => ({ groupId, rows: sectionRows }));
}

/** The rows in the order the screen shows them. */
export function screenOrder(rows: readonly PropertyRow[], groups: readonly PropertyGroup[]): PropertyRow[] {
  return sectionsOf(rows, groups).flatMap((section) => section.rows);
}

/** Appends a row at the end of its group. */
export function addRow(rows: readonly PropertyRow[], row: PropertyRow, groups: readonly PropertyGroup[]): PropertyRow[] {
  return screenOrder([...rows, row], groups);
}

export function removeRow(rows: readonly PropertyRow[], propertyKey: string): PropertyRow[] {
  return rows.filter((row) => row.propertyKey !== propertyKey);
}

export function setFlag(rows: readonly PropertyRow[], propertyKey: string, flag: PropertyFlag, value: boolean): PropertyRow[] {
  return rows.map((row) => (row.propertyKey === propertyKey ? { ...row, [flag]: value } : row));
}

/** Moves a row to the end of another group (or 'No group'). */
export function moveRowToGroup(
  rows: readonly PropertyRow[],
  propertyKey: string,
  groupId: number | null,
  groups: readonly PropertyGroup[],
): PropertyRow[] {
  const row = rows.find((candidate) => candidate.propertyKey === propertyKey);
  if (!row || row.groupId === groupId) return [...rows];
  return addRow(removeRow(rows, propertyKey), { ...row, groupId }, groups);
}

/**
 * Dragging a row onto a row of another group moves it into that group: before the target when it came from above,
 * after it when it came from below, so a row entering a group arrives at the edge it crossed.
 * Rows of the same group are left alone; `reorderRow` settles them when the drag ends.
 */
export function moveRowOver(rows: readonly PropertyRow[], activeKey: string, overKey: string): PropertyRow[] | null {
  const from = rows.findIndex((row) => row.propertyKey === activeKey);
  const to = rows.findIndex((row) => row.propertyKey === overKey);
  const active = rows[from];
  const over = rows[to];
  if (!active || !over || active.groupId === over.groupId) return null;
  const rest = rows.filter((row) => row.propertyKey !== activeKey);
  const overIndex = rest.indexOf(over);
  const insertAt = from < to ? overIndex : overIndex + 1;
  return [...rest.slice(0, insertAt), { ...active, groupId: over.groupId }, ...rest.slice(insertAt)];
}

/** Puts a row where another row of the same group was (the sortable list's drop). */
export function reorderRow(rows: readonly PropertyRow[], activeKey: string, overKey: string): PropertyRow[] | null {
  const from = rows.findIndex((row) => row.propertyKey === activeKey);
  const to = rows.findIndex((row) => row.propertyKey === overKey);
  const active = rows[from];
  if (!active || from === to || rows[to]?.groupId !== active.groupId) return null;
  const next = [...rows];
  next.splice(from, 1);
  next.splice(to, 0, active);
  return next;
}

/** The API's property list; positions follow the screen order. */
export function toAssignments(rows: readonly PropertyRow[], groups: readonly PropertyGroup[]): TypePropertyAssignment[] {
  return screenOrder(rows, groups).map((row, position) => ({
    propertyKey: row.propertyKey,
    groupId: row.groupId,
    position,
    mandatory: row.mandatory,
    editable: row.editable,
    repeatable: row.repeatable,
  }));
}
