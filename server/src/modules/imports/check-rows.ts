// The rules of a content import, row by row, for the preview (cells read from a file) and for submit (the preview's
// containers sent back): a label as a container's; a container type that exists and that the destination accepts
// (or that may sit at the top level); each property's values as the property validator, term and reference checks
// take them; every mandatory property filled. Problems are collected per row, not thrown, so one pass shows them all.
import {
  type ContainerType,
  ContentLabel,
  type ImportContainer,
  type ImportIssue,
  type Property,
  type PropertyValueInput,
} from "@repox/contracts";
import type { Trx } from "../../platform/db/tenant-transaction.ts";
import { HttpError } from "../../platform/errors.ts";
import type { CheckedContainer } from "../containers/bulk-create.ts";
import type { StoredValue } from "../containers/property-values.repository.ts";
import { checkPropertyValues, type PropertyValueDeps } from "../containers/property-values.ts";
import type { ContainerRow } from "../containers/repository.ts";
import type { ContainersService } from "../containers/service.ts";
import type { ContentModelService } from "../content-model/service.ts";
import { cellEntries } from "./cell-values.ts";
import type { PropertyCell } from "./import-file.ts";

export type CheckDeps = PropertyValueDeps & { contentModel: ContentModelService; containers: ContainersService };

/** A row to check: property entries as sent (submit), or the cells of a file row (preview). */
export type RowInput = { row: number; label: string; type: string; errors?: readonly string[]; warnings?: readonly string[] } & (
  | { properties: readonly PropertyValueInput[] }
  | { cells: readonly PropertyCell[] }
);

export type RowsCheck = {
  containers: ImportContainer[];
  /** What to create when there are no errors, in row order. */
  checked: CheckedContainer[];
  errors: ImportIssue[];
  warnings: ImportIssue[];
};

const nameOf = (property: Property) => property.displayName.trim() || property.propertyKey;
const messageOf = (error: unknown) => {
  if (error instanceof HttpError) return error.message;
  throw error;
};

/** Header text to property: the key as written, else the key in another case. */
function propertyForHeader(type: ContainerType, header: string): Property | undefined {
  return (
    type.properties.find((property) => property.propertyKey === header) ??
    type.properties.find((property) => property.propertyKey.toLowerCase() === header.toLowerCase())
  );
}

/** Cells to entries; cells of columns that are not properties of the row's type are warned about and left out. */
function entriesFromCells(type: ContainerType, cells: readonly PropertyCell[], warnings: string[]): PropertyValueInput[] {
  const byProperty = new Map<Property, string[]>();
  const ignored = new Set<string>();
  for (const cell of cells) {
    const property = propertyForHeader(type, cell.header);
    if (!property) ignored.add(cell.header);
    else byProperty.set(property, [...(byProperty.get(property) ?? []), cell.text]);
  }
  for (const header of ignored) {
    warnings.push(`Column '${header}' is not a property of container type '${type.name}'; its value is ignored`);
  }
  return [...byProperty].flatMap(([property, texts]) => cellEntries(property, texts));
}

export function createRowChecker(trx: Trx, deps: CheckDeps, parent: ContainerRow | null) {
  const model = deps.contentModel.within(trx);
  const containers = deps.containers.within(trx);
  const types = new Map<string, Promise<ContainerType | undefined>>();
  const refusals = new Map<string, Promise<string | null>>();

  const typeOf = (code: string) => {
    const known = types.get(code) ?? model.getContainerType(code);
    types.set(code, known);
    return known;
  };
  /** Why the destination refuses the type, or null; asked once per type. */
  const refusalOf = (type: ContainerType) => {
    const known =
      refusals.get(type.code) ??
      containers.assertAcceptsContainer(parent, type, "created").then(
        () => null,
        (error: unknown) => messageOf(error),
      );
    refusals.set(type.code, known);
    return known;
  };

  /** Each property's entries checked on their own, so every bad value of the row is reported, then mandatory ones. */
  async function checkValues(type: ContainerType, entries: readonly PropertyValueInput[], errors: string[]) {
    const stored: StoredValue[] = [];
    const normalised: PropertyValueInput[] = [];
    const failed = new Set<string>();
    const byKey = new Map(type.properties.map((property) => [property.propertyKey, property]));
    for (const entry of entries) {
      if (!byKey.has(entry.key)) {
        errors.push(`'${entry.key}' is not a property of container type '${type.name}'`);
        failed.add(entry.key);
      }
    }
    for (const property of type.properties) {
      const inputs = entries.filter((entry) => entry.key === property.propertyKey);
      if (inputs.length === 0) continue;
      try {
        const checked = await checkPropertyValues(trx, deps, {
          subject: `container type '${type.code}'`,
          properties: [{ ...property, mandatory: false }],
          inputs,
        });
        stored.push(...checked.rows);
        normalised.push(...checked.rows.map((row) => ({ key: row.property_key, value: JSON.stringify(row.value) })));
      } catch (error) {
        errors.push(messageOf(error));
        failed.add(property.propertyKey);
        normalised.push(...inputs);
      }
    }
    const filled = new Set(stored.map((row) => row.property_key));
    for (const property of type.properties) {
      if (property.mandatory && !filled.has(property.propertyKey) && !failed.has(property.propertyKey)) {
        errors.push(`${nameOf(property)}: is mandatory and has no value`);
      }
    }
    return { stored, normalised };
  }

  return async function checkRow(
    input: RowInput,
  ): Promise<{ container: ImportContainer; errors: string[]; warnings: string[]; checked?: CheckedContainer }> {
    const errors = [...(input.errors ?? [])];
    const warnings = [...(input.warnings ?? [])];
    const label = ContentLabel.safeParse(input.label);
    if (!label.success) errors.push(`label: ${label.error.issues[0]?.message ?? "is not valid"}`);
    const code = input.type.trim().toLowerCase();
    const type = code === "" ? undefined : await typeOf(code);
    const asGiven = { row: input.row, label: input.label, type: input.type };
    const given = "properties" in input ? [...input.properties] : [];
    if (code === "") errors.push("type: is required");
    else if (!type) errors.push(`type: no container type with code '${input.type.trim()}'`);
    if (!type) return { container: { ...asGiven, properties: given }, errors, warnings };

    const refusal = await refusalOf(type);
    if (refusal) errors.push(refusal);
    const entries = "cells" in input ? entriesFromCells(type, input.cells, warnings) : given;
    const { stored, normalised } = await checkValues(type, entries, errors);
    const container = { row: input.row, label: label.success ? label.data : input.label, type: type.code, properties: normalised };
    if (errors.length > 0 || !label.success) return { container, errors, warnings };
    return { container, errors, warnings, checked: { label: label.data, typeId: type.id, values: stored } };
  };
}

/** At most `max` issues, by row; a last one (row 0) counts those left out. */
export function capIssues(issues: readonly ImportIssue[], max: number, noun: string): ImportIssue[] {
  const sorted = [...issues].sort((a, b) => a.row - b.row);
  if (sorted.length <= max) return sorted;
  return [...sorted.slice(0, max), { row: 0, message: `… and ${sorted.length - max} more ${noun}` }];
}

/** Checks every row, in order; every issue is answered (callers cap them with capIssues). */
export async function checkRows(trx: Trx, deps: CheckDeps, parent: ContainerRow | null, inputs: readonly RowInput[]): Promise<RowsCheck> {
  const checkRow = createRowChecker(trx, deps, parent);
  const result: RowsCheck = { containers: [], checked: [], errors: [], warnings: [] };
  for (const input of inputs) {
    const { container, errors, warnings, checked } = await checkRow(input);
    result.containers.push(container);
    if (checked) result.checked.push(checked);
    result.errors.push(...errors.map((message) => ({ row: input.row, message })));
    result.warnings.push(...warnings.map((message) => ({ row: input.row, message })));
  }
  return result;
}
